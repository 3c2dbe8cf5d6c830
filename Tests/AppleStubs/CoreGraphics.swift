// Stand-in for Apple's CoreGraphics, for .ci/apple-typecheck only (never linked; see README.md).
// CGFloat, CGSize, CGRect and CGPoint come from Foundation on Linux, exactly where Apple's
// Foundation re-exports them from CoreGraphics.
@_exported import Foundation

/// Mirrors `CoreFoundation.CFData`, toll-free bridged with `NSData` (so `data as CFData` works). [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
public typealias CFData = NSData

/// Mirrors `CoreGraphics.CGColorSpace`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
public final class CGColorSpace {}

/// Mirrors `CoreGraphics.CGColorSpaceCreateDeviceRGB() -> CGColorSpace`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { fatalError() }

/// Mirrors `CoreGraphics.CGImageAlphaInfo` (a `UInt32` enum). [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// Mirrors `CGImageAlphaInfo.none`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    case none = 0
    /// Mirrors `CGImageAlphaInfo.premultipliedLast`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    case premultipliedLast = 1
    /// Mirrors `CGImageAlphaInfo.premultipliedFirst`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    case premultipliedFirst = 2
    /// Mirrors `CGImageAlphaInfo.last`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    case last = 3
    /// Mirrors `CGImageAlphaInfo.first`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    case first = 4
    /// Mirrors `CGImageAlphaInfo.noneSkipLast`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    case noneSkipLast = 5
    /// Mirrors `CGImageAlphaInfo.noneSkipFirst`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    case noneSkipFirst = 6
}

/// Mirrors `CoreGraphics.CGBitmapInfo` (an `OptionSet` over `UInt32`). [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
public struct CGBitmapInfo: OptionSet, Sendable {
    /// Mirrors `CGBitmapInfo.rawValue`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    public let rawValue: UInt32
    /// Mirrors `CGBitmapInfo.init(rawValue:)`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Mirrors `CGBitmapInfo.byteOrder32Little` (`kCGBitmapByteOrder32Little`, 2 << 12). [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
}

/// Mirrors `CoreGraphics.CGColorRenderingIntent`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
public enum CGColorRenderingIntent: Int32, Sendable {
    /// Mirrors `CGColorRenderingIntent.defaultIntent`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    case defaultIntent = 0
}

/// Mirrors `CoreGraphics.CGDataProvider`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
public final class CGDataProvider {
    /// Mirrors `CGDataProvider.init?(data: CFData)`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    public init?(data: CFData) { fatalError() }
}

/// Mirrors `CoreGraphics.CGImage`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
public final class CGImage {
    /// Mirrors `CGImage.width: Int`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    public var width: Int { fatalError() }
    /// Mirrors `CGImage.height: Int`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    public var height: Int { fatalError() }
    /// Mirrors `CGImage.bytesPerRow: Int`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    public var bytesPerRow: Int { fatalError() }

    /// Mirrors `CGImage.init?(width:height:bitsPerComponent:bitsPerPixel:bytesPerRow:space:bitmapInfo:provider:decode:shouldInterpolate:intent:)`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    public init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                 decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        fatalError()
    }
}

/// Mirrors `CoreGraphics.CGContext`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
public final class CGContext {
    /// Mirrors `CGContext.init?(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo: UInt32)`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                 bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        fatalError()
    }

    /// Mirrors `CGContext.draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false)`. [sdk: unchecked: no stored mirror holds CGImage.h, CGContext.h, CGBitmapContext.h or CGDataProvider.h (the stored iOS 17.0 and macOS 10.15/11.3 CoreGraphics folders have only a few other headers)]
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) { fatalError() }
}
