// Stand-in for Apple's AppKit, for .ci/apple-typecheck only (never linked; see README.md).
@_exported import Foundation
@_exported import CoreGraphics

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
open class NSView: NSObject {}

/// Mirrors `AppKit.NSControl`.
@MainActor
open class NSControl: NSView {}

/// Mirrors `AppKit.NSImageView`.
@MainActor
open class NSImageView: NSControl {
    /// Mirrors `NSImageView.image: NSImage?`.
    open var image: NSImage?
}
