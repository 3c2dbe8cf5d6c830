// UIKit and AppKit conformances: thin adapters, since the binding logic above is generic and
// tested on Linux with plain classes.
#if canImport(UIKit) && !os(watchOS)
import UIKit
import Osprey

extension UIImageView: ImageDisplaying {
    /// The image view's `image`.
    public var displayedImage: PlatformImage? {
        get { image }
        set { image = newValue }
    }
}

/// A button's image for one control state, bindable with `setImage(with:)`.
@MainActor
public final class ButtonImageTarget: ImageDisplaying {
    /// The button whose image is set.
    public weak var button: UIButton?
    /// The control state the image is for.
    public let state: UIControl.State
    /// Whether the background image is set instead of the foreground image.
    public let isBackground: Bool

    /// Binds `button`'s image (or background image) for `state`.
    public init(button: UIButton, state: UIControl.State = .normal, background: Bool = false) {
        self.button = button
        self.state = state
        self.isBackground = background
    }

    /// The button's image for the state.
    public var displayedImage: PlatformImage? {
        get { isBackground ? button?.backgroundImage(for: state) : button?.image(for: state) }
        set {
            if isBackground { button?.setBackgroundImage(newValue, for: state) } else { button?.setImage(newValue, for: state) }
        }
    }
}
#elseif canImport(AppKit)
import AppKit
import Osprey

extension NSImageView: ImageDisplaying {
    /// The image view's `image`.
    public var displayedImage: PlatformImage? {
        get { image }
        set { image = newValue }
    }
}
#endif
