import OspreyCore

/// The registry's guarantee that every decoder honours the thumbnail options, also one
/// plugged in by an app that ignores them.
extension ImageCoders {
    /// `image` shrunk to ``DecodeOptions/targetSize(for:)`` when it is larger, with
    /// ``StreamingResampler`` (the area filter the built-in decoders use), each frame alike;
    /// `image` itself when it already fits (every built-in decoder's output does, so they pay
    /// one size comparison). A lazy animation stays lazy: each frame is shrunk when asked for.
    ///
    /// Only ever shrinks: ``DecodeOptions/thumbnailPixelSize`` and
    /// ``DecodeOptions/scaleDownLargeImages`` never enlarge an image.
    static func fittingThumbnail(_ image: DecodedImage, options: DecodeOptions) -> DecodedImage {
        guard options.thumbnailPixelSize != nil || options.scaleDownLargeImages else { return image }
        let size = image.pixelSize
        let target = options.targetSize(for: size)
        guard target != size, target.width <= size.width, target.height <= size.height else { return image }
        return image.mapFrames { StreamingResampler.resize($0, to: target) } ?? image
    }
}
