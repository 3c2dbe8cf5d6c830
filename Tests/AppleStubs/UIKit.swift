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
}

/// Mirrors `UIKit.UIView` (`@MainActor`, via `UIResponder`).
@MainActor
open class UIView: NSObject {}

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
