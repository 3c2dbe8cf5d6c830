import Foundation
import OspreyCore

/// Decodes Windows and OS/2 bitmaps (BMP) in pure Swift, to 8-bit straight-alpha RGBA.
///
/// - Headers: OS/2 1.x (BITMAPCOREHEADER), BITMAPINFOHEADER and its V2–V5 extensions, OS/2 2.x.
/// - Pixels: 1, 2, 4 and 8-bit palettes (short palettes, and palettes longer than the depth
///   indexes); 16, 24 and 32-bit direct colour with or without bit fields, any masks, alpha
///   from a V3+ alpha mask or `BI_ALPHABITFIELDS`; RLE4 and RLE8 with deltas and end-of-line
///   codes (pixels the runs never set are transparent); bottom-up and top-down rows.
///   32-bit pixels without bit fields are opaque (the fourth byte is unused in a BMP), as in
///   Pillow and browsers.
/// - Embedded JPEG or PNG data (`BI_JPEG`, `BI_PNG`) is decoded through
///   ``ImageCoders/shared`` (only when the data really is that format, so a file cannot nest
///   itself) and reported as a BMP; that decoder's errors pass through (a JPEG process no
///   decoder reads is ``ImageError/Code/unsupportedFormat``).
/// - Limits, checked before allocating: ``DecodeOptions/checkDecode(source:streamed:)``
///   (``DecodeOptions/maxPixelCount``, ``DecodeOptions/decodeWorkBudget``) throws
///   ``ImageError/Code/imageTooLarge``. Damaged or unsupported variants (OS/2 Huffman and RLE24)
///   throw ``ImageError/Code/badImageData``.
/// - A thumbnail (``DecodeOptions/thumbnailPixelSize``, ``DecodeOptions/scaleDownLargeImages``)
///   of uncompressed pixels streams rows through ``StreamingResampler``, holding the output
///   and one row, so its source may exceed ``DecodeOptions/maxPixelCount``.
/// - ``DecodeOptions/cancellation`` is checked between bands of rows.
///
/// Stateless and `Sendable`: one instance may decode on many threads at once.
public struct BMPDecoder: ImageDecoding {
    /// A BMP decoder.
    public init() {}

    /// Whether `data` starts like a BMP file (``ImageFormat/detect(_:)``).
    public func canDecode(_ data: Data) -> Bool {
        ImageFormat.detect(data) == .bmp
    }

    /// Decodes `data` as `options` say (see the type's documentation for the rules).
    public func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        let bytes = [UInt8](data)
        let header = try BMPHeader(bytes)
        switch header.compression {
        case .jpeg, .png:
            return try Self.decodeEmbedded(header, bytes: bytes, options: options)
        default:
            let pixels = try Self.decodePixels(header, bytes: bytes, masks: header.masks, options: options)
            return DecodedImage(pixels: pixels, format: .bmp)
        }
    }

    /// Checks the limits for `header`'s image and decodes its pixels, shrunk as `options` ask.
    static func decodePixels(_ header: BMPHeader, bytes: [UInt8], masks: BMPChannelMasks,
                             options: DecodeOptions) throws(ImageError) -> PixelBuffer {
        let source = PixelSize(width: header.width, height: header.height)
        let streamed = header.compression == .none || header.compression == .bitFields
        let target = try options.checkDecode(source: source, streamed: streamed)
        return try BMPRaster.decode(header, bytes: bytes, masks: masks, target: target, options: options)
    }

    /// A JPEG or PNG file inside a BMP: its bytes run from the pixel offset to the end.
    private static func decodeEmbedded(_ header: BMPHeader, bytes: [UInt8],
                                       options: DecodeOptions) throws(ImageError) -> DecodedImage {
        let embedded = Data(bytes[header.pixelOffset...])
        let expected: ImageFormat = header.compression == .png ? .png : .jpeg
        guard ImageFormat.detect(embedded) == expected else { throw ImageError(.badImageData) }
        var inner = options
        inner.firstFrameOnly = true   // a bitmap is one picture
        let image = try ImageCoders.shared.decode(embedded, options: inner)
        return DecodedImage(pixels: image.frames[0].pixels, format: .bmp)
    }
}
