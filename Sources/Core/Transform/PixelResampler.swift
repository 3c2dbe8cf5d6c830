/// Resizes RGBA pixels. Shrinking averages every source pixel that falls into a target pixel
/// (area/box filter, weighted by coverage), enlarging interpolates bilinearly. Colour is
/// weighted by alpha so transparent pixels do not darken edges.
public enum PixelResampler {
    /// `source` resized to exactly `size` (each side at least 1).
    public static func resize(_ source: PixelBuffer, to size: PixelSize) -> PixelBuffer {
        let width = max(1, size.width), height = max(1, size.height)
        guard source.width > 0, source.height > 0 else { return PixelBuffer(width: width, height: height) }
        if width == source.width && height == source.height { return source }
        // Separable: horizontal pass into a float buffer, then vertical.
        let horizontal = resample(source.bytes.map(Float.init), lines: source.height, from: source.width,
                                  to: width, stride: 1, lineStride: source.width, premultiplyInput: true)
        let vertical = resample(horizontal, lines: width, from: source.height, to: height,
                                stride: width, lineStride: 1, premultiplyInput: false)
        return PixelBuffer(width: width, height: height, bytes: unpremultiplied(vertical))
    }

    /// One pass along one axis over premultiplied values. Each line has `from` pixels spaced
    /// `stride` pixels apart; lines start `lineStride` pixels apart. The output has the same
    /// layout, except that a horizontal pass (`stride` 1) packs its lines `to` pixels apart.
    /// The first pass reads straight RGBA and premultiplies
    /// it on the fly (`premultiplyInput`); the second reads the first's premultiplied output.
    private static func resample(_ input: [Float], lines: Int, from: Int, to: Int,
                                 stride: Int, lineStride: Int, premultiplyInput: Bool) -> [Float] {
        let weights = to < from ? areaWeights(from: from, to: to) : bilinearWeights(from: from, to: to)
        let outLineStride = stride == 1 ? to : lineStride
        var output = [Float](repeating: 0, count: lines * to * 4)
        input.withUnsafeBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                for line in 0..<lines {
                    for (target, taps) in weights.enumerated() {
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        for (index, weight) in taps {
                            let i = (line * lineStride + index * stride) * 4
                            let alpha = src[i + 3]
                            let factor = premultiplyInput ? weight * alpha / 255 : weight
                            r += src[i] * factor
                            g += src[i + 1] * factor
                            b += src[i + 2] * factor
                            a += alpha * weight
                        }
                        let o = (line * outLineStride + target * stride) * 4
                        dst[o] = r; dst[o + 1] = g; dst[o + 2] = b; dst[o + 3] = a
                    }
                }
            }
        }
        return output
    }

    /// For each target pixel, the source pixels it covers and the share of each.
    private static func areaWeights(from: Int, to: Int) -> [[(Int, Float)]] {
        let scale = Double(from) / Double(to)
        return (0..<to).map { target in
            let start = Double(target) * scale, end = start + scale
            var taps: [(Int, Float)] = []
            var index = Int(start)
            while Double(index) < end && index < from {
                let overlap = min(end, Double(index + 1)) - max(start, Double(index))
                if overlap > 0 { taps.append((index, Float(overlap / scale))) }
                index += 1
            }
            return taps
        }
    }

    private static func bilinearWeights(from: Int, to: Int) -> [[(Int, Float)]] {
        let scale = Double(from) / Double(to)
        return (0..<to).map { target in
            let center = max(0, min(Double(from - 1), (Double(target) + 0.5) * scale - 0.5))
            let low = Int(center), high = min(low + 1, from - 1)
            let t = Float(center - Double(low))
            return high == low ? [(low, Float(1))] : [(low, 1 - t), (high, t)]
        }
    }

    private static func unpremultiplied(_ values: [Float]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: values.count)
        var i = 0
        while i < values.count {
            let alpha = values[i + 3]
            if alpha > 0 {
                let scale = 255 / alpha
                for c in 0..<3 { bytes[i + c] = clampToByte(values[i + c] * scale) }
            }
            bytes[i + 3] = clampToByte(alpha)
            i += 4
        }
        return bytes
    }

    @inline(__always)
    private static func clampToByte(_ value: Float) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}
