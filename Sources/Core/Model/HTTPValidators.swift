import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

    /// The validators `response` carries (both nil when it has none).
    public init(response: HTTPURLResponse) {
        etag = response.value(forHTTPHeaderField: "ETag")
        lastModified = response.value(forHTTPHeaderField: "Last-Modified")
    }

    /// Whether there is anything to revalidate with.
    public var isEmpty: Bool { etag == nil && lastModified == nil }

    /// A request modifier that runs `modifier` (the caller's, if any) and then adds the
    /// conditional headers.
    package func addingHeaders(to modifier: (@Sendable (URLRequest) -> URLRequest?)?) -> @Sendable (URLRequest) -> URLRequest? {
        let validators = self
        return { request in
            guard var request = modifier.map({ $0(request) }) ?? request else { return nil }
            if let etag = validators.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let date = validators.lastModified { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
            return request
        }
    }
}

/// The validator requirements now live on ``ImageCaching`` itself (with no-op defaults), so
/// the manager never downcasts a cache to find them.
@available(*, deprecated, renamed: "ImageCaching", message: "validators(forKey:) and setValidators(_:forKey:) are ImageCaching requirements now")
public typealias HTTPValidatorStoring = ImageCaching
