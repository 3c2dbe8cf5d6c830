import Foundation
import OspreyCore

/// Decodes PNG and APNG in pure Swift: every colour type and bit depth, `PLTE` and `tRNS`,
/// Adam7 interlacing, and APNG animations, to 8-bit straight-alpha RGBA.
///
/// - 16-bit samples keep their high byte; there is no gamma or colour-profile conversion.
/// - With ``DecodeOptions/applyOrientation`` (the default) an `eXIf` orientation is applied
///   (as browsers do), to every frame; a thumbnail then fits the upright image.
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
///   a non-interlaced image is shrunk while its rows are decoded (``StreamingResampler``'s
///   exact area filter), so memory stays near the output's size; its source may then exceed
///   ``DecodeOptions/maxPixelCount``.
/// - With ``DecodeOptions/firstFrameOnly`` an APNG decodes to its default image.
///   Otherwise its frames are composed on an ``AnimationCanvas`` (dispose and blend ops),
///   with their durations and the loop count (`num_plays`, 0 = forever). A default image that
///   is not part of the animation is then skipped.
/// - ``DecodeOptions/cancellation`` is checked between frames and between bands of rows;
///   a cancelled decode throws ``ImageError/Code/cancelled``.
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
        let bytes = [UInt8](data)
        var container = try PNGContainer(bytes, options: options)
        let orientation = options.applyOrientation ? container.orientation ?? .up : .up
        guard orientation != .up else { return try decode(container, options: options) }
        var stored = options
        if orientation.swapsAxes, let box = options.thumbnailPixelSize {
            // The thumbnail fits the upright image: decode the stored (turned) image into the
            // turned box. Only rotated PNGs with a thumbnail size parse twice.
            stored.thumbnailPixelSize = PixelSize(width: box.height, height: box.width)
            container = try PNGContainer(bytes, options: stored)
        }
        let image = try decode(container, options: stored)
        return image.mapFrames { orientation.apply(to: $0) } ?? image
    }

    private func decode(_ container: PNGContainer, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        let header = container.header
        let canvas = PixelSize(width: header.width, height: header.height)

        var droppedFrames = false
        if let animation = container.animation, !animation.frames.isEmpty {
            let target = options.targetSize(for: canvas)
            switch AnimationPlan(canvas: canvas, target: target, framePixelCounts: animation.framePixelCounts,
                                 options: options) {
            case .eager:
                let frames = try APNGComposer.compose(animation, header: header, colors: container.colors,
                                                      defaultImageData: container.imageData, target: target,
                                                      options: options)
                return DecodedImage(frames: frames, format: .png, loopCount: animation.loopCount)
            case .lazy:
                try options.checkCancellation()
                let sequence = APNGFrameSequence(animation: animation, header: header, colors: container.colors,
                                                 defaultImageData: container.imageData, target: target)
                return DecodedImage(frameSource: LazyAnimation(composer: sequence), format: .png)
            case .firstFrameOnly:
                droppedFrames = true
            }
        }

        let pixels: PixelBuffer
        if container.target == canvas {
            pixels = try PNGRaster.decode(header: header, colors: container.colors, data: container.imageData,
                                          cancellation: options.cancellation)
        } else {
            pixels = try PNGRaster.decodeThumbnail(header: header, colors: container.colors,
                                                   data: container.imageData, target: container.target,
                                                   cancellation: options.cancellation)
        }
        return DecodedImage(frames: [ImageFrame(pixels: pixels)], format: .png, framesDroppedByBudget: droppedFrames)
    }
}
