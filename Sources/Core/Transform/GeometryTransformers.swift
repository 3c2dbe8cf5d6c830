/// Resizes to a target size, after `SDImageResizingTransformer`.
///
/// Every frame goes through the streaming area resampler (exact box averaging with
/// alpha-weighted colour, in fixed point; see `StreamingResampler`), the same filter that
/// thumbnail decoding uses, so a transformer and a thumbnail decode of one size agree.
public struct ResizingTransformer: ImageTransformer {
    /// How the image meets the target size.
    public enum Mode: String, Sendable, Hashable {
        /// Scale to cover the whole size, then crop the overflow equally on both sides:
        /// the result is exactly `size`.
        case fill
        /// Scale to fit inside the size, keeping the aspect ratio: the result may be smaller
        /// than `size` on one side.
        case fit
        /// Scale each side independently to exactly `size`.
        case stretch
    }

    /// The target size in pixels.
    public var size: PixelSize
    /// How the image meets `size`.
    public var mode: Mode

    /// Resizes to `size` in `mode` (default ``Mode/fill``).
    public init(size: PixelSize, mode: Mode = .fill) {
        self.size = size
        self.mode = mode
    }

    public var key: String { "Resizing(\(size.width)x\(size.height),\(mode.rawValue))" }

    public func transform(_ image: DecodedImage) -> DecodedImage? { transformWithDefaultLimit(image) }

    /// Checks the target size (and, for ``Mode/fill``, the scaled canvas it crops from) against
    /// `maxPixelCount` before anything is allocated.
    public func transform(_ image: DecodedImage, maxPixelCount: Int) throws(ImageError) -> DecodedImage? {
        try TransformCheck.canvas(size, maxPixelCount: maxPixelCount)
        let source = image.pixelSize
        guard source.width > 0, source.height > 0 else { throw ImageError(.invalidTransform) }
        let target = size
        switch mode {
        case .stretch:
            return image.mapFrames { StreamingResampler.resize($0, to: target) }
        case .fit:
            let fitted = DecodeOptions.fitting(source, inside: target)
            return image.mapFrames { StreamingResampler.resize($0, to: fitted) }
        case .fill:
            let ratio = max(Double(target.width) / Double(source.width), Double(target.height) / Double(source.height))
            let width = (Double(source.width) * ratio).rounded(), height = (Double(source.height) * ratio).rounded()
            // The whole scaled image is made before the crop: it must fit the limit too (and
            // checking in floating point first keeps the conversions below from trapping).
            guard width * height <= Double(maxPixelCount) else { throw ImageError(.imageTooLarge) }
            let scaled = PixelSize(width: max(target.width, Int(width)), height: max(target.height, Int(height)))
            try TransformCheck.canvas(scaled, maxPixelCount: maxPixelCount)
            let crop = PixelRect(x: (scaled.width - target.width) / 2, y: (scaled.height - target.height) / 2,
                                 width: target.width, height: target.height)
            return image.mapFrames { PixelOperations.crop(StreamingResampler.resize($0, to: scaled), to: crop) }
        }
    }
}

/// Cuts out a rectangle, after `SDImageCroppingTransformer`.
public struct CroppingTransformer: ImageTransformer {
    /// The rectangle to keep, in pixels; clipped to the image.
    public var rect: PixelRect

    /// Keeps `rect` of the image.
    public init(rect: PixelRect) { self.rect = rect }

    public var key: String { "Cropping(\(rect))" }

    public func transform(_ image: DecodedImage) -> DecodedImage? { transformWithDefaultLimit(image) }

    /// Throws ``ImageError/Code/invalidTransform`` for an empty or negative rectangle or one
    /// outside the image; the output is never larger than the input.
    public func transform(_ image: DecodedImage, maxPixelCount: Int) throws(ImageError) -> DecodedImage? {
        guard rect.width > 0, rect.height > 0, let clipped = rect.clamped(to: image.pixelSize) else {
            throw ImageError(.invalidTransform)
        }
        try TransformCheck.canvas(PixelSize(width: clipped.width, height: clipped.height), maxPixelCount: maxPixelCount)
        return image.mapFrames { PixelOperations.crop($0, to: clipped) }
    }
}

/// Mirrors the image, after `SDImageFlippingTransformer`.
public struct FlippingTransformer: ImageTransformer {
    /// Mirror left–right.
    public var horizontal: Bool
    /// Mirror top–bottom.
    public var vertical: Bool

    /// Mirrors along the chosen axes.
    public init(horizontal: Bool, vertical: Bool) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public var key: String { "Flipping(\(horizontal ? "h" : "")\(vertical ? "v" : ""))" }

    public func transform(_ image: DecodedImage) -> DecodedImage? {
        image.mapFrames { PixelOperations.remap($0, width: $0.width, height: $0.height) { x, y, w, h in
            (horizontal ? w - 1 - x : x, vertical ? h - 1 - y : y)
        } }
    }
}

/// Turns the image by multiples of 90°, after `SDImageRotationTransformer` (right angles only:
/// lossless and exact).
public struct RotatingTransformer: ImageTransformer {
    /// Quarter turns clockwise; negative turns counter-clockwise.
    public var quarterTurns: Int

    /// Rotates by `quarterTurns` × 90° clockwise.
    public init(quarterTurns: Int) { self.quarterTurns = quarterTurns }

    private var normalizedTurns: Int { ((quarterTurns % 4) + 4) % 4 }

    public var key: String { "Rotating(\(normalizedTurns))" }

    public func transform(_ image: DecodedImage) -> DecodedImage? {
        let turns = normalizedTurns
        return image.mapFrames { source in
            let swapped = turns % 2 == 1
            let width = swapped ? source.height : source.width
            let height = swapped ? source.width : source.height
            // For each output pixel, the source pixel it shows.
            return PixelOperations.remap(source, width: width, height: height) { x, y, _, _ in
                switch turns {
                case 1: (y, source.height - 1 - x)
                case 2: (source.width - 1 - x, source.height - 1 - y)
                case 3: (source.width - 1 - y, x)
                default: (x, y)
                }
            }
        }
    }
}
