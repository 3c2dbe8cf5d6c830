// Stand-in for Apple's UIKit, for .ci/apple-typecheck only (never linked; see README.md).
@_exported import Foundation
@_exported import CoreGraphics
@_exported import CoreImage

/// Mirrors `UIKit.UIImage` (`NSObject` subclass; `Sendable` in the SDK since iOS 16 — [sdk: checked, docs UIKit/uiimage.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (an `NSObject` subclass, `Sendable`)]
/// `extension UIImage: @unchecked Sendable`).
open class UIImage: NSObject, @unchecked Sendable {
    /// Mirrors `UIImage.Orientation`. [sdk: checked, docs UIKit/uiimage/orientation.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same cases (raw values 0–7 in declaration order, which the page does not show: UIImage.h is not in the mirrors)]
    public enum Orientation: Int, Sendable {
        /// Mirrors `UIImage.Orientation.up`. [sdk: checked, docs UIKit/uiimage/orientation.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same cases (raw values 0–7 in declaration order, which the page does not show: UIImage.h is not in the mirrors)]
        case up = 0
        /// Mirrors `UIImage.Orientation.down`. [sdk: checked, docs UIKit/uiimage/orientation.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same cases (raw values 0–7 in declaration order, which the page does not show: UIImage.h is not in the mirrors)]
        case down = 1
        /// Mirrors `UIImage.Orientation.left`. [sdk: checked, docs UIKit/uiimage/orientation.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same cases (raw values 0–7 in declaration order, which the page does not show: UIImage.h is not in the mirrors)]
        case left = 2
        /// Mirrors `UIImage.Orientation.right`. [sdk: checked, docs UIKit/uiimage/orientation.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same cases (raw values 0–7 in declaration order, which the page does not show: UIImage.h is not in the mirrors)]
        case right = 3
        /// Mirrors `UIImage.Orientation.upMirrored`. [sdk: checked, docs UIKit/uiimage/orientation.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same cases (raw values 0–7 in declaration order, which the page does not show: UIImage.h is not in the mirrors)]
        case upMirrored = 4
        /// Mirrors `UIImage.Orientation.downMirrored`. [sdk: checked, docs UIKit/uiimage/orientation.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same cases (raw values 0–7 in declaration order, which the page does not show: UIImage.h is not in the mirrors)]
        case downMirrored = 5
        /// Mirrors `UIImage.Orientation.leftMirrored`. [sdk: checked, docs UIKit/uiimage/orientation.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same cases (raw values 0–7 in declaration order, which the page does not show: UIImage.h is not in the mirrors)]
        case leftMirrored = 6
        /// Mirrors `UIImage.Orientation.rightMirrored`. [sdk: checked, docs UIKit/uiimage/orientation.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same cases (raw values 0–7 in declaration order, which the page does not show: UIImage.h is not in the mirrors)]
        case rightMirrored = 7
    }

    /// Mirrors `UIImage.init()`. [sdk: checked, docs UIKit/uiimage.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): inherited `NSObject.init()`]
    public override init() { fatalError() }
    /// Mirrors `UIImage.init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation)`. [sdk: checked, docs UIKit/uiimage/orientation.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same cases (raw values 0–7 in declaration order, which the page does not show: UIImage.h is not in the mirrors)]
    public init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) { fatalError() }

    /// Mirrors `UIImage.cgImage: CGImage?`. [sdk: checked, docs UIKit/uiimage.md (Topics: `var cgImage: CGImage?`, `var images: [UIImage]?`, `var scale: CGFloat`, `var size: CGSize`, `var imageOrientation`, `var duration: TimeInterval`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    open var cgImage: CGImage? { fatalError() }
    /// Mirrors `UIImage.imageOrientation: UIImage.Orientation { get }`. [sdk: checked, docs UIKit/uiimage/orientation.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same cases (raw values 0–7 in declaration order, which the page does not show: UIImage.h is not in the mirrors)]
    open var imageOrientation: UIImage.Orientation { fatalError() }
    /// Mirrors `UIImage.ciImage: CIImage? { get }` (set for images made with `init(ciImage:)`; then `cgImage` is nil). [sdk: checked, docs UIKit/uiimage/ciimage.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (not on watchOS: read behind `canImport(CoreImage)`)]
    open var ciImage: CIImage? { fatalError() }
    /// Mirrors `UIImage.scale: CGFloat`. [sdk: checked, docs UIKit/uiimage.md (Topics: `var cgImage: CGImage?`, `var images: [UIImage]?`, `var scale: CGFloat`, `var size: CGSize`, `var imageOrientation`, `var duration: TimeInterval`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    open var scale: CGFloat { fatalError() }
    /// Mirrors `UIImage.size: CGSize`. [sdk: checked, docs UIKit/uiimage.md (Topics: `var cgImage: CGImage?`, `var images: [UIImage]?`, `var scale: CGFloat`, `var size: CGSize`, `var imageOrientation`, `var duration: TimeInterval`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    open var size: CGSize { fatalError() }
    /// Mirrors `UIImage.images: [UIImage]?`. [sdk: checked, docs UIKit/uiimage.md (Topics: `var cgImage: CGImage?`, `var images: [UIImage]?`, `var scale: CGFloat`, `var size: CGSize`, `var imageOrientation`, `var duration: TimeInterval`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    open var images: [UIImage]? { fatalError() }
    /// Mirrors `UIImage.duration: TimeInterval`. [sdk: checked, docs UIKit/uiimage.md (Topics: `var cgImage: CGImage?`, `var images: [UIImage]?`, `var scale: CGFloat`, `var size: CGSize`, `var imageOrientation`, `var duration: TimeInterval`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    open var duration: TimeInterval { fatalError() }

    /// Mirrors `class func UIImage.animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage?`. [sdk: checked, docs UIKit/uiimage/animatedimage-withduration.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    open class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? { fatalError() }

    /// Mirrors `UIImage.RenderingMode` (an `Int` enum). [sdk: checked, docs UIKit/uiimage/renderingmode-swiftenum.md and uiimage.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    public enum RenderingMode: Int, Sendable {
        /// Mirrors `UIImage.RenderingMode.automatic`. [sdk: checked, docs UIKit/uiimage/renderingmode-swiftenum.md and uiimage.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
        case automatic = 0
        /// Mirrors `UIImage.RenderingMode.alwaysOriginal`. [sdk: checked, docs UIKit/uiimage/renderingmode-swiftenum.md and uiimage.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
        case alwaysOriginal = 1
        /// Mirrors `UIImage.RenderingMode.alwaysTemplate`. [sdk: checked, docs UIKit/uiimage/renderingmode-swiftenum.md and uiimage.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
        case alwaysTemplate = 2
    }

    /// Mirrors `UIImage.withRenderingMode(_ renderingMode: UIImage.RenderingMode) -> UIImage`. [sdk: checked, docs UIKit/uiimage/renderingmode-swiftenum.md and uiimage.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
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

/// Mirrors `UIKit.UIProgressView`. [sdk: checked, docs UIKit/uiprogressview.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor`; `init(progressViewStyle:)` is a convenience init)]
@MainActor
open class UIProgressView: UIView {
    /// Mirrors `UIProgressView.Style` (an `Int` enum). [sdk: checked, docs UIKit/uiprogressview/style.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    public enum Style: Int, Sendable {
        /// Mirrors `UIProgressView.Style.default`. [sdk: checked, docs UIKit/uiprogressview/style.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
        case `default` = 0
        /// Mirrors `UIProgressView.Style.bar`. [sdk: checked, docs UIKit/uiprogressview/style.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
        case bar = 2
    }
    /// Mirrors `UIProgressView.init(progressViewStyle style: UIProgressView.Style)`. [sdk: checked, docs UIKit/uiprogressview/style.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    public init(progressViewStyle style: UIProgressView.Style) { fatalError() }
    /// Mirrors `UIProgressView.progress: Float`. [sdk: checked, docs UIKit/uiprogressview.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor`; `init(progressViewStyle:)` is a convenience init)]
    open var progress: Float
    /// Mirrors `UIProgressView.setProgress(_ progress: Float, animated: Bool)`. [sdk: checked, docs UIKit/uiprogressview.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor`; `init(progressViewStyle:)` is a convenience init)]
    open func setProgress(_ progress: Float, animated: Bool) { fatalError() }
}

/// Mirrors `UIKit.UIImageView`. [sdk: checked, docs UIKit/uiimageview/image.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor var image: UIImage? { get set }`)]
@MainActor
open class UIImageView: UIView {
    /// Mirrors `UIImageView.image: UIImage?`. [sdk: checked, docs UIKit/uiimageview/image.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor var image: UIImage? { get set }`)]
    open var image: UIImage?
}

/// Mirrors `UIKit.UIControl`. [sdk: unchecked: uicontrol.md not read (its nested `State` was)]
@MainActor
open class UIControl: UIView {
    /// Mirrors `UIControl.State` (an `OptionSet` over `UInt`). [sdk: checked, docs UIKit/uicontrol/state-swiftstruct.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`OptionSet`, `init(rawValue: UInt)`)]
    public struct State: OptionSet, Sendable, Hashable {
        /// Mirrors `UIControl.State.rawValue`. [sdk: checked, docs UIKit/uicontrol/state-swiftstruct.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`OptionSet`, `init(rawValue: UInt)`)]
        public let rawValue: UInt
        /// Mirrors `UIControl.State.init(rawValue:)`. [sdk: checked, docs UIKit/uicontrol/state-swiftstruct.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`OptionSet`, `init(rawValue: UInt)`)]
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Mirrors `UIControl.State.normal`. [sdk: checked, docs UIKit/uicontrol/state-swiftstruct.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`OptionSet`, `init(rawValue: UInt)`)]
        public static let normal = State([])
        /// Mirrors `UIControl.State.highlighted`. [sdk: checked, docs UIKit/uicontrol/state-swiftstruct.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`OptionSet`, `init(rawValue: UInt)`)]
        public static let highlighted = State(rawValue: 1 << 0)
    }
}

/// Mirrors `UIKit.UIButton`. [sdk: checked, docs UIKit/uibutton/setimage-for.md (and its See Also: `image(for:)`, `backgroundImage(for:)`, `setBackgroundImage(_:for:)`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor`)]
@MainActor
open class UIButton: UIControl {
    /// Mirrors `UIButton.image(for state: UIControl.State) -> UIImage?`. [sdk: checked, docs UIKit/uicontrol/state-swiftstruct.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`OptionSet`, `init(rawValue: UInt)`)]
    open func image(for state: UIControl.State) -> UIImage? { fatalError() }
    /// Mirrors `UIButton.setImage(_ image: UIImage?, for state: UIControl.State)`. [sdk: checked, docs UIKit/uicontrol/state-swiftstruct.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`OptionSet`, `init(rawValue: UInt)`)]
    open func setImage(_ image: UIImage?, for state: UIControl.State) { fatalError() }
    /// Mirrors `UIButton.backgroundImage(for state: UIControl.State) -> UIImage?`. [sdk: checked, docs UIKit/uicontrol/state-swiftstruct.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`OptionSet`, `init(rawValue: UInt)`)]
    open func backgroundImage(for state: UIControl.State) -> UIImage? { fatalError() }
    /// Mirrors `UIButton.setBackgroundImage(_ image: UIImage?, for state: UIControl.State)`. [sdk: checked, docs UIKit/uicontrol/state-swiftstruct.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`OptionSet`, `init(rawValue: UInt)`)]
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) { fatalError() }
}

// MARK: - Dispatch's memory-pressure source (Darwin-only in libdispatch's Swift overlay, absent
// from Linux's Dispatch, so declared here for the Apple passes of the check)

extension DispatchSource {
    /// Mirrors `DispatchSource.MemoryPressureEvent` (`OptionSet`, `UInt` raw value). [sdk: unchecked: from swift-corelibs-libdispatch src/swift/Source.swift, whose declaration is `#if HAVE_MACH`; not compared with the SDK's Dispatch.swiftinterface]
    public struct MemoryPressureEvent: OptionSet, Sendable {
        /// Mirrors `MemoryPressureEvent.rawValue: UInt`. [sdk: unchecked: as above]
        public let rawValue: UInt
        /// Mirrors `MemoryPressureEvent.init(rawValue: UInt)`. [sdk: unchecked: as above]
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Mirrors `MemoryPressureEvent.warning`. [sdk: unchecked: as above]
        public static let warning = MemoryPressureEvent(rawValue: 0x02)
        /// Mirrors `MemoryPressureEvent.critical`. [sdk: unchecked: as above]
        public static let critical = MemoryPressureEvent(rawValue: 0x04)
    }

    /// Mirrors `class func DispatchSource.makeMemoryPressureSource(eventMask: DispatchSource.MemoryPressureEvent, queue: DispatchQueue? = nil) -> DispatchSourceMemoryPressure`. [sdk: unchecked: as above]
    public static func makeMemoryPressureSource(eventMask: MemoryPressureEvent,
                                                queue: DispatchQueue? = nil) -> any DispatchSourceMemoryPressure {
        fatalError()
    }
}

/// Mirrors `protocol DispatchSourceMemoryPressure: DispatchSourceProtocol`. [sdk: unchecked: as above]
public protocol DispatchSourceMemoryPressure: DispatchSourceProtocol {
    /// Mirrors `DispatchSourceMemoryPressure.data: DispatchSource.MemoryPressureEvent { get }`. [sdk: unchecked: as above]
    var data: DispatchSource.MemoryPressureEvent { get }
}

/// Mirrors `UIKit.UIApplication` (`@MainActor`; here only the notification names Osprey observes). [sdk: unchecked: docs UIKit/uiapplication.md not read for this declaration]
@MainActor
open class UIApplication: NSObject {
    /// Mirrors `class let UIApplication.didReceiveMemoryWarningNotification: NSNotification.Name` (`nonisolated`). [sdk: unchecked: as above]
    nonisolated public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
    /// Mirrors `class let UIApplication.didEnterBackgroundNotification: NSNotification.Name` (`nonisolated`). [sdk: unchecked: as above]
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
}
