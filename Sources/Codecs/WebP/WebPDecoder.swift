import Foundation
import OspreyCore

/// Decodes WebP in pure Swift to 8-bit straight-alpha RGBA: lossless (`VP8L`), lossy (`VP8 `,
/// through ``VP8Decoder``) with or without an `ALPH` plane, and animations (`ANIM`/`ANMF`).
///
/// - Container: RIFF/WEBP with `VP8 `, `VP8L` or `VP8X`; chunk sizes are checked against the
///   file, odd chunks are padded. `ICCP` becomes ``DecodedImage/colorProfile`` (converted to
///   sRGB, frame by frame once decoded, with ``DecodeOptions/convertToSRGB``); `EXIF`, `XMP ` and
///   unknown chunks are skipped; EXIF orientation is **not** applied (browsers do not apply it to WebP).
/// - Pixels equal libwebp's exactly (the corpus reference is Pillow over libwebp). When the file
///   says it has no alpha (no VP8X alpha flag; a VP8L header without the alpha hint), alpha is
///   255, as libwebp reports such images; a colour-index beyond the palette reads as black.
/// - Animations are composed as libwebp's `WebPAnimDecoder` does (``WebPComposer``): transparent
///   start and background, libwebp's blending. Durations in ms; ≤ 10 ms plays at 100 ms, as
///   browsers do. ``DecodedImage/loopCount`` is the ANIM loop count, which already counts plays
///   as ``DecodedImage/loopCount`` does for APNG (0 = forever; `n` = `n` plays, as Chrome plays
///   WebP). A single output frame has duration 0 and loop count 0 (a still image).
/// - Damaged files: a still image or first frame that cannot be decoded throws
///   ``ImageError/Code/badImageData``; a later frame that cannot be decoded ends the animation
///   before it. Lossy data throws ``ImageError/Code/unsupportedFormat`` while ``VP8Decoder`` is
///   not available.
/// - Limits, checked before allocating: the canvas must pass
///   ``DecodeOptions/checkDecode(source:streamed:)``; an animation is decoded as its
///   ``AnimationPlan`` says, as GIF and APNG are: composed now within
///   ``DecodeOptions/lazyAnimationThreshold`` and its ``AnimationBudget``; else lazily
///   (``LazyAnimation`` over ``WebPFrameSequence``: frame 0 now, frame *n* when asked — a later
///   frame found damaged only then shows as an empty frame instead of ending the animation);
///   otherwise its first frame alone, with ``DecodedImage/framesDroppedByBudget``.
///   ``DecodeOptions/firstFrameOnly`` composes frame 0.
/// - Thumbnails: a lossy image without alpha is shrunk while its macroblock rows are
///   converted (``VP8Decoder/decodeScaled(_:options:exact:)``: no full-size image); any other
///   still image is decoded at full size and shrunk through ``StreamingResampler``; animation
///   frames are composed on one full-size canvas and kept at the thumbnail size.
/// - ``DecodeOptions/cancellation`` is checked between frames and between rows of lossless
///   images; a cancelled decode throws ``ImageError/Code/cancelled``.
///
/// One decoder: the one-shot decode is the incremental decoder's state
/// (``WebPIncrementalDecoder``) fed the whole file at once, so every byte is decoded once and
/// the two give the same image by construction. The lossless and lossy decoders are resumable
/// (``VP8LBandDecoder``, ``VP8ResumableFrame``); given every byte at once they save and roll
/// back nothing. One decode is repeated, on purpose: a lazy animation's frame 0 is decoded
/// when the decode runs (a damaged one fails it, as it fails the eager decode) and again when
/// the ``LazyAnimation`` first shows it (it holds no frame ahead of being asked).
///
/// Stateless and `Sendable`: one instance may decode on many threads at once.
public struct WebPDecoder: ImageDecoding {
    /// A WebP decoder.
    public init() {}

    /// Whether `data` starts with a RIFF header of form `WEBP`.
    public func canDecode(_ data: Data) -> Bool {
        ImageFormat.detect(data) == .webp
    }

    /// Decodes `data` as `options` say (see the type's documentation for the rules).
    public func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        try WebPIncrementalState.decode(data, options: options)
    }
}
