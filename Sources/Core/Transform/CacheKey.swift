import Foundation

/// Builds cache keys the way the manager, the cache and the tools must agree on.
///
/// A key is the URL's absolute string (or the context's filter's answer), then
/// `-Transformed(<transformer key>)` when a transformer is set, then
/// `-Thumbnail(<W>x<H>,<fit|fill>)` when a thumbnail size is set, so that each distinct
/// result is cached under its own key and the original bytes under the plain one.
public enum CacheKey {
    /// The plain key for `url`: the filter's answer, else the absolute string.
    /// Nil when there is no URL or the filter declines it (the image is then not cached).
    public static func key(for url: URL?, filter: (@Sendable (URL) -> String?)? = nil) -> String? {
        guard let url else { return nil }
        if let filter { return filter(url) }
        return url.absoluteString
    }

    /// `base` with the transformer's key appended.
    public static func transformed(_ base: String, transformerKey: String) -> String {
        "\(base)-Transformed(\(transformerKey))"
    }

    /// `base` with the thumbnail size appended.
    public static func thumbnailed(_ base: String, size: PixelSize, preserveAspectRatio: Bool) -> String {
        "\(base)-Thumbnail(\(size.width)x\(size.height),\(preserveAspectRatio ? "fit" : "fill"))"
    }

    /// The full key for a load of `url` with `context`: filter, transformer, thumbnail.
    public static func key(for url: URL?, context: ImageContext) -> String? {
        guard var key = key(for: url, filter: context.cacheKeyFilter) else { return nil }
        if let transformer = context.transformer {
            key = transformed(key, transformerKey: transformer.key)
        }
        if let size = context.thumbnailPixelSize {
            key = thumbnailed(key, size: size, preserveAspectRatio: context.preserveAspectRatio)
        }
        return key
    }
}
