// Stand-in for Apple's ImageIO, for .ci/apple-typecheck only (never linked; see README.md).
// Shapes as Swift imports CGImageSource.h and CGImageProperties.h (iOS 17.0 SDK): the C
// functions keep their names, `size_t` becomes `Int`, the CF_ENUM status becomes a Swift enum
// with `status…` cases, and the string constants are `CFString`s.
@_exported import CoreGraphics

/// Mirrors `CoreFoundation.CFDictionary`, toll-free bridged with `NSDictionary`. [sdk: unchecked: CoreFoundation headers not read; bridged as CoreGraphics.swift bridges CFData]
public typealias CFDictionary = NSDictionary

/// Mirrors `ImageIO.CGImageSource` (`CGImageSourceRef`). [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public final class CGImageSource {}

/// Mirrors `ImageIO.CGImageSourceStatus` (`CF_ENUM(int32_t)`). [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public enum CGImageSourceStatus: Int32, Sendable {
    /// Mirrors `kCGImageStatusUnexpectedEOF`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
    case statusUnexpectedEOF = -5
    /// Mirrors `kCGImageStatusInvalidData`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
    case statusInvalidData = -4
    /// Mirrors `kCGImageStatusUnknownType`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
    case statusUnknownType = -3
    /// Mirrors `kCGImageStatusReadingHeader`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
    case statusReadingHeader = -2
    /// Mirrors `kCGImageStatusIncomplete`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
    case statusIncomplete = -1
    /// Mirrors `kCGImageStatusComplete`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
    case statusComplete = 0
}

/// Mirrors `CGImageSourceCreateWithData(_:_:) -> CGImageSource?`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? { fatalError() }
/// Mirrors `CGImageSourceCreateIncremental(_:) -> CGImageSource`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public func CGImageSourceCreateIncremental(_ options: CFDictionary?) -> CGImageSource { fatalError() }
/// Mirrors `CGImageSourceUpdateData(_:_:_:)`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public func CGImageSourceUpdateData(_ isrc: CGImageSource, _ data: CFData, _ final: Bool) { fatalError() }
/// Mirrors `CGImageSourceGetType(_:) -> CFString?`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? { fatalError() }
/// Mirrors `CGImageSourceGetCount(_:) -> Int`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int { fatalError() }
/// Mirrors `CGImageSourceGetStatusAtIndex(_:_:) -> CGImageSourceStatus`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus { fatalError() }
/// Mirrors `CGImageSourceCopyPropertiesAtIndex(_:_:_:) -> CFDictionary?`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? {
    fatalError()
}
/// Mirrors `CGImageSourceCreateImageAtIndex(_:_:_:) -> CGImage?`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    fatalError()
}
/// Mirrors `CGImageSourceCreateThumbnailAtIndex(_:_:_:) -> CGImage?`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    fatalError()
}

/// Mirrors `kCGImageSourceShouldCacheImmediately: CFString`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public var kCGImageSourceShouldCacheImmediately: CFString { fatalError() }
/// Mirrors `kCGImageSourceCreateThumbnailFromImageAlways: CFString`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public var kCGImageSourceCreateThumbnailFromImageAlways: CFString { fatalError() }
/// Mirrors `kCGImageSourceThumbnailMaxPixelSize: CFString`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public var kCGImageSourceThumbnailMaxPixelSize: CFString { fatalError() }
/// Mirrors `kCGImageSourceCreateThumbnailWithTransform: CFString`. [sdk: checked, iPhoneOS17.0.sdk ImageIO/CGImageSource.h of xybp888/iOS-SDKs@3e4e03a (size_t as Int, the CF_ENUM as a Swift enum): same]
public var kCGImageSourceCreateThumbnailWithTransform: CFString { fatalError() }
/// Mirrors `kCGImagePropertyPixelWidth: CFString`. [sdk: unchecked: iPhoneOS17.0.sdk ImageIO/CGImageProperties.h exists only in itsnebulalol/sdks, not read in this pass]
public var kCGImagePropertyPixelWidth: CFString { fatalError() }
/// Mirrors `kCGImagePropertyPixelHeight: CFString`. [sdk: unchecked: iPhoneOS17.0.sdk ImageIO/CGImageProperties.h exists only in itsnebulalol/sdks, not read in this pass]
public var kCGImagePropertyPixelHeight: CFString { fatalError() }
/// Mirrors `kCGImagePropertyOrientation: CFString`. [sdk: unchecked: iPhoneOS17.0.sdk ImageIO/CGImageProperties.h exists only in itsnebulalol/sdks, not read in this pass]
public var kCGImagePropertyOrientation: CFString { fatalError() }
