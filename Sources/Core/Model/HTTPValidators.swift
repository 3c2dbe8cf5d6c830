import Foundation

/// The HTTP validators of a cached response, for `.refreshCached`'s conditional GET.
public struct HTTPValidators: Codable, Sendable, Hashable {
    /// The `ETag` header, sent back as `If-None-Match`.
    public var etag: String?
    /// The `Last-Modified` header, sent back as `If-Modified-Since`.
    public var lastModified: String?

    /// Validators with the given values.
    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// Whether there is anything to revalidate with.
    public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// The validator requirements now live on ``ImageCaching`` itself (with no-op defaults), so
/// the manager never downcasts a cache to find them.
@available(*, deprecated, renamed: "ImageCaching", message: "validators(forKey:) and setValidators(_:forKey:) are ImageCaching requirements now")
public typealias HTTPValidatorStoring = ImageCaching
