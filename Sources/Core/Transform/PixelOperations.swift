/// Pixel-moving building blocks for the transformers.
enum PixelOperations {
    /// The pixels of `rect`, which must lie inside `source`.
    static func crop(_ source: PixelBuffer, to rect: PixelRect) -> PixelBuffer {
        var bytes = [UInt8]()
        bytes.reserveCapacity(rect.width * rect.height * 4)
        for row in rect.y..<rect.y + rect.height {
            let start = (row * source.width + rect.x) * 4
            bytes.append(contentsOf: source.bytes[start..<start + rect.width * 4])
        }
        return PixelBuffer(width: rect.width, height: rect.height, bytes: bytes)
    }

    /// A `width` × `height` buffer whose pixel (x, y) is `source`'s pixel at
    /// `from(x, y, width, height)`.
    static func remap(_ source: PixelBuffer, width: Int, height: Int,
                      from: (Int, Int, Int, Int) -> (Int, Int)) -> PixelBuffer {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        source.bytes.withUnsafeBufferPointer { src in
            bytes.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    for x in 0..<width {
                        let (sx, sy) = from(x, y, width, height)
                        let s = (sy * source.width + sx) * 4, d = (y * width + x) * 4
                        dst[d] = src[s]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s + 2]; dst[d + 3] = src[s + 3]
                    }
                }
            }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }
}
