import Foundation

/// Builds cache keys the way the manager, the cache and the tools must agree on.
///
/// A key is the URL's absolute string (or the context's filter's answer), then
/// `-Transformed(<transformer key>)` when a transformer is set, then one suffix per decode
/// option that changes the pixels (see ``decodeSuffix(for:)``), so that each distinct result
/// is cached under its own key and the original bytes under the plain one. The decode
/// options come from ``DecodeOptions/init(options:context:)``, the same function the
/// downloader and the disk tier decode with, so a key can never describe other pixels than
/// the ones stored under it.
public enum CacheKey {
    /// The plain key for `url`: the filter's answer, else the absolute string.
    /// Nil when there is no URL or the filter declines it (the image is then not cached).
    public static func key(for url: URL?, filter: (@Sendable (URL) -> String?)? = nil) -> String? {
        guard let url else { return nil }
        if let filter { return filter(url) }
        return plainKey(for: url.absoluteString)
    }

    /// The key of a URL whose absolute string is `text`: the string itself, except for a long
    /// `data:` URL, which is keyed by its SHA-256 (`data:sha256,<hex>`) so that a memory lookup
    /// does not hash the whole payload.
    public static func plainKey(for text: String) -> String {
        guard text.utf8.count > 256, text.hasPrefix("data:") else { return text }
        return "data:sha256," + SHA256.hexDigest(Array(text.utf8))
    }

    /// `base` with the transformer's key appended.
    public static func transformed(_ base: String, transformerKey: String) -> String {
        "\(base)-Transformed(\(transformerKey))"
    }

    /// What a load's transformer contributes to its key: the transformer's key, marked when
    /// ``ImageOptions/transformAnimatedImage`` lets it transform animations too — without the
    /// option an animation is kept untransformed, so the two loads of one animated URL have
    /// different results and must not share a key. Nil without a transformer.
    public static func transformerKey(for context: ImageContext, options: ImageOptions) -> String? {
        guard let transformer = context.transformer else { return nil }
        return options.contains(.transformAnimatedImage) ? "\(transformer.key),Animated" : transformer.key
    }

    /// `base` with the thumbnail size appended: `fit` keeps the aspect ratio, `stretch`
    /// does not (the image is scaled to exactly the size, as `preserveAspectRatio = false`
    /// decodes it).
    public static func thumbnailed(_ base: String, size: PixelSize, preserveAspectRatio: Bool) -> String {
        "\(base)-Thumbnail(\(size.width)x\(size.height),\(preserveAspectRatio ? "fit" : "stretch"))"
    }

    /// The suffix naming every decode option of `decode` that changes the pixels: thumbnail
    /// size and mode, scaling down of large images (with its pixel limit), first frame only,
    /// orientation not applied, conversion to sRGB (`-sRGB`: a load that asks for it may get
    /// other pixels than one that does not, so the two never share an entry). Empty for a full-size, upright, all-frames decode. The
    /// pixel-count safety limit is left out: it decides whether an image decodes, not what
    /// it looks like.
    public static func decodeSuffix(for decode: DecodeOptions) -> String {
        var suffix = ""
        if let size = decode.thumbnailPixelSize {
            suffix = thumbnailed(suffix, size: size, preserveAspectRatio: decode.preserveAspectRatio)
        }
        if decode.scaleDownLargeImages { suffix += "-ScaleDown(\(decode.scaleDownPixelCount))" }
        if decode.firstFrameOnly { suffix += "-FirstFrame" }
        if !decode.applyOrientation { suffix += "-Unoriented" }
        if decode.convertToSRGB { suffix += "-sRGB" }
        return suffix
    }

    /// Whether a load with `options` and `context` is keyed by its base key alone (before the
    /// scale): no transformer and none of the decode settings ``decodeSuffix(for:)`` names.
    /// Read straight from the load's fields, with no ``DecodeOptions`` built and no transformer
    /// copied out of the context, for the memory hit, which asks on every load. It must stay in
    /// step with ``DecodeOptions/init(options:context:)`` and ``key(base:decode:transformerKey:)``:
    /// true exactly when those return `base`.
    public static func isPlain(options: ImageOptions, context: ImageContext) -> Bool {
        !context.hasTransformer && context.thumbnailPixelSize == nil && !context.convertToSRGB
            && options.isDisjoint(with: [.scaleDownLargeImages, .decodeFirstFrameOnly])
    }

    /// The full key for `base` decoded with `decode`, then transformed by `transformerKey`.
    /// Inlinable: every memory hit calls it, almost always on the path that returns `base`.
    @inlinable
    public static func key(base: String, decode: DecodeOptions, transformerKey: String?) -> String {
        // The common case, a plain full-size load, allocates nothing.
        if transformerKey == nil, decode.thumbnailPixelSize == nil, !decode.scaleDownLargeImages,
           !decode.firstFrameOnly, decode.applyOrientation, !decode.convertToSRGB { return base }
        var key = base
        if let transformerKey { key = transformed(key, transformerKey: transformerKey) }
        return key + decodeSuffix(for: decode)
    }

    /// The full key for a load of `url` with `options` and `context`: the filter's key, the
    /// transformer's key, the pixel-changing options of
    /// `DecodeOptions(options: options, context: context)`, and the image's scale when it is
    /// not 1 (``scale(for:plainKey:context:)``).
    public static func key(for url: URL?, options: ImageOptions, context: ImageContext) -> String? {
        guard let url else { return nil }
        // The absolute string is built once: the scale is read from it too, and building it
        // is most of a key's cost.
        let text = url.absoluteString
        let base: String
        if let filter = context.cacheKeyFilter {
            guard let filtered = filter(url) else { return nil }
            base = filtered
        } else {
            base = plainKey(for: text)
        }
        return scaled(key(base: base, decode: DecodeOptions(options: options, context: context),
                          transformerKey: transformerKey(for: context, options: options)),
                      scale: scale(for: url, plainKey: text, context: context))
    }

    /// `key` with the image's scale appended when it is not 1 (`-Scale(2)`): keys of scale-1
    /// images are the ones they always were. Inlinable: every memory hit calls it, almost always
    /// with a scale of 1.
    @inlinable
    public static func scaled(_ key: String, scale: Double) -> String {
        guard scale != 1 else { return key }
        let text = scale == scale.rounded() && abs(scale) < 1e6 ? String(Int(scale)) : String(scale)
        return "\(key)-Scale(\(text))"
    }

    /// The scale a load of `url` delivers its image at: ``ImageContext/imageScaleFactor`` when
    /// set (and positive), else the `@2x`/`@3x` of the file name (not for `data:` URLs), else 1.
    /// `plainKey` is `url.absoluteString`, which the caller has at hand: a URL without an `@`
    /// is answered without taking its path apart.
    public static func scale(for url: URL, plainKey: String, context: borrowing ImageContext) -> Double {
        if let forced = context.imageScaleFactor, forced.isFinite, forced > 0 { return forced }
        guard containsAtSign(plainKey), !plainKey.hasPrefix("data:") else { return 1 }
        return ImageScaleFactor.fromFileName(of: url) ?? 1
    }

    /// Whether `text` contains an `@`. Every memory hit asks, so a native string's bytes are
    /// searched eight at a time (a byte-by-byte search was a tenth of a hit).
    package static func containsAtSign(_ text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            let count = bytes.count
            guard count >= 8 else { return bytes.contains(UInt8(ascii: "@")) }
            let raw = UnsafeRawPointer(base)
            // XOR turns each `@` into a zero byte; the expression is non-zero exactly when some
            // byte of the word is zero.
            func hasAt(_ offset: Int) -> Bool {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ 0x4040_4040_4040_4040
                return (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
            }
            var offset = 0
            while offset + 8 < count {
                if hasAt(offset) { return true }
                offset += 8
            }
            // The last word ends at the last byte (overlapping the one before): no byte-wise tail.
            return hasAt(count - 8)
        }
        return found ?? text.utf8.contains(UInt8(ascii: "@"))
    }

    /// The full key for a load of `url` with `context` and no options (see
    /// ``key(for:options:context:)``).
    public static func key(for url: URL?, context: ImageContext) -> String? {
        key(for: url, options: [], context: context)
    }
}
