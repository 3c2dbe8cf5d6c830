// Stand-in for Apple's UIKit, for .ci/apple-typecheck only (never linked; see README.md).
@_exported import Foundation
@_exported import CoreGraphics

/// Mirrors `UIKit.UIImage` (`NSObject` subclass; `Sendable` in the SDK since iOS 16 —
/// `extension UIImage: @unchecked Sendable`).
open class UIImage: NSObject, @unchecked Sendable {
    /// Mirrors `UIImage.Orientation`.
    public enum Orientation: Int, Sendable {
        /// Mirrors `UIImage.Orientation.up`.
        case up = 0
    }

    /// Mirrors `UIImage.init()`.
    public override init() { fatalError() }
    /// Mirrors `UIImage.init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation)`.
    public init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) { fatalError() }

    /// Mirrors `UIImage.cgImage: CGImage?`.
    open var cgImage: CGImage? { fatalError() }
    /// Mirrors `UIImage.scale: CGFloat`.
    open var scale: CGFloat { fatalError() }
    /// Mirrors `UIImage.size: CGSize`.
    open var size: CGSize { fatalError() }
    /// Mirrors `UIImage.images: [UIImage]?`.
    open var images: [UIImage]? { fatalError() }
    /// Mirrors `UIImage.duration: TimeInterval`.
    open var duration: TimeInterval { fatalError() }

    /// Mirrors `class func UIImage.animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage?`.
    open class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? { fatalError() }

    /// Mirrors `UIImage.RenderingMode` (an `Int` enum).
    public enum RenderingMode: Int, Sendable {
        /// Mirrors `UIImage.RenderingMode.automatic`.
        case automatic = 0
        /// Mirrors `UIImage.RenderingMode.alwaysOriginal`.
        case alwaysOriginal = 1
        /// Mirrors `UIImage.RenderingMode.alwaysTemplate`.
        case alwaysTemplate = 2
    }

    /// Mirrors `UIImage.withRenderingMode(_ renderingMode: UIImage.RenderingMode) -> UIImage`.
    open func withRenderingMode(_ renderingMode: UIImage.RenderingMode) -> UIImage { fatalError() }
}

/// Mirrors `UIKit.UIView` (`@MainActor`, via `UIResponder`).
@MainActor
open class UIView: NSObject {
    /// Mirrors `UIView.AutoresizingMask` (an `OptionSet` over `UInt`).
    public struct AutoresizingMask: OptionSet, Sendable {
        /// Mirrors `UIView.AutoresizingMask.rawValue`.
        public let rawValue: UInt
        /// Mirrors `UIView.AutoresizingMask.init(rawValue:)`.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Mirrors `UIView.AutoresizingMask.flexibleLeftMargin`.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// Mirrors `UIView.AutoresizingMask.flexibleWidth`.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// Mirrors `UIView.AutoresizingMask.flexibleRightMargin`.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// Mirrors `UIView.AutoresizingMask.flexibleTopMargin`.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// Mirrors `UIView.AutoresizingMask.flexibleBottomMargin`.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Mirrors `UIView.AnimationOptions` (an `OptionSet` over `UInt`).
    public struct AnimationOptions: OptionSet, Sendable {
        /// Mirrors `UIView.AnimationOptions.rawValue`.
        public let rawValue: UInt
        /// Mirrors `UIView.AnimationOptions.init(rawValue:)`.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Mirrors `UIView.AnimationOptions.allowUserInteraction`.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Mirrors `UIView.AnimationOptions.transitionFlipFromLeft`.
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// Mirrors `UIView.AnimationOptions.transitionFlipFromRight`.
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// Mirrors `UIView.AnimationOptions.transitionCurlUp`.
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// Mirrors `UIView.AnimationOptions.transitionCurlDown`.
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// Mirrors `UIView.AnimationOptions.transitionCrossDissolve`.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// Mirrors `UIView.AnimationOptions.transitionFlipFromTop`.
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// Mirrors `UIView.AnimationOptions.transitionFlipFromBottom`.
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
    }

    /// Mirrors `UIView.init(frame: CGRect)`.
    public init(frame: CGRect) { fatalError() }
    /// Mirrors `UIView.frame: CGRect`.
    open var frame: CGRect
    /// Mirrors `UIView.bounds: CGRect`.
    open var bounds: CGRect
    /// Mirrors `UIView.center: CGPoint`.
    open var center: CGPoint
    /// Mirrors `UIView.autoresizingMask: UIView.AutoresizingMask`.
    open var autoresizingMask: UIView.AutoresizingMask
    /// Mirrors `UIView.window: UIWindow? { get }`.
    open var window: UIWindow? { fatalError() }
    /// Mirrors `UIView.addSubview(_ view: UIView)`.
    open func addSubview(_ view: UIView) { fatalError() }
    /// Mirrors `UIView.removeFromSuperview()`.
    open func removeFromSuperview() { fatalError() }

    /// Mirrors `class func UIView.transition(with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [], animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil)`.
    open class func transition(with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
                               animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) { fatalError() }
}

/// Mirrors `UIKit.UIWindow`.
@MainActor
open class UIWindow: UIView {}

/// Mirrors `UIKit.UIActivityIndicatorView`.
@MainActor
open class UIActivityIndicatorView: UIView {
    /// Mirrors `UIActivityIndicatorView.Style` (an `Int` enum).
    public enum Style: Int, Sendable {
        /// Mirrors `UIActivityIndicatorView.Style.medium`.
        case medium = 100
        /// Mirrors `UIActivityIndicatorView.Style.large`.
        case large = 101
    }
    /// Mirrors `UIActivityIndicatorView.init(style: UIActivityIndicatorView.Style)`.
    public init(style: UIActivityIndicatorView.Style) { fatalError() }
    /// Mirrors `UIActivityIndicatorView.hidesWhenStopped: Bool`.
    open var hidesWhenStopped: Bool
    /// Mirrors `UIActivityIndicatorView.startAnimating()`.
    open func startAnimating() { fatalError() }
    /// Mirrors `UIActivityIndicatorView.stopAnimating()`.
    open func stopAnimating() { fatalError() }
}

/// Mirrors `UIKit.UIProgressView`.
@MainActor
open class UIProgressView: UIView {
    /// Mirrors `UIProgressView.Style` (an `Int` enum).
    public enum Style: Int, Sendable {
        /// Mirrors `UIProgressView.Style.default`.
        case `default` = 0
        /// Mirrors `UIProgressView.Style.bar`.
        case bar = 2
    }
    /// Mirrors `UIProgressView.init(progressViewStyle style: UIProgressView.Style)`.
    public init(progressViewStyle style: UIProgressView.Style) { fatalError() }
    /// Mirrors `UIProgressView.progress: Float`.
    open var progress: Float
    /// Mirrors `UIProgressView.setProgress(_ progress: Float, animated: Bool)`.
    open func setProgress(_ progress: Float, animated: Bool) { fatalError() }
}

/// Mirrors `UIKit.UIImageView`.
@MainActor
open class UIImageView: UIView {
    /// Mirrors `UIImageView.image: UIImage?`.
    open var image: UIImage?
}

/// Mirrors `UIKit.UIControl`.
@MainActor
open class UIControl: UIView {
    /// Mirrors `UIControl.State` (an `OptionSet` over `UInt`).
    public struct State: OptionSet, Sendable, Hashable {
        /// Mirrors `UIControl.State.rawValue`.
        public let rawValue: UInt
        /// Mirrors `UIControl.State.init(rawValue:)`.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Mirrors `UIControl.State.normal`.
        public static let normal = State([])
        /// Mirrors `UIControl.State.highlighted`.
        public static let highlighted = State(rawValue: 1 << 0)
    }
}

/// Mirrors `UIKit.UIButton`.
@MainActor
open class UIButton: UIControl {
    /// Mirrors `UIButton.image(for state: UIControl.State) -> UIImage?`.
    open func image(for state: UIControl.State) -> UIImage? { fatalError() }
    /// Mirrors `UIButton.setImage(_ image: UIImage?, for state: UIControl.State)`.
    open func setImage(_ image: UIImage?, for state: UIControl.State) { fatalError() }
    /// Mirrors `UIButton.backgroundImage(for state: UIControl.State) -> UIImage?`.
    open func backgroundImage(for state: UIControl.State) -> UIImage? { fatalError() }
    /// Mirrors `UIButton.setBackgroundImage(_ image: UIImage?, for state: UIControl.State)`.
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) { fatalError() }
}
