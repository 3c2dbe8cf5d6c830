import Foundation
import Osprey

/// Where an ``ImageLoadingModel`` is.
public enum ImageLoadingState: Sendable {
    /// Nothing loaded or loading (never started, or cancelled).
    case idle
    /// Loading: how far (``ImageProgress``, nil before the first report) and the latest
    /// progressive partial image (nil without ``ImageOptions/progressiveLoad``).
    case loading(progress: ImageProgress?, partialImage: PlatformImage?)
    /// Loaded.
    case success(ImageResult)
    /// Failed (a cancellation from outside the model also ends here, with `.cancelled`).
    case failure(ImageError)

    /// Whether a load is under way.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }
}

/// What a view shows for a state: ``ImageLoadingModel/phase``. The SwiftUI view's phases
/// mirror it with SwiftUI images.
public enum ImageLoadPhase: Sendable {
    /// No image yet: the fraction loaded (nil when unknown) and the latest partial image.
    case empty(progress: Double?, partialImage: PlatformImage?)
    /// The image to show now (the current frame of an animation).
    case success(PlatformImage)
    /// The load failed.
    case failure(ImageError)
}

/// What a view does with its load when it leaves the screen.
public enum DisappearBehavior: Sendable, Equatable {
    /// Cancel it; coming back starts it again.
    case cancel
    /// Let it wait behind the others (``LoadPriority/low``); coming back restores its priority.
    case lowerPriority
    /// Leave it as it is.
    case keep
}
