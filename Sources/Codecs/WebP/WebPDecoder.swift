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
/// - Thumbnails: each full-size result is shrunk through ``StreamingResampler``.
/// - ``DecodeOptions/cancellation`` is checked between frames and between rows of lossless
///   images; a cancelled decode throws ``ImageError/Code/cancelled``.
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
        let container = try WebPContainer([UInt8](data))
        return try decode(container, options: options).applyingColor(container.colorProfile, options: options)
    }

    private func decode(_ container: WebPContainer, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        let canvas = container.canvas
        let target = try options.checkDecode(source: canvas, streamed: false)
        try options.checkCancellation()
        if let still = container.still {
            if target != canvas, !still.lossless, still.alpha == nil,
               let pixels = try WebPImageDecoder.decodeLossyThumbnail(still, in: container.bytes, size: canvas,
                                                                       target: target, options: options) {
                return DecodedImage(frames: [ImageFrame(pixels: pixels)], format: .webp)
            }
            var pixels = try WebPImageDecoder.decode(still, in: container.bytes, size: canvas,
                                                     opaque: !container.hasAlpha, options: options)
            if target != canvas { pixels = StreamingResampler.resize(pixels, to: target) }
            return DecodedImage(frames: [ImageFrame(pixels: pixels)], format: .webp)
        }
        return try decodeAnimation(container, target: target, options: options)
    }

    private func decodeAnimation(_ container: WebPContainer, target: PixelSize,
                                 options: DecodeOptions) throws(ImageError) -> DecodedImage {
        var frames = container.frames
        var dropped = false
        if options.firstFrameOnly {
            frames = [frames[0]]
        } else if frames.count > 1 {
            switch AnimationPlan(canvas: container.canvas, target: target, framePixelCounts: frames.map(\.pixelCount),
                                 options: options) {
            case .eager: break
            case .lazy: return try lazyAnimation(container, target: target, options: options)
            case .firstFrameOnly:
                frames = [frames[0]]
                dropped = true
            }
        }
        var composer = WebPComposer(canvas: container.canvas, target: target, opaque: !container.hasAlpha)
        var output: [ImageFrame] = []
        output.reserveCapacity(frames.count)
        for frame in frames {
            try options.checkCancellation()
            let image: PixelBuffer, hasAlpha: Bool
            do throws(ImageError) {
                let size = PixelSize(width: frame.width, height: frame.height)
                image = try WebPImageDecoder.decode(frame.image, in: container.bytes, size: size, opaque: false,
                                                    options: options)
                let alphaHint = try WebPContainer.bitstreamSize(frame.image, in: container.bytes).alphaHint
                hasAlpha = frame.image.alpha != nil || (frame.image.lossless && alphaHint)
            } catch {
                // A damaged later frame ends the animation; any other error is the decode's.
                guard error.code == .badImageData, !output.isEmpty else { throw error }
                break
            }
            output.append(ImageFrame(pixels: composer.compose(frame, image: image, hasAlpha: hasAlpha),
                                     duration: frame.duration))
        }
        if output.count == 1 {
            output[0].duration = 0
            return DecodedImage(frames: output, format: .webp, framesDroppedByBudget: dropped)
        }
        return DecodedImage(frames: output, format: .webp, loopCount: container.loopCount)
    }

    /// The lazy image of the animation, frame 0 decoded now: a damaged first frame throws as
    /// the eager decode does.
    private func lazyAnimation(_ container: WebPContainer, target: PixelSize,
                               options: DecodeOptions) throws(ImageError) -> DecodedImage {
        let first = container.frames[0]
        _ = try WebPImageDecoder.decode(first.image, in: container.bytes,
                                        size: PixelSize(width: first.width, height: first.height),
                                        opaque: false, options: options)
        try options.checkCancellation()
        let sequence = WebPFrameSequence(frames: container.frames, bytes: container.bytes, canvas: container.canvas,
                                         target: target, opaque: !container.hasAlpha,
                                         loopCount: container.loopCount, options: options)
        return DecodedImage(frameSource: LazyAnimation(composer: sequence), format: .webp)
    }
}
