// Stand-in for Apple's AppKit, for .ci/apple-typecheck only (never linked; see README.md).
@_exported import Foundation
@_exported import CoreGraphics
@_exported import QuartzCore

/// Mirrors `AppKit.NSGraphicsContext`.
open class NSGraphicsContext: NSObject {}

/// Mirrors `AppKit.NSImageRep`.
open class NSImageRep: NSObject {
    /// Mirrors `NSImageRep.HintKey`.
    public struct HintKey: Hashable, Sendable {
        /// Mirrors `NSImageRep.HintKey.rawValue`.
        public let rawValue: String
        /// Mirrors `NSImageRep.HintKey.init(rawValue:)`.
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

/// Mirrors `AppKit.NSImage` (`Sendable` in the SDK since macOS 14 —
/// `extension NSImage: @unchecked Sendable`).
open class NSImage: NSObject, @unchecked Sendable {
    /// Mirrors `NSImage.init()`.
    public override init() { fatalError() }
    /// Mirrors `NSImage.init(size: NSSize)`.
    public init(size: NSSize) { fatalError() }
    /// Mirrors `NSImage.init(cgImage: CGImage, size: NSSize)`.
    public init(cgImage: CGImage, size: NSSize) { fatalError() }

    /// Mirrors `NSImage.size: NSSize`.
    open var size: NSSize { fatalError() }

    /// Mirrors `NSImage.cgImage(forProposedRect:context:hints:) -> CGImage?`.
    open func cgImage(forProposedRect proposedDestRect: UnsafeMutablePointer<NSRect>?,
                      context referenceContext: NSGraphicsContext?,
                      hints: [NSImageRep.HintKey: Any]?) -> CGImage? { fatalError() }
}

/// Mirrors `AppKit.NSView` (`@MainActor`, via `NSResponder`).
@MainActor
open class NSView: NSObject {
    /// Mirrors `NSView.AutoresizingMask` (an `OptionSet` over `UInt`).
    public struct AutoresizingMask: OptionSet, Sendable {
        /// Mirrors `NSView.AutoresizingMask.rawValue`.
        public let rawValue: UInt
        /// Mirrors `NSView.AutoresizingMask.init(rawValue:)`.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Mirrors `NSView.AutoresizingMask.minXMargin`.
        public static let minXMargin = AutoresizingMask(rawValue: 1)
        /// Mirrors `NSView.AutoresizingMask.width`.
        public static let width = AutoresizingMask(rawValue: 2)
        /// Mirrors `NSView.AutoresizingMask.maxXMargin`.
        public static let maxXMargin = AutoresizingMask(rawValue: 4)
        /// Mirrors `NSView.AutoresizingMask.minYMargin`.
        public static let minYMargin = AutoresizingMask(rawValue: 8)
        /// Mirrors `NSView.AutoresizingMask.maxYMargin`.
        public static let maxYMargin = AutoresizingMask(rawValue: 32)
    }

    /// Mirrors `NSView.init(frame frameRect: NSRect)`.
    public init(frame frameRect: NSRect) { fatalError() }
    /// Mirrors `NSView.frame: NSRect`.
    open var frame: NSRect
    /// Mirrors `NSView.bounds: NSRect`.
    open var bounds: NSRect
    /// Mirrors `NSView.autoresizingMask: NSView.AutoresizingMask`.
    open var autoresizingMask: NSView.AutoresizingMask
    /// Mirrors `NSView.window: NSWindow? { get }`.
    open var window: NSWindow? { fatalError() }
    /// Mirrors `NSView.wantsLayer: Bool`.
    open var wantsLayer: Bool
    /// Mirrors `NSView.layer: CALayer?`.
    open var layer: CALayer?
    /// Mirrors `NSView.addSubview(_ view: NSView)`.
    open func addSubview(_ view: NSView) { fatalError() }
    /// Mirrors `NSView.removeFromSuperview()`.
    open func removeFromSuperview() { fatalError() }
}

/// Mirrors `AppKit.NSWindow` (`@MainActor`, via `NSResponder`).
@MainActor
open class NSWindow: NSObject {}

/// Mirrors `AppKit.NSProgressIndicator`.
@MainActor
open class NSProgressIndicator: NSView {
    /// Mirrors `NSProgressIndicator.Style` (a `UInt` enum).
    public enum Style: UInt, Sendable {
        /// Mirrors `NSProgressIndicator.Style.bar`.
        case bar = 0
        /// Mirrors `NSProgressIndicator.Style.spinning`.
        case spinning = 1
    }
    /// Mirrors `NSProgressIndicator.init()` (`NSView.init()`, frame zero).
    public init() { fatalError() }
    /// Mirrors `NSProgressIndicator.style: NSProgressIndicator.Style`.
    open var style: NSProgressIndicator.Style
    /// Mirrors `NSProgressIndicator.isIndeterminate: Bool`.
    open var isIndeterminate: Bool
    /// Mirrors `NSProgressIndicator.isDisplayedWhenStopped: Bool`.
    open var isDisplayedWhenStopped: Bool
    /// Mirrors `NSProgressIndicator.minValue: Double`.
    open var minValue: Double
    /// Mirrors `NSProgressIndicator.maxValue: Double`.
    open var maxValue: Double
    /// Mirrors `NSProgressIndicator.doubleValue: Double`.
    open var doubleValue: Double
    /// Mirrors `NSProgressIndicator.startAnimation(_ sender: Any?)`.
    open func startAnimation(_ sender: Any?) { fatalError() }
    /// Mirrors `NSProgressIndicator.stopAnimation(_ sender: Any?)`.
    open func stopAnimation(_ sender: Any?) { fatalError() }
}

/// Mirrors `AppKit.NSControl`.
@MainActor
open class NSControl: NSView {}

/// Mirrors `AppKit.NSImageView`.
@MainActor
open class NSImageView: NSControl {
    /// Mirrors `NSImageView.image: NSImage?`.
    open var image: NSImage?
}
