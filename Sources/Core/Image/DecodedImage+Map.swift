extension DecodedImage {
    /// A new image with `body` applied to every frame's pixels (durations, loop count, format,
    /// scale and colour profile kept); nil when `body` fails for any frame.
    ///
    /// On a lazy image the result is lazy too: `body` runs on frame 0 now (nil when it fails
    /// there) and on every other frame when that frame is asked for, so transforming an
    /// animation (``ImageOptions/transformAnimatedImage``, EXIF orientation) decodes nothing
    /// more up front. A later frame `body` declines comes out transparent (see
    /// `MappedFrameSource`). `body` is therefore escaping and `Sendable`.
    public func mapFrames(_ body: @escaping @Sendable (PixelBuffer) -> PixelBuffer?) -> DecodedImage? {
        if let source = frameSource {
            guard let mapped = MappedFrameSource(base: source, transform: body) else { return nil }
            return DecodedImage(frameSource: mapped, format: format, scale: scale).withColorProfile(colorProfile)
        }
        let frames = frames
        var mapped: [ImageFrame] = []
        mapped.reserveCapacity(frames.count)
        for frame in frames {
            guard let pixels = body(frame.pixels) else { return nil }
            mapped.append(ImageFrame(pixels: pixels, duration: frame.duration))
        }
        return DecodedImage(frames: mapped, format: format, loopCount: loopCount, scale: scale,
                            framesDroppedByBudget: framesDroppedByBudget).withColorProfile(colorProfile)
    }
}
