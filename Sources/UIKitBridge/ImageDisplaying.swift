import Osprey

/// A view (or any main-actor object) that shows one image and can be bound to a URL with
/// `setImage(with:placeholder:options:)`.
///
/// UIKit and AppKit views conform on Apple platforms; on Linux any class can conform, which is
/// how the binding's logic is tested here.
@MainActor
public protocol ImageDisplaying: AnyObject {
    /// The image the view shows now; the binding sets it.
    var displayedImage: PlatformImage? { get set }

    /// Puts a load's final image up with `transition` (only called when
    /// ``ImageTransition/shouldRun(for:options:isFinal:)`` said yes). The default draws it with
    /// the platform's view animation (`UIView.transition`, a layer transition on AppKit); a
    /// ``ImageTransition/custom(duration:animations:)`` transition runs the caller's closure.
    func setDisplayedImage(_ image: PlatformImage?, transition: ImageTransition)
}

extension ImageDisplaying {
    public func setDisplayedImage(_ image: PlatformImage?, transition: ImageTransition) {
        ImageTransitions.perform(transition, on: self, image: image) { [weak self] in self?.displayedImage = image }
    }
}

/// Runs a transition on any bound object: the caller's closure for a custom one, the
/// platform's drawing on a `UIView`/`NSView`, and on anything else (Linux) the plain setter.
@MainActor
public enum ImageTransitions {
    /// Shows `image` on `owner` with `transition`; `set` puts it up without animation.
    public static func perform(_ transition: ImageTransition, on owner: AnyObject, image: PlatformImage?,
                               set: @escaping @MainActor () -> Void) {
        switch transition {
        case .none: set()
        case .custom(_, let animations): animations(owner, image)
        default:
            #if canImport(UIKit) && !os(watchOS) || canImport(AppKit)
            PlatformTransitions.perform(transition, on: owner, set: set)
            #else
            set()
            #endif
        }
    }
}
