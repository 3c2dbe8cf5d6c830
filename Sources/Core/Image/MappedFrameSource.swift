/// A lazy animation with a pixel transformation applied to each frame as it is asked for
/// (``DecodedImage/mapFrames(_:)`` on a lazy image, so `.transformAnimatedImage` and EXIF
/// orientation stay lazy).
///
/// The first frame is transformed at creation, which fixes ``frameSize`` and tells whether the
/// transformation works at all. A later frame the transformation declines, or turns into a
/// different size, comes out transparent at ``frameSize`` (a transformation that depends only
/// on the frame size, as every built-in one does, never does that).
///
/// Holds the base source, the transformed first frame and the last transformed frame
/// (behind `last`'s lock, never held while the base composes).
final class MappedFrameSource: AnimationFrameSource {
    private let base: any AnimationFrameSource
    private let transform: @Sendable (PixelBuffer) -> PixelBuffer?
    private let first: PixelBuffer
    /// The frame transformed last. Only touched inside `last.withLock`.
    private let last = Locked<(index: Int, pixels: PixelBuffer)?>(nil)

    /// `base` with `transform` applied per frame; nil when `transform` declines frame 0.
    init?(base: any AnimationFrameSource, transform: @escaping @Sendable (PixelBuffer) -> PixelBuffer?) {
        guard let first = transform(base.pixels(ofFrame: 0)) else { return nil }
        self.base = base
        self.transform = transform
        self.first = first
    }

    var frameSize: PixelSize { first.size }
    var frameCount: Int { base.frameCount }
    var loopCount: Int { base.loopCount }
    func duration(ofFrame index: Int) -> Double { base.duration(ofFrame: index) }

    /// The base's cost, plus the two transformed frames held here.
    var cost: Int { base.cost + 2 * frameSize.pixelCount * 4 }

    func pixels(ofFrame index: Int) -> PixelBuffer {
        if index == 0 { return first }
        if let hit = last.withLock({ $0?.index == index ? $0?.pixels : nil }) { return hit }
        let pixels = mapped(base.pixels(ofFrame: index))
        last.withLock { $0 = (index, pixels) }
        return pixels
    }

    func cachedPixels(ofFrame index: Int) -> PixelBuffer? {
        if index == 0 { return first }
        return last.withLock { $0?.index == index ? $0?.pixels : nil }
    }

    func allFrames() -> [ImageFrame] {
        base.allFrames().map { ImageFrame(pixels: mapped($0.pixels), duration: $0.duration) }
    }

    private func mapped(_ pixels: PixelBuffer) -> PixelBuffer {
        if let result = transform(pixels), result.size == frameSize { return result }
        return PixelBuffer(width: frameSize.width, height: frameSize.height)
    }
}
