// Stand-in for Apple's UIKit, for .ci/apple-typecheck only (never linked; see README.md).
@_exported import Foundation
@_exported import CoreGraphics

/// Mirrors `UIKit.UIImage` (`NSObject` subclass; `Sendable` in the SDK since iOS 16 — [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
/// `extension UIImage: @unchecked Sendable`).
open class UIImage: NSObject, @unchecked Sendable {
    /// Mirrors `UIImage.Orientation`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    public enum Orientation: Int, Sendable {
        /// Mirrors `UIImage.Orientation.up`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
        case up = 0
    }

    /// Mirrors `UIImage.init()`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    public override init() { fatalError() }
    /// Mirrors `UIImage.init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation)`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    public init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) { fatalError() }

    /// Mirrors `UIImage.cgImage: CGImage?`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    open var cgImage: CGImage? { fatalError() }
    /// Mirrors `UIImage.scale: CGFloat`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    open var scale: CGFloat { fatalError() }
    /// Mirrors `UIImage.size: CGSize`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    open var size: CGSize { fatalError() }
    /// Mirrors `UIImage.images: [UIImage]?`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    open var images: [UIImage]? { fatalError() }
    /// Mirrors `UIImage.duration: TimeInterval`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    open var duration: TimeInterval { fatalError() }

    /// Mirrors `class func UIImage.animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage?`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    open class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? { fatalError() }

    /// Mirrors `UIImage.RenderingMode` (an `Int` enum). [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    public enum RenderingMode: Int, Sendable {
        /// Mirrors `UIImage.RenderingMode.automatic`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
        case automatic = 0
        /// Mirrors `UIImage.RenderingMode.alwaysOriginal`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
        case alwaysOriginal = 1
        /// Mirrors `UIImage.RenderingMode.alwaysTemplate`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
        case alwaysTemplate = 2
    }

    /// Mirrors `UIImage.withRenderingMode(_ renderingMode: UIImage.RenderingMode) -> UIImage`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    open func withRenderingMode(_ renderingMode: UIImage.RenderingMode) -> UIImage { fatalError() }
}

/// Mirrors `UIKit.UIView` (`@MainActor`, via `UIResponder`). [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
@MainActor
open class UIView: NSObject {
    /// Mirrors `UIView.AutoresizingMask` (an `OptionSet` over `UInt`). [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    public struct AutoresizingMask: OptionSet, Sendable {
        /// Mirrors `UIView.AutoresizingMask.rawValue`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public let rawValue: UInt
        /// Mirrors `UIView.AutoresizingMask.init(rawValue:)`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Mirrors `UIView.AutoresizingMask.flexibleLeftMargin`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// Mirrors `UIView.AutoresizingMask.flexibleWidth`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// Mirrors `UIView.AutoresizingMask.flexibleRightMargin`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// Mirrors `UIView.AutoresizingMask.flexibleTopMargin`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// Mirrors `UIView.AutoresizingMask.flexibleBottomMargin`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Mirrors `UIView.AnimationOptions` (an `OptionSet` over `UInt`). [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    public struct AnimationOptions: OptionSet, Sendable {
        /// Mirrors `UIView.AnimationOptions.rawValue`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public let rawValue: UInt
        /// Mirrors `UIView.AnimationOptions.init(rawValue:)`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Mirrors `UIView.AnimationOptions.allowUserInteraction`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Mirrors `UIView.AnimationOptions.transitionFlipFromLeft`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// Mirrors `UIView.AnimationOptions.transitionFlipFromRight`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// Mirrors `UIView.AnimationOptions.transitionCurlUp`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// Mirrors `UIView.AnimationOptions.transitionCurlDown`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// Mirrors `UIView.AnimationOptions.transitionCrossDissolve`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// Mirrors `UIView.AnimationOptions.transitionFlipFromTop`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// Mirrors `UIView.AnimationOptions.transitionFlipFromBottom`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
    }

    /// Mirrors `UIView.init(frame: CGRect)`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    public init(frame: CGRect) { fatalError() }
    /// Mirrors `UIView.frame: CGRect`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    open var frame: CGRect
    /// Mirrors `UIView.bounds: CGRect`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    open var bounds: CGRect
    /// Mirrors `UIView.center: CGPoint`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    open var center: CGPoint
    /// Mirrors `UIView.autoresizingMask: UIView.AutoresizingMask`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    open var autoresizingMask: UIView.AutoresizingMask
    /// Mirrors `UIView.window: UIWindow? { get }`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs) (`window` is `UIWindow?`, read-only): same]
    open var window: UIWindow? { fatalError() }
    /// Mirrors `UIView.addSubview(_ view: UIView)`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    open func addSubview(_ view: UIView) { fatalError() }
    /// Mirrors `UIView.removeFromSuperview()`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    open func removeFromSuperview() { fatalError() }

    /// Mirrors `class func UIView.transition(with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [], animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil)`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    open class func transition(with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
                               animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) { fatalError() }
}

/// Mirrors `UIKit.UIWindow`. [sdk: checked, UIKit/UIView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs) (`window` is `UIWindow?`, read-only): same]
@MainActor
open class UIWindow: UIView {}

/// Mirrors `UIKit.UIActivityIndicatorView`. [sdk: checked, UIKit/UIActivityIndicatorView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
@MainActor
open class UIActivityIndicatorView: UIView {
    /// Mirrors `UIActivityIndicatorView.Style` (an `Int` enum). [sdk: checked, UIKit/UIActivityIndicatorView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    public enum Style: Int, Sendable {
        /// Mirrors `UIActivityIndicatorView.Style.medium`. [sdk: checked, UIKit/UIActivityIndicatorView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        case medium = 100
        /// Mirrors `UIActivityIndicatorView.Style.large`. [sdk: checked, UIKit/UIActivityIndicatorView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
        case large = 101
    }
    /// Mirrors `UIActivityIndicatorView.init(style: UIActivityIndicatorView.Style)`. [sdk: checked, UIKit/UIActivityIndicatorView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    public init(style: UIActivityIndicatorView.Style) { fatalError() }
    /// Mirrors `UIActivityIndicatorView.hidesWhenStopped: Bool`. [sdk: checked, UIKit/UIActivityIndicatorView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    open var hidesWhenStopped: Bool
    /// Mirrors `UIActivityIndicatorView.startAnimating()`. [sdk: checked, UIKit/UIActivityIndicatorView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    open func startAnimating() { fatalError() }
    /// Mirrors `UIActivityIndicatorView.stopAnimating()`. [sdk: checked, UIKit/UIActivityIndicatorView.h of iPhoneOS17.0.sdk (xybp888/iOS-SDKs): same]
    open func stopAnimating() { fatalError() }
}

/// Mirrors `UIKit.UIProgressView`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
@MainActor
open class UIProgressView: UIView {
    /// Mirrors `UIProgressView.Style` (an `Int` enum). [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    public enum Style: Int, Sendable {
        /// Mirrors `UIProgressView.Style.default`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
        case `default` = 0
        /// Mirrors `UIProgressView.Style.bar`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
        case bar = 2
    }
    /// Mirrors `UIProgressView.init(progressViewStyle style: UIProgressView.Style)`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    public init(progressViewStyle style: UIProgressView.Style) { fatalError() }
    /// Mirrors `UIProgressView.progress: Float`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    open var progress: Float
    /// Mirrors `UIProgressView.setProgress(_ progress: Float, animated: Bool)`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    open func setProgress(_ progress: Float, animated: Bool) { fatalError() }
}

/// Mirrors `UIKit.UIImageView`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
@MainActor
open class UIImageView: UIView {
    /// Mirrors `UIImageView.image: UIImage?`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    open var image: UIImage?
}

/// Mirrors `UIKit.UIControl`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
@MainActor
open class UIControl: UIView {
    /// Mirrors `UIControl.State` (an `OptionSet` over `UInt`). [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    public struct State: OptionSet, Sendable, Hashable {
        /// Mirrors `UIControl.State.rawValue`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
        public let rawValue: UInt
        /// Mirrors `UIControl.State.init(rawValue:)`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Mirrors `UIControl.State.normal`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
        public static let normal = State([])
        /// Mirrors `UIControl.State.highlighted`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
        public static let highlighted = State(rawValue: 1 << 0)
    }
}

/// Mirrors `UIKit.UIButton`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
@MainActor
open class UIButton: UIControl {
    /// Mirrors `UIButton.image(for state: UIControl.State) -> UIImage?`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    open func image(for state: UIControl.State) -> UIImage? { fatalError() }
    /// Mirrors `UIButton.setImage(_ image: UIImage?, for state: UIControl.State)`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    open func setImage(_ image: UIImage?, for state: UIControl.State) { fatalError() }
    /// Mirrors `UIButton.backgroundImage(for state: UIControl.State) -> UIImage?`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    open func backgroundImage(for state: UIControl.State) -> UIImage? { fatalError() }
    /// Mirrors `UIButton.setBackgroundImage(_ image: UIImage?, for state: UIControl.State)`. [sdk: unchecked: no stored mirror holds it (the stored iPhoneOS17.0.sdk (xybp888/iOS-SDKs) has 53 of UIKit's headers, not UIImage.h, UIImageView.h, UIControl.h, UIButton.h or UIProgressView.h)]
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) { fatalError() }
}
