import OspreyCore
/// The colour type the encoder writes, chosen so that no information is lost: grey when
/// every pixel has R = G = B, without alpha when every pixel is opaque.
struct PNGPixelLayout {
    let colorType: PNGHeader.ColorType

    /// Looks at every pixel of every frame (the frames of an APNG share one colour type).
    init(analyzing buffers: [PixelBuffer]) {
        var opaque = true
        var gray = true
        for buffer in buffers {
            buffer.bytes.withUnsafeBytes { raw in
                // One little-endian word per pixel (R in the low byte). Chunks of pixels are
                // folded branch-free (an AND for alpha, an OR of R^G and G^B for colour), and
                // the scan stops once both answers are known.
                let pixels = raw.count / 4
                var start = 0
                while start < pixels && (opaque || gray) {
                    let end = min(pixels, start + 4096)
                    var all: UInt32 = 0xFFFF_FFFF, colour: UInt32 = 0
                    for i in start..<end {
                        let word = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
                        all &= word
                        colour |= (word ^ (word &>> 8)) & 0xFFFF
                    }
                    if all >> 24 != 0xFF { opaque = false }
                    if colour != 0 { gray = false }
                    start = end
                }
            }
        }
        colorType = switch (gray, opaque) {
        case (true, true): .gray
        case (false, true): .rgb
        case (true, false): .grayAlpha
        case (false, false): .rgba
        }
    }

    /// `pixels` as unfiltered rows of this colour type (8 bits per sample).
    func rows(of pixels: PixelBuffer) -> [UInt8] {
        if colorType == .rgba { return pixels.bytes }
        let channels = colorType.channels
        let pixelCount = pixels.width * pixels.height
        return [UInt8](unsafeUninitializedCapacity: pixelCount * channels) { output, count in
            pixels.bytes.withUnsafeBufferPointer { source in
                for pixel in 0..<pixelCount {
                    let from = pixel * 4
                    let to = pixel * channels
                    switch colorType {
                    case .gray:
                        output[to] = source[from]
                    case .grayAlpha:
                        output[to] = source[from]
                        output[to + 1] = source[from + 3]
                    default:
                        output[to] = source[from]
                        output[to + 1] = source[from + 1]
                        output[to + 2] = source[from + 2]
                    }
                }
            }
            count = pixelCount * channels
        }
    }
}
