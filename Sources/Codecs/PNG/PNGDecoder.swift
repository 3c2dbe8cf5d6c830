import Foundation
import OspreyCore

/// Decodes PNG and APNG in pure Swift: every colour type and bit depth, `PLTE` and `tRNS`,
/// Adam7 interlacing, and APNG animations, to 8-bit straight-alpha RGBA.
///
/// - 16-bit samples keep their high byte; there is no gamma or colour-profile conversion.
/// - With ``DecodeOptions/applyOrientation`` (the default) an `eXIf` orientation is applied
///   (as browsers do), to every frame; a thumbnail then fits the upright image. (An `eXIf`
///   after the image data, which the specification does not allow, comes too late to turn the
///   box the rows are shrunk into: a thumbnail that does not fit upright is shrunk once more.)
/// - Every chunk's CRC and the zlib checksum are verified; corrupt, truncated or
///   non-conforming data throws ``ImageError/Code/badImageData``.
/// - Limits, all checked before the work or allocation they bound: the default image must
///   pass ``DecodeOptions/checkDecode(source:streamed:)`` (``DecodeOptions/maxPixelCount``
///   per allocated canvas, the source within ``DecodeOptions/decodeWorkBudget``), or the
///   decode throws ``ImageError/Code/imageTooLarge``. An animation is decoded as its
///   ``AnimationPlan`` says: composed now when its frames are within
///   ``DecodeOptions/lazyAnimationThreshold`` and its ``AnimationBudget`` (frames × canvas
///   work, canvas and frames in memory) fits; else lazily (``APNGFrameSequence``: frame *n*
///   composed when asked) when the lazy budget fits; otherwise the decoder returns the default
///   image alone with ``DecodedImage/framesDroppedByBudget`` set.
/// - With ``DecodeOptions/thumbnailPixelSize`` (or ``DecodeOptions/scaleDownLargeImages``),
///   the image is shrunk while its rows are decoded (``StreamingResampler``'s exact area
///   filter), so memory stays near the output's size: a plain image streams its rows through
///   the resampler (its source may then exceed ``DecodeOptions/maxPixelCount``), an Adam7
///   image adds each pass row to the thumbnail's sums, with the same pixels as shrinking the
///   finished image. An animation's frames are composed on one full-size canvas and kept at
///   the thumbnail size.
/// - With ``DecodeOptions/firstFrameOnly`` an APNG decodes to its default image.
///   Otherwise its frames are composed on an ``AnimationCanvas`` (dispose and blend ops),
///   with their durations and the loop count (`num_plays`, 0 = forever). A default image that
///   is not part of the animation is then skipped.
/// - ``DecodeOptions/cancellation`` is checked between frames and between bands of rows;
///   a cancelled decode throws ``ImageError/Code/cancelled``.
///
/// One decoder: the one-shot decode is the incremental decoder's state
/// (``PNGIncrementalDecoder``) fed the whole file at once, so every byte is inflated and every
/// row unfiltered once, and the two give the same image by construction.
///
/// Stateless and `Sendable`: one instance may decode on many threads at once.
public struct PNGDecoder: ImageDecoding {
    /// A PNG decoder.
    public init() {}

    /// Whether `data` starts with the PNG signature.
    public func canDecode(_ data: Data) -> Bool {
        ImageFormat.detect(data) == .png
    }

    /// Decodes `data` as `options` say (see the type's documentation for the rules).
    public func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        try PNGIncrementalState.decode(data, options: options)
    }
}

extension PNGDecoder {
    /// For the benchmarks and memory tests: a one-shot decode of `data`, with the most bytes it
    /// held for the image (a full-size canvas, which becomes the output, or a thumbnail's
    /// working memory; the row window; the compressed input), counted as
    /// ``StreamingResampler/workingBytes`` counts the resampler's.
    package static func decodeCountingWorkingBytes(_ data: Data, options: DecodeOptions) throws(ImageError)
        -> (image: DecodedImage, workingBytes: Int) {
        try PNGIncrementalState.decodeMeasured(data, options: options)
    }
}
