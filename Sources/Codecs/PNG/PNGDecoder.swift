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
/// - The canvas (`IHDR`) and every APNG frame (`fcTL`) are checked against
///   ``DecodeOptions/maxPixelCount`` before any pixel memory is allocated
///   (``ImageError/Code/imageTooLarge``). An animation's frames together may hold at most
///   ``maxAnimationPixelFactor`` times that many pixels (after thumbnailing).
/// - With ``DecodeOptions/thumbnailPixelSize``, a non-interlaced image is shrunk while its
///   rows are decoded (box filter), so memory stays near the thumbnail's size.
/// - With ``DecodeOptions/firstFrameOnly`` an APNG decodes to its default image.
///   Otherwise its frames are composed on the canvas (dispose and blend ops), with their
///   durations and the loop count (`num_plays`, 0 = forever). A default image that is not
///   part of the animation is then skipped.
///
/// Stateless and `Sendable`: one instance may decode on many threads at once.
public struct PNGDecoder: ImageDecoding {
    /// How many canvases' worth of pixels (``DecodeOptions/maxPixelCount`` each) all frames
    /// of one animation may hold together: 4, i.e. 1 GiB of RGBA at the default limit.
    public static let maxAnimationPixelFactor = 4

    /// A PNG decoder.
    public init() {}

    /// Whether `data` starts with the PNG signature.
    public func canDecode(_ data: Data) -> Bool {
        ImageFormat.detect(data) == .png
    }

    /// Decodes `data` as `options` say (see the type's documentation for the rules).
    public func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        let bytes = [UInt8](data)
        let container = try PNGContainer(bytes, options: options)
        let header = container.header
        let orientation = options.applyOrientation ? container.orientation ?? .up : .up
        let stored = PixelSize(width: header.width, height: header.height)
        // The thumbnail fits the upright image; decode to that size as stored, then turn.
        let target = orientation.uprightSize(of: options.targetSize(for: orientation.uprightSize(of: stored)))
        let image = try decode(container, target: target, options: options)
        guard orientation != .up else { return image }
        return image.mapFrames { orientation.apply(to: $0) } ?? image
    }

    private func decode(_ container: PNGContainer, target: PixelSize,
                        options: DecodeOptions) throws(ImageError) -> DecodedImage {
        let header = container.header

        if let animation = container.animation, !animation.frames.isEmpty {
            let (budget, overflow) = max(options.maxPixelCount, 1)
                .multipliedReportingOverflow(by: Self.maxAnimationPixelFactor)
            guard overflow || target.pixelCount <= budget / animation.frames.count else {
                throw ImageError(.imageTooLarge)
            }
            var composer = APNGComposer(header: header, colors: container.colors)
            let frames = try composer.compose(animation, defaultImageData: container.imageData, target: target)
            return DecodedImage(frames: frames, format: .png, loopCount: animation.loopCount)
        }

        let pixels: PixelBuffer
        if target == PixelSize(width: header.width, height: header.height) {
            pixels = try PNGRaster.decode(header: header, colors: container.colors, data: container.imageData)
        } else {
            pixels = try PNGRaster.decodeThumbnail(header: header, colors: container.colors,
                                                   data: container.imageData, target: target)
        }
        return DecodedImage(pixels: pixels, format: .png)
    }
}
