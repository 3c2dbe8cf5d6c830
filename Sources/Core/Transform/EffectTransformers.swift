/// Rounds the corners by making them transparent, after `SDImageRoundCornerTransformer`.
/// Edges are anti-aliased by the share of each pixel inside the rounded rectangle.
public struct RoundCornerTransformer: ImageTransformer {
    /// Corner radius in pixels (clamped to half the shorter side).
    public var radius: Double

    /// Rounds every corner with `radius` pixels.
    public init(radius: Double) { self.radius = radius }

    public var key: String { "RoundCorner(\(radius))" }

    public func transform(_ image: DecodedImage) -> DecodedImage? {
        guard radius > 0 else { return image }
        return image.mapFrames { source in
            var pixels = source
            let r = min(radius, Double(min(source.width, source.height)) / 2)
            let span = Int(r.rounded(.up))
            for y in 0..<min(span, source.height) {
                for x in 0..<min(span, source.width) {
                    // Coverage of this corner pixel, sampled at 4×4 points.
                    var inside = 0
                    for sy in 0..<4 {
                        for sx in 0..<4 {
                            let px = Double(x) + (Double(sx) + 0.5) / 4, py = Double(y) + (Double(sy) + 0.5) / 4
                            let dx = r - px, dy = r - py
                            if px >= r || py >= r || dx * dx + dy * dy <= r * r { inside += 1 }
                        }
                    }
                    guard inside < 16 else { continue }
                    for (cx, cy) in [(x, y), (source.width - 1 - x, y), (x, source.height - 1 - y),
                                     (source.width - 1 - x, source.height - 1 - y)] {
                        let i = (cy * source.width + cx) * 4 + 3
                        pixels.bytes[i] = UInt8(Int(source.bytes[i]) * inside / 16)
                    }
                }
            }
            return pixels
        }
    }
}

/// Applies transformers in order, after `SDImagePipelineTransformer`.
public struct PipelineTransformer: ImageTransformer {
    /// The transformers, applied first to last.
    public var transformers: [any ImageTransformer]

    /// Chains `transformers`.
    public init(_ transformers: [any ImageTransformer]) { self.transformers = transformers }

    public var key: String { transformers.map(\.key).joined(separator: "-") }

    /// Nil as soon as one step declines.
    public func transform(_ image: DecodedImage) -> DecodedImage? { transformWithDefaultLimit(image) }

    /// Every step checked against `maxPixelCount`; nil as soon as one step declines, the
    /// first step's error when one fails.
    public func transform(_ image: DecodedImage, maxPixelCount: Int) throws(ImageError) -> DecodedImage? {
        var current = image
        for transformer in transformers {
            guard let next = try transformer.transform(current, maxPixelCount: maxPixelCount) else { return nil }
            current = next
        }
        return current
    }
}
