// UIKit and AppKit conformances: thin adapters, since the binding logic (ImageBinding) is
// generic and tested on Linux with plain classes. Type-checked on Linux against the stand-in
// SDK modules in Tests/AppleStubs by .ci/apple-typecheck.
#if canImport(UIKit) && !os(watchOS)
import UIKit
import Osprey

extension UIImageView: ImageDisplaying {
    /// The image view's `image`. An image whose animation `UIImage` cannot hold (a lazy one, or
    /// one with a finite loop count) shows its first frame, then plays frame by frame — while
    /// the view is in a window, and until the view shows another image (also one the app set
    /// through `image`) or its load is cancelled.
    public var displayedImage: PlatformImage? {
        get { image }
        set {
            image = newValue
            AttachedAnimationAutoplay.imageDidChange(
                on: self, animation: newValue.flatMap(PlatformImageBridge.animationToPlay(in:)),
                currentImage: { view in view.image }, isOnScreen: { view in view.window != nil },
                setFrame: { view, frame in view.image = frame })
        }
    }
}

/// Per-state binding, after SDWebImage's `sd_setImage(with:for:)`: each state (and the image
/// and background image of each) is its own slot of the button, held by the button itself.
extension UIButton {
    /// Binds the button's image for `state` to `url` (see
    /// ``ImageBinding/setImage(with:on:operationKey:placeholder:options:context:manager:setter:progress:completed:)``).
    /// A trailing closure is the completion.
    public func setImage(with url: URL?, for state: UIControl.State, placeholder: PlatformImage? = nil,
                         options: ImageOptions = [], context: ImageContext = .init(),
                         progress: (@Sendable (ImageProgress) -> Void)? = nil,
                         completed: (@MainActor (Result<ImageResult, ImageError>) -> Void)?) {
        ImageBinding.setImage(
            with: url, on: self, operationKey: context.operationKey ?? Self.imageKey(for: state),
            placeholder: placeholder, options: options, context: context,
            setter: { button, image in button.setImage(image.map(Self.original), for: state) },
            progress: progress, completed: completed)
    }

    /// Binds the button's image for `state` to `url`, with no completion.
    public func setImage(with url: URL?, for state: UIControl.State, placeholder: PlatformImage? = nil,
                         options: ImageOptions = [], context: ImageContext = .init()) {
        setImage(with: url, for: state, placeholder: placeholder, options: options, context: context, completed: nil)
    }

    /// Binds the button's background image for `state` to `url`. A trailing closure is the
    /// completion.
    public func setBackgroundImage(with url: URL?, for state: UIControl.State, placeholder: PlatformImage? = nil,
                                   options: ImageOptions = [], context: ImageContext = .init(),
                                   progress: (@Sendable (ImageProgress) -> Void)? = nil,
                                   completed: (@MainActor (Result<ImageResult, ImageError>) -> Void)?) {
        ImageBinding.setImage(
            with: url, on: self, operationKey: context.operationKey ?? Self.backgroundImageKey(for: state),
            placeholder: placeholder, options: options, context: context,
            setter: { button, image in button.setBackgroundImage(image.map(Self.original), for: state) },
            progress: progress, completed: completed)
    }

    /// Binds the button's background image for `state` to `url`, with no completion.
    public func setBackgroundImage(with url: URL?, for state: UIControl.State, placeholder: PlatformImage? = nil,
                                   options: ImageOptions = [], context: ImageContext = .init()) {
        setBackgroundImage(with: url, for: state, placeholder: placeholder, options: options, context: context,
                           completed: nil)
    }

    /// Cancels the load of the image for `state`.
    public func cancelImageLoad(for state: UIControl.State) {
        ImageBinding.cancelImageLoad(on: self, operationKey: Self.imageKey(for: state))
    }

    /// Cancels the load of the background image for `state`.
    public func cancelBackgroundImageLoad(for state: UIControl.State) {
        ImageBinding.cancelImageLoad(on: self, operationKey: Self.backgroundImageKey(for: state))
    }

    /// The URL the image for `state` was last bound to.
    public func imageURL(for state: UIControl.State) -> URL? {
        ImageBinding.imageURL(of: self, operationKey: Self.imageKey(for: state))
    }

    /// The URL the background image for `state` was last bound to.
    public func backgroundImageURL(for state: UIControl.State) -> URL? {
        ImageBinding.imageURL(of: self, operationKey: Self.backgroundImageKey(for: state))
    }

    /// Buttons tint template images (a system button draws every opaque pixel in its tint
    /// colour): a loaded photo must keep its colours.
    private static func original(_ image: UIImage) -> UIImage { image.withRenderingMode(.alwaysOriginal) }

    private static func imageKey(for state: UIControl.State) -> String { "UIButton.image.\(state.rawValue)" }
    private static func backgroundImageKey(for state: UIControl.State) -> String {
        "UIButton.backgroundImage.\(state.rawValue)"
    }
}
#elseif canImport(AppKit)
import AppKit
import Osprey

extension NSImageView: ImageDisplaying {
    /// The image view's `image`. An animated image shows its first frame, then plays frame by
    /// frame (an `NSImage` made from pixels holds one frame) — while the view is in a window,
    /// and until the view shows another image (also one the app set through `image`) or its
    /// load is cancelled.
    public var displayedImage: PlatformImage? {
        get { image }
        set {
            image = newValue
            AttachedAnimationAutoplay.imageDidChange(
                on: self, animation: newValue.flatMap(PlatformImageBridge.animationToPlay(in:)),
                currentImage: { view in view.image }, isOnScreen: { view in view.window != nil },
                setFrame: { view, frame in view.image = frame })
        }
    }
}
#endif
