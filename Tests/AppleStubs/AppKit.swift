// Stand-in for Apple's AppKit, for .ci/apple-typecheck only (never linked; see README.md).
@_exported import Foundation
@_exported import CoreGraphics
@_exported import QuartzCore
@_exported import CoreImage

/// Mirrors `AppKit.NSGraphicsContext`. [sdk: unchecked: AppKit/NSGraphicsContext.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs) is stored but was not read]
open class NSGraphicsContext: NSObject {}

/// Mirrors `AppKit.NSImageRep`. [sdk: checked, docs AppKit/nsimagerep/pixelswide.md (a class with `pixelsWide`/`pixelsHigh`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
open class NSImageRep: NSObject {
    /// Mirrors `NSImageRep.pixelsWide: Int { get set }` (0 for a rep with no pixels of its own, such as a vector one). [sdk: checked, docs AppKit/nsimagerep/pixelswide.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK property is `{ get set }` (the stand-in was get-only): fixed]
    open var pixelsWide: Int {
        get { fatalError() }
        set { fatalError() }
    }
    /// Mirrors `NSImageRep.pixelsHigh: Int { get set }`. [sdk: checked, docs AppKit/nsimagerep/pixelswide.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK property is `{ get set }` (the stand-in was get-only): fixed]
    open var pixelsHigh: Int {
        get { fatalError() }
        set { fatalError() }
    }
    /// Mirrors `NSImageRep.HintKey`. [sdk: checked, AppKit/NSImage.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs) (`NSImageHintKey`): same]
    public struct HintKey: Hashable, Sendable {
        /// Mirrors `NSImageRep.HintKey.rawValue`. [sdk: checked, AppKit/NSImage.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs) (`NSImageHintKey`): same]
        public let rawValue: String
        /// Mirrors `NSImageRep.HintKey.init(rawValue:)`. [sdk: checked, AppKit/NSImage.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs) (`NSImageHintKey`): same]
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

/// Mirrors `AppKit.NSImage` (`Sendable` in the SDK since macOS 14 — [sdk: checked, AppKit/NSImage.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): class same; Sendable is newer than that SDK, unchecked]
/// `extension NSImage: @unchecked Sendable`).
open class NSImage: NSObject, @unchecked Sendable {
    /// Mirrors `NSImage.init()`. [sdk: checked, AppKit/NSImage.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    public override init() { fatalError() }
    /// Mirrors `NSImage.init(size: NSSize)`. [sdk: checked, AppKit/NSImage.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    public init(size: NSSize) { fatalError() }
    /// Mirrors `NSImage.init(cgImage: CGImage, size: NSSize)`. [sdk: checked, AppKit/NSImage.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    public init(cgImage: CGImage, size: NSSize) { fatalError() }

    /// Mirrors `NSImage.size: NSSize`. [sdk: checked, AppKit/NSImage.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): the SDK's is get/set; was get-only here, fixed]
    open var size: NSSize {
        get { fatalError() }
        set { fatalError() }
    }

    /// Mirrors `NSImage.representations: [NSImageRep] { get }`. [sdk: checked, docs AppKit/nsimage/representations.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    open var representations: [NSImageRep] { fatalError() }
    /// Mirrors `NSImage.cgImage(forProposedRect:context:hints:) -> CGImage?`. [sdk: checked, AppKit/NSImage.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    open func cgImage(forProposedRect proposedDestRect: UnsafeMutablePointer<NSRect>?,
                      context referenceContext: NSGraphicsContext?,
                      hints: [NSImageRep.HintKey: Any]?) -> CGImage? { fatalError() }
}

/// Mirrors `AppKit.NSView` (`@MainActor`, via `NSResponder`). [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
@MainActor
open class NSView: NSObject {
    /// Mirrors `NSView.AutoresizingMask` (an `OptionSet` over `UInt`). [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
    public struct AutoresizingMask: OptionSet, Sendable {
        /// Mirrors `NSView.AutoresizingMask.rawValue`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
        public let rawValue: UInt
        /// Mirrors `NSView.AutoresizingMask.init(rawValue:)`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Mirrors `NSView.AutoresizingMask.minXMargin`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
        public static let minXMargin = AutoresizingMask(rawValue: 1)
        /// Mirrors `NSView.AutoresizingMask.width`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
        public static let width = AutoresizingMask(rawValue: 2)
        /// Mirrors `NSView.AutoresizingMask.maxXMargin`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
        public static let maxXMargin = AutoresizingMask(rawValue: 4)
        /// Mirrors `NSView.AutoresizingMask.minYMargin`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
        public static let minYMargin = AutoresizingMask(rawValue: 8)
        /// Mirrors `NSView.AutoresizingMask.maxYMargin`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
        public static let maxYMargin = AutoresizingMask(rawValue: 32)
    }

    /// Mirrors `NSView.init(frame frameRect: NSRect)`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
    public init(frame frameRect: NSRect) { fatalError() }
    /// Mirrors `NSView.frame: NSRect`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
    open var frame: NSRect
    /// Mirrors `NSView.bounds: NSRect`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
    open var bounds: NSRect
    /// Mirrors `NSView.autoresizingMask: NSView.AutoresizingMask`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
    open var autoresizingMask: NSView.AutoresizingMask
    /// Mirrors `NSView.window: NSWindow? { get }`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs) (forward declaration; `window` is `NSWindow?`, read-only): same]
    open var window: NSWindow? { fatalError() }
    /// Mirrors `NSView.wantsLayer: Bool`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
    open var wantsLayer: Bool
    /// Mirrors `NSView.layer: CALayer?`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
    open var layer: CALayer?
    /// Mirrors `NSView.addSubview(_ view: NSView)`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
    open func addSubview(_ view: NSView) { fatalError() }
    /// Mirrors `NSView.removeFromSuperview()`. [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs): same]
    open func removeFromSuperview() { fatalError() }
}

/// Mirrors `AppKit.NSWindow` (`@MainActor`, via `NSResponder`). [sdk: checked, AppKit/NSView.h of MacOSX11.3.sdk (phracker/MacOSX-SDKs) (forward declaration; `window` is `NSWindow?`, read-only): same]
@MainActor
open class NSWindow: NSObject {}

/// Mirrors `AppKit.NSProgressIndicator`. [sdk: checked, AppKit/NSProgressIndicator.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
@MainActor
open class NSProgressIndicator: NSView {
    /// Mirrors `NSProgressIndicator.Style` (a `UInt` enum). [sdk: checked, AppKit/NSProgressIndicator.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    public enum Style: UInt, Sendable {
        /// Mirrors `NSProgressIndicator.Style.bar`. [sdk: checked, AppKit/NSProgressIndicator.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
        case bar = 0
        /// Mirrors `NSProgressIndicator.Style.spinning`. [sdk: checked, AppKit/NSProgressIndicator.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
        case spinning = 1
    }
    /// Mirrors `NSProgressIndicator.init()` (`NSView.init()`, frame zero). [sdk: checked, AppKit/NSProgressIndicator.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    public init() { fatalError() }
    /// Mirrors `NSProgressIndicator.style: NSProgressIndicator.Style`. [sdk: checked, AppKit/NSProgressIndicator.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    open var style: NSProgressIndicator.Style
    /// Mirrors `NSProgressIndicator.isIndeterminate: Bool`. [sdk: checked, AppKit/NSProgressIndicator.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    open var isIndeterminate: Bool
    /// Mirrors `NSProgressIndicator.isDisplayedWhenStopped: Bool`. [sdk: checked, AppKit/NSProgressIndicator.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    open var isDisplayedWhenStopped: Bool
    /// Mirrors `NSProgressIndicator.minValue: Double`. [sdk: checked, AppKit/NSProgressIndicator.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    open var minValue: Double
    /// Mirrors `NSProgressIndicator.maxValue: Double`. [sdk: checked, AppKit/NSProgressIndicator.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    open var maxValue: Double
    /// Mirrors `NSProgressIndicator.doubleValue: Double`. [sdk: checked, AppKit/NSProgressIndicator.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    open var doubleValue: Double
    /// Mirrors `NSProgressIndicator.startAnimation(_ sender: Any?)`. [sdk: checked, AppKit/NSProgressIndicator.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    open func startAnimation(_ sender: Any?) { fatalError() }
    /// Mirrors `NSProgressIndicator.stopAnimation(_ sender: Any?)`. [sdk: checked, AppKit/NSProgressIndicator.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    open func stopAnimation(_ sender: Any?) { fatalError() }
}

/// Mirrors `AppKit.NSControl`. [sdk: checked, AppKit/NSImageView.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs) (`NSImageView : NSControl`): same]
@MainActor
open class NSControl: NSView {}

/// Mirrors `AppKit.NSImageView`. [sdk: checked, AppKit/NSImageView.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
@MainActor
open class NSImageView: NSControl {
    /// Mirrors `NSImageView.image: NSImage?`. [sdk: checked, AppKit/NSImageView.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs): same]
    open var image: NSImage?
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
