import Foundation
import OspreyCore

/// How the cache stores an image it made (a transformed image, a thumbnail): as JPEG when the
/// source was lossy anyway, else as a fast PNG; an animation as APNG.
///
/// Re-encoding a lossy source losslessly buys nothing but bytes and time: a 12 MP photo with
/// round corners as PNG is ~17 MB and seconds of deflate, as JPEG quality 90 about the size of
/// the download and a tenth of a second. When such a result has transparency, its alpha is
/// kept exactly in the JPEG's private alpha segment (``ImageEncodeOptions/jpegAlphaSegment``):
/// the entry is for Osprey's decoder only, and other decoders still open it (opaque). A
/// lossless source (PNG, GIF, lossless WebP) keeps PNG, in the fast mode made for cache entries.
public struct CacheEncodingPolicy: Sendable, Hashable {
    /// The default JPEG quality for cache entries: 90.
    public static let defaultJPEGQuality = 90

    /// JPEG quality (1…100) for opaque images from lossy sources.
    public var jpegQuality: Int

    /// A policy writing JPEGs at `jpegQuality`.
    public init(jpegQuality: Int = CacheEncodingPolicy.defaultJPEGQuality) {
        self.jpegQuality = jpegQuality
    }

    /// The format and options for `image`, made from a source of `sourceFormat` whose bytes
    /// (when at hand) are `sourceData`. Reads the pixels once to see whether they are opaque.
    public func encoding(for image: DecodedImage, sourceFormat: ImageFormat, sourceData: Data?)
        -> (format: ImageFormat, options: ImageEncodeOptions) {
        if image.isAnimated { return (.png, ImageEncodeOptions()) }
        let lossySource = sourceFormat == .jpeg || (sourceFormat == .webp && sourceData.map(Self.isLossyWebP) == true)
        guard lossySource else {
            return (.png, ImageEncodeOptions(fastPNG: true))
        }
        var options = ImageEncodeOptions(quality: jpegQuality)
        // Transparency (round corners, a mask) rides along exactly in the entry's private alpha
        // segment, which Osprey's decoder reads back.
        options.jpegAlphaSegment = !Self.isOpaque(image.firstFrame)
        // Keep the source's chroma resolution: a 4:2:0 photo gains nothing from 4:4:4 but bytes.
        if sourceFormat == .jpeg, let sourceData, let sampling = Self.jpegSubsampling(sourceData) {
            options.chromaSubsampling = sampling
        } else {
            options.chromaSubsampling = .s420
        }
        return (.jpeg, options)
    }

    /// `image` encoded by `coders` as ``encoding(for:sourceFormat:sourceData:)`` says; nil
    /// when no encoder could write it.
    public func encode(_ image: DecodedImage, sourceFormat: ImageFormat, sourceData: Data?,
                       coders: ImageCoders) -> Data? {
        let (format, options) = encoding(for: image, sourceFormat: sourceFormat, sourceData: sourceData)
        if let data = try? coders.encode(image, format: format, options: options) { return data }
        return format == .png ? nil : try? coders.encode(image, format: .png, options: ImageEncodeOptions(fastPNG: true))
    }

    /// Whether every pixel's alpha is 255.
    static func isOpaque(_ pixels: PixelBuffer) -> Bool {
        pixels.bytes.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            let alpha = UInt32(0xFF).bigEndian == 0xFF ? UInt32(0xFF) : UInt32(0xFF00_0000)
            var all = alpha
            for word in words { all &= word }
            return all & alpha == alpha
        }
    }

    /// Whether a WebP file's image is VP8 (lossy) rather than VP8L: the first image chunk after
    /// the header (and the VP8X extension chunks) says.
    static func isLossyWebP(_ data: Data) -> Bool {
        let bytes = [UInt8](data.prefix(4096))
        var offset = 12
        while offset + 8 <= bytes.count {
            let tag = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            if tag == "VP8 " { return true }
            if tag == "VP8L" { return false }
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            offset += 8 + size + (size & 1)
        }
        return false
    }

    /// The chroma subsampling of a JPEG's frame (from its SOF), nil when not found or not
    /// one of 4:4:4, 4:2:2, 4:2:0.
    static func jpegSubsampling(_ data: Data) -> ImageEncodeOptions.ChromaSubsampling? {
        let bytes = [UInt8](data.prefix(1 << 16))
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if (0xC0...0xC2).contains(marker), offset + 13 <= bytes.count {
                guard bytes[offset + 9] == 3 else { return nil }
                switch bytes[offset + 11] {
                case 0x11: return .s444
                case 0x21: return .s422
                case 0x22: return .s420
                default: return nil
                }
            }
            offset += 2 + length
        }
        return nil
    }
}
