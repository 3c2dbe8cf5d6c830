// Stand-in for Apple's CoreGraphics, for .ci/apple-typecheck only (never linked; see README.md).
// CGFloat, CGSize, CGRect and CGPoint come from Foundation on Linux, exactly where Apple's
// Foundation re-exports them from CoreGraphics.
@_exported import Foundation

/// Mirrors `CoreFoundation.CFData`, toll-free bridged with `NSData` (so `data as CFData` works). [sdk: unchecked: CFData.h not read]
public typealias CFData = NSData

/// Mirrors `CoreFoundation.CFString`, toll-free bridged with `NSString`. [sdk: unchecked: CoreFoundation headers not read; bridged as CFData is]
public typealias CFString = NSString
/// Mirrors `CoreFoundation.CFTypeRef` (`AnyObject` in Swift). [sdk: unchecked: CoreFoundation headers not read]
public typealias CFTypeRef = AnyObject

/// Mirrors `CoreGraphics.CGColorSpace`. [sdk: checked, docs CoreGraphics/cgcolorspacecreatedevicergb.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
public final class CGColorSpace {
    /// Mirrors `CGColorSpace.init?(iccData: CFTypeRef?)`. [sdk: checked, MacOSX SDK CoreGraphics/CGColorSpace.h (`CGColorSpaceCreateWithICCData(CFTypeRef cg_nullable data)`, `CGColorSpaceCreateWithName(CFStringRef cg_nullable name)`, `CGColorSpaceGetModel`, `kCGColorSpaceSRGB`, `kCGColorSpaceDisplayP3`) read through public mirrors, as Swift imports them: same]
    public init?(iccData data: CFTypeRef?) { fatalError() }
    /// Mirrors `CGColorSpace.init?(name: CFString)`. [sdk: checked, MacOSX SDK CoreGraphics/CGColorSpace.h (`CGColorSpaceCreateWithICCData(CFTypeRef cg_nullable data)`, `CGColorSpaceCreateWithName(CFStringRef cg_nullable name)`, `CGColorSpaceGetModel`, `kCGColorSpaceSRGB`, `kCGColorSpaceDisplayP3`) read through public mirrors, as Swift imports them: same]
    public init?(name: CFString) { fatalError() }
    /// Mirrors `CGColorSpace.model: CGColorSpaceModel { get }`. [sdk: checked, MacOSX SDK CoreGraphics/CGColorSpace.h (`CGColorSpaceCreateWithICCData(CFTypeRef cg_nullable data)`, `CGColorSpaceCreateWithName(CFStringRef cg_nullable name)`, `CGColorSpaceGetModel`, `kCGColorSpaceSRGB`, `kCGColorSpaceDisplayP3`) read through public mirrors, as Swift imports them: same]
    public var model: CGColorSpaceModel { fatalError() }
    /// Mirrors `CGColorSpace.sRGB: CFString` (`kCGColorSpaceSRGB`). [sdk: checked, MacOSX SDK CoreGraphics/CGColorSpace.h (`CGColorSpaceCreateWithICCData(CFTypeRef cg_nullable data)`, `CGColorSpaceCreateWithName(CFStringRef cg_nullable name)`, `CGColorSpaceGetModel`, `kCGColorSpaceSRGB`, `kCGColorSpaceDisplayP3`) read through public mirrors, as Swift imports them: same]
    public static var sRGB: CFString { fatalError() }
    /// Mirrors `CGColorSpace.displayP3: CFString` (`kCGColorSpaceDisplayP3`). [sdk: checked, MacOSX SDK CoreGraphics/CGColorSpace.h (`CGColorSpaceCreateWithICCData(CFTypeRef cg_nullable data)`, `CGColorSpaceCreateWithName(CFStringRef cg_nullable name)`, `CGColorSpaceGetModel`, `kCGColorSpaceSRGB`, `kCGColorSpaceDisplayP3`) read through public mirrors, as Swift imports them: same]
    public static var displayP3: CFString { fatalError() }
}

/// Mirrors `CoreGraphics.CGColorSpaceModel` (an `Int32` enum). [sdk: checked, MacOSX SDK CoreGraphics/CGColorSpace.h (`CGColorSpaceCreateWithICCData(CFTypeRef cg_nullable data)`, `CGColorSpaceCreateWithName(CFStringRef cg_nullable name)`, `CGColorSpaceGetModel`, `kCGColorSpaceSRGB`, `kCGColorSpaceDisplayP3`) read through public mirrors, as Swift imports them: same]
public enum CGColorSpaceModel: Int32, Sendable {
    /// Mirrors `CGColorSpaceModel.unknown`. [sdk: checked, MacOSX SDK CoreGraphics/CGColorSpace.h (`CGColorSpaceCreateWithICCData(CFTypeRef cg_nullable data)`, `CGColorSpaceCreateWithName(CFStringRef cg_nullable name)`, `CGColorSpaceGetModel`, `kCGColorSpaceSRGB`, `kCGColorSpaceDisplayP3`) read through public mirrors, as Swift imports them: same]
    case unknown = -1
    /// Mirrors `CGColorSpaceModel.monochrome`. [sdk: checked, MacOSX SDK CoreGraphics/CGColorSpace.h (`CGColorSpaceCreateWithICCData(CFTypeRef cg_nullable data)`, `CGColorSpaceCreateWithName(CFStringRef cg_nullable name)`, `CGColorSpaceGetModel`, `kCGColorSpaceSRGB`, `kCGColorSpaceDisplayP3`) read through public mirrors, as Swift imports them: same]
    case monochrome = 0
    /// Mirrors `CGColorSpaceModel.rgb`. [sdk: checked, MacOSX SDK CoreGraphics/CGColorSpace.h (`CGColorSpaceCreateWithICCData(CFTypeRef cg_nullable data)`, `CGColorSpaceCreateWithName(CFStringRef cg_nullable name)`, `CGColorSpaceGetModel`, `kCGColorSpaceSRGB`, `kCGColorSpaceDisplayP3`) read through public mirrors, as Swift imports them: same]
    case rgb = 1
    /// Mirrors `CGColorSpaceModel.cmyk`. [sdk: checked, MacOSX SDK CoreGraphics/CGColorSpace.h (`CGColorSpaceCreateWithICCData(CFTypeRef cg_nullable data)`, `CGColorSpaceCreateWithName(CFStringRef cg_nullable name)`, `CGColorSpaceGetModel`, `kCGColorSpaceSRGB`, `kCGColorSpaceDisplayP3`) read through public mirrors, as Swift imports them: same]
    case cmyk = 2
}

/// Mirrors `CoreGraphics.CGColorSpaceCreateDeviceRGB() -> CGColorSpace`. [sdk: checked, docs CoreGraphics/cgcolorspacecreatedevicergb.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { fatalError() }

/// Mirrors `CoreGraphics.CGImageAlphaInfo` (a `UInt32` enum). [sdk: checked, docs CoreGraphics/cgimagealphainfo.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`enum`, `init?(rawValue: UInt32)`)]
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// Mirrors `CGImageAlphaInfo.none`. [sdk: checked, docs CoreGraphics/cgimagealphainfo.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`enum`, `init?(rawValue: UInt32)`)]
    case none = 0
    /// Mirrors `CGImageAlphaInfo.premultipliedLast`. [sdk: checked, docs CoreGraphics/cgimagealphainfo.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`enum`, `init?(rawValue: UInt32)`)]
    case premultipliedLast = 1
    /// Mirrors `CGImageAlphaInfo.premultipliedFirst`. [sdk: checked, docs CoreGraphics/cgimagealphainfo.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`enum`, `init?(rawValue: UInt32)`)]
    case premultipliedFirst = 2
    /// Mirrors `CGImageAlphaInfo.last`. [sdk: checked, docs CoreGraphics/cgimagealphainfo.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`enum`, `init?(rawValue: UInt32)`)]
    case last = 3
    /// Mirrors `CGImageAlphaInfo.first`. [sdk: checked, docs CoreGraphics/cgimagealphainfo.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`enum`, `init?(rawValue: UInt32)`)]
    case first = 4
    /// Mirrors `CGImageAlphaInfo.noneSkipLast`. [sdk: checked, docs CoreGraphics/cgimagealphainfo.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`enum`, `init?(rawValue: UInt32)`)]
    case noneSkipLast = 5
    /// Mirrors `CGImageAlphaInfo.noneSkipFirst`. [sdk: checked, docs CoreGraphics/cgimagealphainfo.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`enum`, `init?(rawValue: UInt32)`)]
    case noneSkipFirst = 6
}

/// Mirrors `CoreGraphics.CGBitmapInfo` (an `OptionSet` over `UInt32`). [sdk: checked, docs CoreGraphics/cgbitmapinfo.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`OptionSet`, `init(rawValue: UInt32)`, `static var byteOrder32Little`)]
public struct CGBitmapInfo: OptionSet, Sendable {
    /// Mirrors `CGBitmapInfo.rawValue`. [sdk: checked, docs CoreGraphics/cgbitmapinfo.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`OptionSet`, `init(rawValue: UInt32)`, `static var byteOrder32Little`)]
    public let rawValue: UInt32
    /// Mirrors `CGBitmapInfo.init(rawValue:)`. [sdk: checked, docs CoreGraphics/cgbitmapinfo.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`OptionSet`, `init(rawValue: UInt32)`, `static var byteOrder32Little`)]
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Mirrors `CGBitmapInfo.byteOrder32Little` (`kCGBitmapByteOrder32Little`, 2 << 12). [sdk: checked, docs CoreGraphics/cgbitmapinfo.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`OptionSet`, `init(rawValue: UInt32)`, `static var byteOrder32Little`)]
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
}

/// Mirrors `CoreGraphics.CGColorRenderingIntent`. [sdk: checked, docs CoreGraphics/cgcolorrenderingintent.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`enum`, raw value `Int32`)]
public enum CGColorRenderingIntent: Int32, Sendable {
    /// Mirrors `CGColorRenderingIntent.defaultIntent`. [sdk: checked, docs CoreGraphics/cgcolorrenderingintent.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`enum`, raw value `Int32`)]
    case defaultIntent = 0
}

/// Mirrors `CoreGraphics.CGDataProvider`. [sdk: checked, docs CoreGraphics/cgdataprovider/init-data.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
public final class CGDataProvider {
    /// Mirrors `CGDataProvider.init?(data: CFData)`. [sdk: unchecked: CFData.h not read]
    public init?(data: CFData) { fatalError() }
}

/// Mirrors `CoreGraphics.CGImage`. [sdk: checked, docs CoreGraphics/cgbitmapinfo.md (its list of `CGImage` properties: `var width: Int`, `var height: Int`, `var bytesPerRow: Int`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
public final class CGImage {
    /// Mirrors `CGImage.width: Int`. [sdk: checked, docs CoreGraphics/cgbitmapinfo.md (its list of `CGImage` properties: `var width: Int`, `var height: Int`, `var bytesPerRow: Int`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    public var width: Int { fatalError() }
    /// Mirrors `CGImage.height: Int`. [sdk: checked, docs CoreGraphics/cgbitmapinfo.md (its list of `CGImage` properties: `var width: Int`, `var height: Int`, `var bytesPerRow: Int`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    public var height: Int { fatalError() }
    /// Mirrors `CGImage.bytesPerRow: Int`. [sdk: checked, docs CoreGraphics/cgbitmapinfo.md (its list of `CGImage` properties: `var width: Int`, `var height: Int`, `var bytesPerRow: Int`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    public var bytesPerRow: Int { fatalError() }

    /// Mirrors `CGImage.init?(width:height:bitsPerComponent:bitsPerPixel:bytesPerRow:space:bitmapInfo:provider:decode:shouldInterpolate:intent:)`. [sdk: checked, docs CoreGraphics/cgimage/init-widthheightbitspercomponentbitsperpixelbytesperrowspacebitmapinfoproviderdecodeshouldinterpolateintent.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    public init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                 decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        fatalError()
    }
}

/// Mirrors `CoreGraphics.CGContext`. [sdk: checked, docs CoreGraphics/cgcontext/init-datawidthheightbitspercomponentbytesperrowspacebitmapinfo.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`init?(data: UnsafeMutableRawPointer?, …, bitmapInfo: UInt32)`)]
public final class CGContext {
    /// Mirrors `CGContext.init?(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo: UInt32)`. [sdk: checked, docs CoreGraphics/cgcontext/init-datawidthheightbitspercomponentbytesperrowspacebitmapinfo.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`init?(data: UnsafeMutableRawPointer?, …, bitmapInfo: UInt32)`)]
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                 bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        fatalError()
    }

    /// Mirrors `CGContext.draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false)`. [sdk: checked, docs CoreGraphics/cgbitmapinfo.md (its list of `CGImage` properties: `var width: Int`, `var height: Int`, `var bytesPerRow: Int`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) { fatalError() }
}
