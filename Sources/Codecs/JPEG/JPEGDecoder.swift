import Foundation
import OspreyCore

/// Decodes JPEG in pure Swift to 8-bit RGBA (alpha 255).
///
/// - Frames: baseline and extended sequential (SOF0/SOF1) and progressive (SOF2), 8-bit,
///   Huffman-coded; interleaved and non-interleaved scans, sampling factors 1–4, restart
///   intervals, DNL, 8- and 16-bit quantisation tables.
/// - Colour: grayscale, YCbCr, RGB, and CMYK/YCCK (Adobe) converted to RGB. An ICC profile in
///   APP2 markers is reassembled (``ICCChunkAssembler``) into ``DecodedImage/colorProfile``;
///   with ``DecodeOptions/convertToSRGB`` RGB/YCbCr rows are converted to sRGB as they are
///   rendered (``SRGBConverter``). Chroma is upsampled with libjpeg-turbo's "fancy" filter for 4:2:2, 4:2:0 and
///   4:4:0, and the IDCT is the accurate integer one, so pixels stay within a rounding step
///   or two of libjpeg-turbo's.
/// - Not supported (``ImageError/Code/unsupportedFormat``, the reason in `underlying` as a
///   ``JPEGUnsupportedFeature``): arithmetic coding, lossless, hierarchical, 12-bit.
/// - Damaged data: a truncated or partly corrupt file decodes what is there (the rest stays
///   mid-grey); a file with no decodable scan throws ``ImageError/Code/badImageData``.
///   A progressive scan that does not advance the successive approximation of every
///   coefficient it codes (a repeat), or a file of more than ``JPEGDecodeSession/maxScans``
///   (500) scans, is ``ImageError/Code/badImageData``: so no file can make the decoder walk its
///   blocks more than a bounded number of times.
/// - Thumbnails (``DecodeOptions/thumbnailPixelSize``, ``DecodeOptions/scaleDownLargeImages``)
///   are DCT-scaled: blocks are transformed straight to 4 × 4, 2 × 2 or 1 × 1 samples
///   (libjpeg-turbo's reduced IDCTs), the smallest scale whose picture is still at least the
///   target (the target sized for the upright picture, so EXIF orientations 5–8 swap the axes),
///   then the streaming resampler makes the exact size row by row.
/// - Memory: a sequential frame coded in one interleaved scan (most files) is decoded into a
///   ring of three MCU rows and rendered while the scan goes on, so a thumbnail holds the output
///   plus a few MCU rows whatever the source size. Progressive frames (and sequential ones in
///   several scans) keep every coefficient until the last scan: 2 bytes per sample of every
///   component (36 MB for a 12 MP 4:2:0 file), in memory that is touched only where scans write
///   and given back band by band as the final render fills the output, so the peak is about
///   the larger of the two rather than their sum. A frame whose coefficients (or, for a
///   thumbnail, coefficients plus output) would exceed 1.25 × the RGBA canvas of
///   ``DecodeOptions/maxPixelCount`` + 32 MiB is ``ImageError/Code/imageTooLarge`` before
///   anything is allocated: at the default limit, 4:4:4 colour or CMYK progressive frames over
///   about 44 megapixels (any four-component 4:4:4 frame at 8192², 512 MiB of coefficients).
/// - Limits: the source counts against ``DecodeOptions/decodeWorkBudget`` (it is decoded in
///   full), and so does every progressive scan (its blocks × the coefficients of its band, four
///   coefficient visits a pixel), checked before the scan; a 1/8 thumbnail passes over the AC
///   scans of components it decodes from DC alone without decoding or counting them; and, at full size or when coefficients are kept, against
///   ``DecodeOptions/maxPixelCount``; a streamed thumbnail counts only its output and working
///   rows. All are checked before anything is allocated per pixel. ``DecodeOptions/cancellation``
///   is checked before the decode, at every MCU row of every scan, every MCU row of the
///   coefficient transform and every 64 output rows.
/// - EXIF orientation (APP1) is applied when ``DecodeOptions/applyOrientation`` is true.
/// - Alpha: an upright file that carries Osprey's private alpha segment (APP15, written with
///   ``ImageEncodeOptions/jpegAlphaSegment`` for cache entries) gets that alpha back; any
///   other JPEG decodes opaque.
/// - One decoder: this one-shot decode is the resumable session of ``JPEGIncrementalDecoder``
///   fed the whole file. The one file it decodes twice when fed in pieces: a frame whose height
///   is 0 in its header and defined by a DNL marker after the first scan. Its rows cannot be
///   laid out before that marker, so the incremental decoder shows no partial image and its
///   ``IncrementalImageDecoding/finish(allBytes:)`` decodes the whole file once more
///   (``IncrementalImageDecoding/finish()`` without the bytes throws
///   ``ImageError/Code/unsupportedFormat``). A one-shot decode reads the DNL first and decodes once.
///   A file the resumable decode rejects is also decoded once more by `finish(allBytes:)`, so
///   the error reported is the one-shot decode's.
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
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<DecodedImage, ImageError> in
            guard let base = buffer.baseAddress else { return .failure(ImageError(.badImageData)) }
            return Result { () throws(ImageError) -> DecodedImage in
                try Self.decode(bytes: bytes, base: base, options: options)
            }
        }
        return try result.get()
    }

    private static func decode(bytes: [UInt8], base: UnsafePointer<UInt8>,
                               options: DecodeOptions) throws(ImageError) -> DecodedImage {
        try options.checkCancellation()
        let session = JPEGDecodeSession(bytes: bytes, base: base, end: bytes.count, options: options)
        try session.run()
        guard let geometry = session.geometry, session.decodedSomething else { throw ImageError(.badImageData) }
        var pixels = try session.finishOutput()
        // Osprey's own cache entries may carry alpha beside the colour; an upright output only,
        // as those entries are written without an orientation.
        if session.outputOrientation == .up, geometry.width > 0 {
            JPEGAlphaSegment.restore(from: UnsafeBufferPointer(start: base, count: bytes.count),
                                     frameWidth: geometry.width, frameHeight: geometry.height, into: &pixels)
        }
        return DecodedImage(pixels: pixels, format: .jpeg).withColorProfile(session.outputProfile)
    }
}
