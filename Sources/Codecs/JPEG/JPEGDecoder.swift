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
/// - Thumbnails (``DecodeOptions/thumbnailPixelSize``, ``DecodeOptions/scaleDownLargeImages``)
///   are DCT-scaled: blocks are transformed straight to 4 × 4, 2 × 2 or 1 × 1 samples
///   (libjpeg-turbo's reduced IDCTs), the smallest scale whose picture is still at least the
///   target (the target sized for the upright picture, so EXIF orientations 5–8 swap the axes),
///   then the streaming resampler makes the exact size row by row.
/// - Memory: a sequential frame coded in one interleaved scan (most files) is decoded into a
///   ring of three MCU rows and rendered while the scan goes on, so a thumbnail holds the output
///   plus a few MCU rows whatever the source size. Progressive frames (and sequential ones in
///   several scans) keep every coefficient until the last scan: 2 bytes per sample of every
///   component (36 MB for a 12 MP 4:2:0 file), then render per MCU row the same way.
/// - Limits: the source counts against ``DecodeOptions/decodeWorkBudget`` (it is decoded in
///   full) and, at full size or when coefficients are kept, against
///   ``DecodeOptions/maxPixelCount``; a streamed thumbnail counts only its output and working
///   rows. All are checked before anything is allocated per pixel. ``DecodeOptions/cancellation``
///   is checked before the decode, at every MCU row of every scan, every MCU row of the
///   coefficient transform and every 64 output rows.
/// - EXIF orientation (APP1) is applied when ``DecodeOptions/applyOrientation`` is true.
/// - Incremental decoding (progressive loading): ``JPEGIncrementalDecoder``, from
///   ``makeIncrementalDecoder(options:)``, resumes as bytes arrive and ends with this decoder's
///   image.
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
