import OspreyCore
/// Renders the frames of an APNG (APNG specification, "Rendering") on an
/// ``AnimationCanvas``: each frame's sub-image is decoded, drawn at its offset with its
/// blend op, the canvas is read out as an output frame, and the frame's area is disposed of
/// before the next one. Cost per frame: its rectangle, plus one read of the canvas.
enum APNGComposer {
    /// The composed frames, each shrunk to `target` when that is smaller than the canvas.
    /// A frame that is also the default image takes `defaultImage` (its rows, decoded already
    /// as the file was read) or, without it, decodes `defaultImageData` (the `IDAT` stream).
    /// Checks `options.cancellation` before every frame (and the raster decoder between row
    /// bands within it).
    static func compose(_ animation: APNGAnimation, header: PNGHeader, colors: PNGColors,
                        defaultImage: PixelBuffer?, defaultImageData: [UInt8], target: PixelSize,
                        options: DecodeOptions) throws(ImageError) -> [ImageFrame] {
        var canvas = AnimationCanvas(size: PixelSize(width: header.width, height: header.height))
        var frames: [ImageFrame] = []
        frames.reserveCapacity(animation.frames.count)
        for (index, frame) in animation.frames.enumerated() {
            try options.checkCancellation()
            let image: PixelBuffer
            if frame.usesImageData, let defaultImage {
                image = defaultImage
            } else {
                image = try PNGRaster.decode(header: header.resized(width: frame.width, height: frame.height),
                                             colors: colors,
                                             data: frame.usesImageData ? defaultImageData : frame.data,
                                             cancellation: options.cancellation)
            }
            // The first frame replaces the (cleared) canvas whatever its blend op says.
            canvas.draw(image, x: frame.x, y: frame.y, blend: index == 0 ? .source : frame.blend.canvasBlend,
                        dispose: frame.dispose.canvasDispose)
            let pixels = target == canvas.size ? canvas.snapshot : canvas.downsampled(to: target)
            frames.append(ImageFrame(pixels: pixels, duration: frame.duration))
        }
        return frames
    }
}

extension APNGFrame.Blend {
    /// The canvas operation for this blend op.
    var canvasBlend: AnimationCanvas.Blend {
        switch self {
        case .source: .source
        case .over: .over
        }
    }
}

extension APNGFrame.Dispose {
    /// The canvas operation for this dispose op.
    var canvasDispose: AnimationCanvas.Dispose {
        switch self {
        case .none: .none
        case .background: .background
        case .previous: .previous
        }
    }
}
