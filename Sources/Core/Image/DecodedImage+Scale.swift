extension DecodedImage {
    /// This image at `scale` pixels per point (an `@2x` asset is drawn at 2): the same frames,
    /// shared, not copied; a lazy animation stays lazy. `self` when the scale is already that.
    public func withScale(_ scale: Double) -> DecodedImage {
        guard scale != self.scale, scale.isFinite, scale > 0 else { return self }
        if let source = frameSource {
            return DecodedImage(frameSource: source, format: format, scale: scale)
        }
        return DecodedImage(frames: frames, format: format, loopCount: loopCount, scale: scale,
                            framesDroppedByBudget: framesDroppedByBudget)
    }
}

extension PlatformImageBridge {
    /// The pixels per point `image` is drawn at (1 for an image that has no scale of its own).
    public static func scale(of image: PlatformImage) -> Double {
        #if canImport(UIKit)
        Double(image.scale)
        #elseif canImport(AppKit)
        AppleImageConversion.scale(of: image)
        #else
        image.scale
        #endif
    }

    /// `image` drawn at `scale` pixels per point — a `UIImage`'s `scale`, an `NSImage`'s size in
    /// points, a ``DecodedImage``'s ``DecodedImage/scale`` — with the same pixels (and frames).
    /// `image` itself when it has that scale already or cannot be rescaled.
    public static func withScale(_ image: PlatformImage, _ scale: Double) -> PlatformImage {
        guard scale.isFinite, scale > 0, self.scale(of: image) != scale else { return image }
        #if canImport(UIKit) || canImport(AppKit)
        return AppleImageConversion.withScale(image, scale)
        #else
        return image.withScale(scale)
        #endif
    }
}
