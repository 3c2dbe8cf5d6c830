// Stand-in for Apple's ImageIO, for .ci/apple-typecheck only (never linked; see README.md).
// Shapes as Swift imports CGImageSource.h and CGImageProperties.h (iOS 17.0 SDK): the C
// functions keep their names, `size_t` becomes `Int`, the CF_ENUM status becomes a Swift enum
// with `status…` cases, and the string constants are `CFString`s.
@_exported import CoreGraphics

/// Mirrors `CoreFoundation.CFString`, toll-free bridged with `NSString`. [sdk: CoreFoundation, not checked here]
public typealias CFString = NSString
/// Mirrors `CoreFoundation.CFDictionary`, toll-free bridged with `NSDictionary`. [sdk: CoreFoundation, not checked here]
public typealias CFDictionary = NSDictionary

/// Mirrors `ImageIO.CGImageSource` (`CGImageSourceRef`). [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public final class CGImageSource {}

/// Mirrors `ImageIO.CGImageSourceStatus` (`CF_ENUM(int32_t)`). [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public enum CGImageSourceStatus: Int32, Sendable {
    /// Mirrors `kCGImageStatusUnexpectedEOF`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
    case statusUnexpectedEOF = -5
    /// Mirrors `kCGImageStatusInvalidData`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
    case statusInvalidData = -4
    /// Mirrors `kCGImageStatusUnknownType`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
    case statusUnknownType = -3
    /// Mirrors `kCGImageStatusReadingHeader`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
    case statusReadingHeader = -2
    /// Mirrors `kCGImageStatusIncomplete`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
    case statusIncomplete = -1
    /// Mirrors `kCGImageStatusComplete`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
    case statusComplete = 0
}

/// Mirrors `CGImageSourceCreateWithData(_:_:) -> CGImageSource?`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? { fatalError() }
/// Mirrors `CGImageSourceCreateIncremental(_:) -> CGImageSource`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public func CGImageSourceCreateIncremental(_ options: CFDictionary?) -> CGImageSource { fatalError() }
/// Mirrors `CGImageSourceUpdateData(_:_:_:)`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public func CGImageSourceUpdateData(_ isrc: CGImageSource, _ data: CFData, _ final: Bool) { fatalError() }
/// Mirrors `CGImageSourceGetType(_:) -> CFString?`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? { fatalError() }
/// Mirrors `CGImageSourceGetCount(_:) -> Int`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int { fatalError() }
/// Mirrors `CGImageSourceGetStatusAtIndex(_:_:) -> CGImageSourceStatus`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus { fatalError() }
/// Mirrors `CGImageSourceCopyPropertiesAtIndex(_:_:_:) -> CFDictionary?`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? {
    fatalError()
}
/// Mirrors `CGImageSourceCreateImageAtIndex(_:_:_:) -> CGImage?`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    fatalError()
}
/// Mirrors `CGImageSourceCreateThumbnailAtIndex(_:_:_:) -> CGImage?`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    fatalError()
}

/// Mirrors `kCGImageSourceShouldCacheImmediately: CFString`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public var kCGImageSourceShouldCacheImmediately: CFString { fatalError() }
/// Mirrors `kCGImageSourceCreateThumbnailFromImageAlways: CFString`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public var kCGImageSourceCreateThumbnailFromImageAlways: CFString { fatalError() }
/// Mirrors `kCGImageSourceThumbnailMaxPixelSize: CFString`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public var kCGImageSourceThumbnailMaxPixelSize: CFString { fatalError() }
/// Mirrors `kCGImageSourceCreateThumbnailWithTransform: CFString`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageSource.h]
public var kCGImageSourceCreateThumbnailWithTransform: CFString { fatalError() }
/// Mirrors `kCGImagePropertyPixelWidth: CFString`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageProperties.h (itsnebulalol/sdks mirror)]
public var kCGImagePropertyPixelWidth: CFString { fatalError() }
/// Mirrors `kCGImagePropertyPixelHeight: CFString`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageProperties.h (itsnebulalol/sdks mirror)]
public var kCGImagePropertyPixelHeight: CFString { fatalError() }
/// Mirrors `kCGImagePropertyOrientation: CFString`. [sdk: iPhoneOS17.0.sdk ImageIO/CGImageProperties.h (itsnebulalol/sdks mirror)]
public var kCGImagePropertyOrientation: CFString { fatalError() }
