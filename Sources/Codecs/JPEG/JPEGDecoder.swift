import Foundation
import OspreyCore

/// Decodes JPEG in pure Swift to 8-bit RGBA (alpha 255).
///
/// - Frames: baseline and extended sequential (SOF0/SOF1) and progressive (SOF2), 8-bit,
///   Huffman-coded; interleaved and non-interleaved scans, sampling factors 1–4, restart
///   intervals, DNL, 8- and 16-bit quantisation tables.
/// - Colour: grayscale, YCbCr, RGB, and CMYK/YCCK (Adobe) converted to RGB; ICC profiles are
///   ignored. Chroma is upsampled with libjpeg-turbo's "fancy" filter for 4:2:2, 4:2:0 and
///   4:4:0, and the IDCT is the accurate integer one, so pixels stay within a rounding step
///   or two of libjpeg-turbo's.
/// - Not supported (``ImageError/Code/unsupportedFormat``, the reason in `underlying` as a
///   ``JPEGUnsupportedFeature``): arithmetic coding, lossless, hierarchical, 12-bit.
/// - Damaged data: a truncated or partly corrupt file decodes what is there (the rest stays
///   mid-grey); a file with no decodable scan throws ``ImageError/Code/badImageData``.
///   Work is bounded by the image size and ``JPEGDecodeSession/maxScans``.
/// - The canvas is checked against ``DecodeOptions/maxPixelCount`` before anything is
///   allocated; with ``DecodeOptions/thumbnailPixelSize`` rows are shrunk as they are
///   produced (a box filter; DCT-scaled decoding is later work).
/// - EXIF orientation (APP1) is applied when ``DecodeOptions/applyOrientation`` is true.
/// - Limits: ``DecodeOptions/checkDecode(source:streamed:)`` on the frame header, not
///   streamed (the component planes are full size even for a thumbnail), so the source
///   counts against ``DecodeOptions/maxPixelCount`` and ``DecodeOptions/decodeWorkBudget``.
///   ``DecodeOptions/cancellation`` is checked before the decode, at every MCU row of every
///   scan, every block row of the progressive transform and every 64 output rows.
///
/// Stateless and `Sendable`: one instance may decode on many threads at once.
public struct JPEGDecoder: ImageDecoding {
    /// A JPEG decoder.
    public init() {}

    /// Whether `data` starts with the JPEG SOI marker followed by another marker.
    public func canDecode(_ data: Data) -> Bool {
        ImageFormat.detect(data) == .jpeg
    }

    /// Decodes `data` as `options` say (see the type's documentation for the rules).
    public func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        let bytes = [UInt8](data)
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<PixelBuffer, ImageError> in
            guard let base = buffer.baseAddress else { return .failure(ImageError(.badImageData)) }
            return Result { () throws(ImageError) -> PixelBuffer in
                try Self.decode(bytes: bytes, base: base, options: options)
            }
        }
        return DecodedImage(pixels: try result.get(), format: .jpeg)
    }

    private static func decode(bytes: [UInt8], base: UnsafePointer<UInt8>,
                               options: DecodeOptions) throws(ImageError) -> PixelBuffer {
        try options.checkCancellation()
        let session = JPEGDecodeSession(bytes: bytes, base: base, end: bytes.count, options: options)
        try session.run()
        guard session.geometry != nil, session.decodedSomething else { throw ImageError(.badImageData) }
        return try session.finishOutput()
    }
}
