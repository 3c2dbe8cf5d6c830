// Stand-in for Apple's CoreImage, for .ci/apple-typecheck only (never linked; see README.md).
// Not on watchOS: Osprey reaches it behind `canImport(CoreImage)`.
@_exported import Foundation
@_exported import CoreGraphics

/// Mirrors `CoreImage.CIImage` (an `NSObject` subclass). [sdk: unchecked: ciimage.md and CIImage.h not read in this pass]
open class CIImage: NSObject {
    /// Mirrors `CIImage.extent: CGRect { get }` (may be infinite, for generators). [sdk: unchecked: ciimage.md and CIImage.h not read in this pass]
    open var extent: CGRect { fatalError() }
}

/// Mirrors `CoreImage.CIContextOption` (a `String` raw-value struct). [sdk: checked, docs CoreImage/cicontext/init-options.md (the key type of `options`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
public struct CIContextOption: Hashable, RawRepresentable, @unchecked Sendable {
    /// Mirrors `CIContextOption.rawValue`. [sdk: checked, docs CoreImage/cicontext/init-options.md (the key type of `options`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    public let rawValue: String
    /// Mirrors `CIContextOption.init(rawValue:)`. [sdk: checked, docs CoreImage/cicontext/init-options.md (the key type of `options`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// Mirrors `CoreImage.CIContext` (an `NSObject` subclass; documented thread-safe). [sdk: checked, docs CoreImage/cicontext/createcgimage-from.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
open class CIContext: NSObject {
    /// Mirrors `CIContext.init(options: [CIContextOption: Any]? = nil)`. [sdk: checked, docs CoreImage/cicontext/init-options.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (not on watchOS: Osprey reaches it behind `canImport(CoreImage)`)]
    public init(options: [CIContextOption: Any]? = nil) { fatalError() }
    /// Mirrors `CIContext.createCGImage(_ image: CIImage, from fromRect: CGRect) -> CGImage?`. [sdk: checked, docs CoreImage/cicontext/createcgimage-from.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (nil when the extent is empty or too big)]
    open func createCGImage(_ image: CIImage, from fromRect: CGRect) -> CGImage? { fatalError() }
}
