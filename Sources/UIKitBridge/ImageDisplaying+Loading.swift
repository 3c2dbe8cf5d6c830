import Foundation
import Osprey

extension ImageDisplaying {
    /// The operation key used when the context names none: one load per view.
    nonisolated static var defaultOperationKey: String { "\(Self.self)" }

    /// Binds the view to `url`: cancels the load this view started before (under the same
    /// ``ImageContext/operationKey``), shows `placeholder` (unless `.delayPlaceholder`),
    /// loads through ``ImageManager/shared`` (the context's `cache` and `loader` override
    /// its parts), sets the image (unless `.avoidAutoSetImage`), then calls `completed`.
    ///
    /// `completed` runs once on the main actor. If the view is re-pointed at another URL
    /// before this load ends, this load's image is never shown and `completed` gets
    /// `.cancelled`.
    public func setImage(with url: URL?, placeholder: PlatformImage? = nil, options: ImageOptions = [],
                         context: ImageContext = .init(),
                         progress: (@Sendable (ImageProgress) -> Void)? = nil,
                         completed: (@MainActor (Result<ImageResult, ImageError>) -> Void)? = nil) {
        setImage(with: url, placeholder: placeholder, options: options, context: context,
                 manager: .shared, progress: progress, completed: completed)
    }

    /// ``setImage(with:placeholder:options:context:progress:completed:)`` through `manager`.
    public func setImage(with url: URL?, placeholder: PlatformImage? = nil, options: ImageOptions = [],
                         context: ImageContext = .init(), manager: ImageManager,
                         progress: (@Sendable (ImageProgress) -> Void)? = nil,
                         completed: (@MainActor (Result<ImageResult, ImageError>) -> Void)? = nil) {
        let registry = ViewLoadRegistry.shared
        let operationKey = context.operationKey ?? Self.defaultOperationKey
        let generation = registry.rebind(self, operationKey: operationKey, url: url)
        if !options.contains(.delayPlaceholder) { displayedImage = placeholder }

        var loadContext = context
        loadContext.callbackQueue = .main
        let box = WeakViewBox(self)
        let operation = manager.loadImage(with: url, options: options, context: loadContext,
                                          progress: progress) { result in
            MainActor.assumeIsolated {
                guard let self = box.view as? Self, registry.isCurrent(self, operationKey: operationKey, generation: generation) else {
                    completed?(.failure(ImageError(.cancelled, url: url)))
                    return
                }
                registry.finished(self, operationKey: operationKey, generation: generation)
                switch result {
                case .success(let image):
                    if !options.contains(.avoidAutoSetImage) { self.displayedImage = image.image }
                case .failure(let error):
                    if options.contains(.delayPlaceholder) && error.code != .cancelled { self.displayedImage = placeholder }
                }
                completed?(result)
            }
        }
        if !operation.isFinished {
            registry.setOperation(operation, for: self, operationKey: operationKey, generation: generation)
        }
    }

    /// Cancels the view's current load (the default operation key); its image is never shown.
    public func cancelCurrentImageLoad() {
        ViewLoadRegistry.shared.cancel(self, operationKey: Self.defaultOperationKey)
    }

    /// The URL of the load in progress or last started (default operation key).
    public var imageURL: URL? {
        ViewLoadRegistry.shared.url(of: self, operationKey: Self.defaultOperationKey)
    }
}

/// Holds the view weakly across the load's `@Sendable` completion (a main-actor class, so it
/// may cross threads; it is only read back on the main actor).
@MainActor
final class WeakViewBox {
    weak var view: (any ImageDisplaying)?
    init(_ view: any ImageDisplaying) { self.view = view }
}
