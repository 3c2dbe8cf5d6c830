import Foundation

/// How a view brings in an image its load delivered (after `SDWebImageTransition`): set in
/// ``ImageContext/transition``. Applied only where ``ImageTransition/shouldRun(for:options:isFinal:)``
/// says so; the views draw it (UIKit through `UIView.transition`, AppKit through a fade).
public enum ImageTransition: Sendable {
    /// Set the image at once.
    case none
    /// Cross-dissolve over `duration` seconds.
    case fade(duration: Double)
    /// Flip in from the left edge.
    case flipFromLeft(duration: Double)
    /// Flip in from the right edge.
    case flipFromRight(duration: Double)
    /// Flip in from the top edge.
    case flipFromTop(duration: Double)
    /// Flip in from the bottom edge.
    case flipFromBottom(duration: Double)
    /// Page curl up.
    case curlUp(duration: Double)
    /// Page curl down.
    case curlDown(duration: Double)
    /// The caller's own animation: `animations(view, image)` must put `image` on `view` itself.
    case custom(duration: Double, animations: @MainActor @Sendable (_ view: AnyObject, _ image: PlatformImage?) -> Void)

    /// Seconds the transition lasts (0 for ``none``).
    public var duration: Double {
        switch self {
        case .none: 0
        case .fade(let duration), .flipFromLeft(let duration), .flipFromRight(let duration),
             .flipFromTop(let duration), .flipFromBottom(let duration), .curlUp(let duration),
             .curlDown(let duration), .custom(let duration, _):
            duration
        }
    }

    /// Whether a transition runs for a load's image (SDWebImage's rule): never for a partial
    /// image or with ``none``; always with ``ImageOptions/forceTransition``; otherwise for an
    /// image from the network, or from disk when that query was asynchronous — an image
    /// answered synchronously (memory, or a synchronous disk query) was on screen at once and
    /// would only flicker.
    public func shouldRun(for cacheType: ImageCacheType, options: ImageOptions, isFinal: Bool = true) -> Bool {
        if case .none = self { return false }
        guard isFinal else { return false }
        if options.contains(.forceTransition) { return true }
        switch cacheType {
        case .none: return true
        case .disk: return !options.contains(.queryDiskDataSync) && !options.contains(.queryMemoryDataSync)
        case .memory, .all: return false
        }
    }
}
