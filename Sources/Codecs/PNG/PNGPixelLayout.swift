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
            buffer.bytes.withUnsafeBufferPointer { bytes in
                var index = 0
                while index < bytes.count && (opaque || gray) {
                    let red = bytes[index], green = bytes[index + 1], blue = bytes[index + 2]
                    if bytes[index + 3] != 255 { opaque = false }
                    if red != green || green != blue { gray = false }
                    index += 4
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
