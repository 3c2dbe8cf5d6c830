// The observable face of ImageLoadingModel for SwiftUI: the only platform part of the
// loading model (the state machine itself is generic and tested on Linux). Type-checked
// against the stand-ins in Tests/AppleStubs by .ci/apple-typecheck.
#if canImport(SwiftUI) && canImport(Combine)
import Combine
import Osprey

/// An ``ImageLoadingModel`` SwiftUI observes: every change of the model's state or animation
/// frame republishes (``revision``), so a view reading ``model`` redraws.
@MainActor
public final class ObservableImageLoader: ObservableObject {
    /// The state machine.
    public let model: ImageLoadingModel
    /// Bumped by every change of the model.
    @Published public private(set) var revision = 0

    /// Observes `model` (a fresh model over the shared manager by default).
    public init(model: ImageLoadingModel? = nil) {
        self.model = model ?? ImageLoadingModel()
        self.model.onChange = { [weak self] in self?.revision &+= 1 }
    }
}
#endif
