// Stand-in for Apple's CoreGraphics, for .ci/apple-typecheck only (never linked; see README.md).
// CGFloat, CGSize, CGRect and CGPoint come from Foundation on Linux, exactly where Apple's
// Foundation re-exports them from CoreGraphics.
@_exported import Foundation

/// Mirrors `CoreFoundation.CFData`, toll-free bridged with `NSData` (so `data as CFData` works).
public typealias CFData = NSData

/// Mirrors `CoreGraphics.CGColorSpace`.
public final class CGColorSpace {}

/// Mirrors `CoreGraphics.CGColorSpaceCreateDeviceRGB() -> CGColorSpace`.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { fatalError() }

/// Mirrors `CoreGraphics.CGImageAlphaInfo` (a `UInt32` enum).
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// Mirrors `CGImageAlphaInfo.none`.
    case none = 0
    /// Mirrors `CGImageAlphaInfo.premultipliedLast`.
    case premultipliedLast = 1
    /// Mirrors `CGImageAlphaInfo.premultipliedFirst`.
    case premultipliedFirst = 2
    /// Mirrors `CGImageAlphaInfo.last`.
    case last = 3
    /// Mirrors `CGImageAlphaInfo.first`.
    case first = 4
    /// Mirrors `CGImageAlphaInfo.noneSkipLast`.
    case noneSkipLast = 5
    /// Mirrors `CGImageAlphaInfo.noneSkipFirst`.
    case noneSkipFirst = 6
}

/// Mirrors `CoreGraphics.CGBitmapInfo` (an `OptionSet` over `UInt32`).
public struct CGBitmapInfo: OptionSet, Sendable {
    /// Mirrors `CGBitmapInfo.rawValue`.
    public let rawValue: UInt32
    /// Mirrors `CGBitmapInfo.init(rawValue:)`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Mirrors `CGBitmapInfo.byteOrder32Little` (`kCGBitmapByteOrder32Little`, 2 << 12).
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
}

/// Mirrors `CoreGraphics.CGColorRenderingIntent`.
public enum CGColorRenderingIntent: Int32, Sendable {
    /// Mirrors `CGColorRenderingIntent.defaultIntent`.
    case defaultIntent = 0
}

/// Mirrors `CoreGraphics.CGDataProvider`.
public final class CGDataProvider {
    /// Mirrors `CGDataProvider.init?(data: CFData)`.
    public init?(data: CFData) { fatalError() }
}

/// Mirrors `CoreGraphics.CGImage`.
public final class CGImage {
    /// Mirrors `CGImage.width: Int`.
    public var width: Int { fatalError() }
    /// Mirrors `CGImage.height: Int`.
    public var height: Int { fatalError() }
    /// Mirrors `CGImage.bytesPerRow: Int`.
    public var bytesPerRow: Int { fatalError() }

    /// Mirrors `CGImage.init?(width:height:bitsPerComponent:bitsPerPixel:bytesPerRow:space:bitmapInfo:provider:decode:shouldInterpolate:intent:)`.
    public init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                 decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        fatalError()
    }
}

/// Mirrors `CoreGraphics.CGContext`.
public final class CGContext {
    /// Mirrors `CGContext.init?(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo: UInt32)`.
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                 bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        fatalError()
    }

    /// Mirrors `CGContext.draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false)`.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) { fatalError() }
}
