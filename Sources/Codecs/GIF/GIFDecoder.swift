import Foundation
import OspreyCore

/// Decodes GIF87a and GIF89a in pure Swift, still and animated, to 8-bit straight-alpha RGBA
/// frames the size of the logical screen, composed as browsers show them.
///
/// - Global and local colour tables, LZW with minimum code sizes 1–8 (codes of 2–12 bits),
///   interlaced frames, the graphic control extension (delay, transparent index, disposal
///   none / background / previous). "Restore to background" clears to transparent, as
///   browsers do (not to the background colour). Frames lying partly or wholly outside the
///   logical screen are clipped to it. Comments and unknown extensions are skipped.
/// - Frame durations as browsers play them: a delay of 0 or 1 (×10 ms) plays at 100 ms.
///   A single output frame has duration 0 (a still image).
/// - ``DecodedImage/loopCount`` counts plays, as for APNG: 0 = forever (a NETSCAPE2.0 or
///   ANIMEXTS1.0 count of 0); no loop extension = 1 (play once); a stored count `n` > 0
///   repeats `n` times after the first play, `n + 1` in all (as Chrome and Firefox do).
///   A still image has loop count 0.
/// - Damaged files: a frame whose data ends early (truncated file, a code out of range, a
///   missing end code) shows the pixels that arrived over the canvas; a frame that decodes
///   to nothing (bad minimum code size, no data) ends the animation before it. If no frame
///   decodes, or the header is damaged, the decode throws ``ImageError/Code/badImageData``.
/// - Limits, checked before allocating: the logical screen must pass
///   ``DecodeOptions/checkDecode(source:streamed:)`` (else ``ImageError/Code/imageTooLarge``).
///   An animation is decoded as its ``AnimationPlan`` says: composed now when its frames are
///   within ``DecodeOptions/lazyAnimationThreshold`` and its ``AnimationBudget`` (frame
///   rectangles and one canvas read per frame as work; canvas, output frames and frame
///   scratch as memory) fits; else lazily (``LazyAnimation`` over ``GIFFrameSequence``: frame 0
///   now, frame *n* when asked) when the lazy budget fits; otherwise only the first frame is
///   decoded, with ``DecodedImage/framesDroppedByBudget`` set. The frame decoded must itself fit
///   ``DecodeOptions/maxPixelCount`` and ``DecodeOptions/decodeWorkBudget``.
/// - ``DecodeOptions/firstFrameOnly`` stops parsing after the first image.
/// - Thumbnails (``DecodeOptions/thumbnailPixelSize``, ``DecodeOptions/scaleDownLargeImages``):
///   each composed frame is shrunk by streaming the canvas rows through the row downsampler.
/// - ``DecodeOptions/cancellation`` is checked before every frame; a cancelled decode throws
///   ``ImageError/Code/cancelled``.
///
/// One decoder: the one-shot decode is the incremental decoder's state
/// (``GIFIncrementalDecoder``) fed the whole file at once, so both parse each block once with
/// the same code and give the same image by construction.
///
/// Stateless and `Sendable`: one instance may decode on many threads at once.
public struct GIFDecoder: ImageDecoding {
    /// A GIF decoder.
    public init() {}

    /// Whether `data` starts with `GIF87a` or `GIF89a`.
    public func canDecode(_ data: Data) -> Bool {
        ImageFormat.detect(data) == .gif
    }

    /// Decodes `data` as `options` say (see the type's documentation for the rules).
    public func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        try GIFIncrementalState.decode(data, options: options)
    }

    /// The image of a parsed file. `resuming` holds the frames an incremental decode already
    /// composed eagerly from the same frames (its previews); an eager decode goes on from
    /// there instead of composing them again, any other plan starts afresh.
    static func image(of container: GIFContainer, options: DecodeOptions,
                      resuming: GIFComposedFrames?) throws(ImageError) -> DecodedImage {
        let screen = PixelSize(width: container.width, height: container.height)
        let target = try options.checkDecode(source: screen, streamed: false)
        guard !container.frames.isEmpty else { throw ImageError(.badImageData) }

        var frames = container.frames
        var plan = AnimationPlan.eager
        if frames.count > 1 {
            plan = AnimationPlan(canvas: screen, target: target, framePixelCounts: frames.map(\.pixelCount),
                                 options: options)
            if plan == .firstFrameOnly { frames = [frames[0]] }
        }
        if frames.count == 1 {
            let pixels = frames[0].pixelCount
            guard pixels <= options.maxPixelCount, pixels <= options.decodeWorkBudget else {
                throw ImageError(.imageTooLarge)
            }
        }
        if plan == .lazy, let image = try lazyImage(frames, screen: screen, target: target,
                                                    loopCount: container.loopCount, options: options) {
            return image
        }

        if frames.count == 1, target == screen, (resuming?.consumed ?? 0) == 0 {
            // A still image (or the first frame alone): straight into the output, no canvas.
            try options.checkCancellation()
            guard let pixels = GIFStillFrame.decode(frames[0], screen: screen) else { throw ImageError(.badImageData) }
            return DecodedImage(frames: [ImageFrame(pixels: pixels)], format: .gif,
                                framesDroppedByBudget: plan == .firstFrameOnly)
        }
        var composed = GIFComposedFrames(screen: screen, target: target)
        if plan == .eager, let resuming, resuming.consumed <= frames.count { composed = resuming }
        try options.checkCancellation()
        while !composed.ended && composed.consumed < frames.count {
            try options.checkCancellation()
            composed.compose(frames[composed.consumed])
        }
        var output = composed.output
        guard !output.isEmpty else { throw ImageError(.badImageData) }
        if output.count == 1 {
            output[0].duration = 0
            return DecodedImage(frames: output, format: .gif, framesDroppedByBudget: plan == .firstFrameOnly)
        }
        return DecodedImage(frames: output, format: .gif, loopCount: container.loopCount)
    }

    /// The lazy image of `frames`: cut before the first frame whose data decodes to nothing
    /// (one LZW code each, so the frame count is what the eager decode gives), frame 0 composed
    /// now. Nil when fewer than two frames remain (the caller decodes them eagerly then).
    private static func lazyImage(_ frames: [GIFFrame], screen: PixelSize, target: PixelSize, loopCount: Int,
                           options: DecodeOptions) throws(ImageError) -> DecodedImage? {
        var probe = GIFComposer(screen: PixelSize(width: 0, height: 0), target: PixelSize(width: 0, height: 0))
        var count = 0
        for frame in frames {
            if frame.pixelCount > 0 && !probe.decodesAnyPixel(frame) { break }
            count += 1
        }
        guard count > 1 else { return nil }
        try options.checkCancellation()
        let sequence = GIFFrameSequence(frames: Array(frames[..<count]), screen: screen, target: target,
                                        loopCount: loopCount)
        return DecodedImage(frameSource: LazyAnimation(composer: sequence), format: .gif)
    }
}

/// Frames composed eagerly, in order, on one composer: the one-shot decode's loop, kept
/// between calls so that an incremental decode composes each frame once.
struct GIFComposedFrames {
    private var composer: GIFComposer
    /// The composed frames, each with its duration.
    private(set) var output: [ImageFrame] = []
    /// Frames taken so far (composed, or the one that ended the animation).
    private(set) var consumed = 0
    /// A frame decoded to nothing: the animation ends before it (no frame is taken after).
    private(set) var ended = false

    init(screen: PixelSize, target: PixelSize) {
        composer = GIFComposer(screen: screen, target: target)
    }

    /// Composes the next frame (the caller passes the frames in order, none after ``ended``).
    mutating func compose(_ frame: GIFFrame) {
        consumed += 1
        let (pixels, decoded) = composer.compose(frame)
        if decoded == 0 && frame.pixelCount > 0 {   // nothing decodable: the animation ends here
            ended = true
            return
        }
        output.append(ImageFrame(pixels: pixels, duration: frame.duration))
    }
}
