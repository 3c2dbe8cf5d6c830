/// Turns one stored row of uncompressed BMP pixels (1, 2, 4 or 8-bit indices, 16/24/32-bit
/// direct colour, any bit fields) into 8-bit RGBA.
struct BMPRowExpander {
    private let width: Int
    private let bitCount: Int
    private let palette: [UInt8]
    private let red: BMPChannel, green: BMPChannel, blue: BMPChannel, alpha: BMPChannel
    /// 24-bit, or 32-bit with the byte-aligned default masks: copied byte by byte.
    private let byteAligned: Bool
    private let alphaByte: Bool

    /// An expander for `header`'s rows with `palette`. `masks` overrides the header's (a
    /// 32-bit icon keeps alpha in the fourth byte).
    init(header: BMPHeader, palette: BMPPalette, masks: BMPChannelMasks) {
        width = header.width
        bitCount = header.bitCount
        self.palette = palette.entries
        red = BMPChannel(mask: masks.red, absent: 0)
        green = BMPChannel(mask: masks.green, absent: 0)
        blue = BMPChannel(mask: masks.blue, absent: 0)
        alpha = BMPChannel(mask: masks.alpha, absent: 255)
        byteAligned = bitCount == 24 || (bitCount == 32 && (masks == .bgrx32 || masks == .bgra32))
        alphaByte = masks == .bgra32
    }

    /// Expands the stored row at `source` (at least `header.rowStride` bytes) into `width`
    /// RGBA pixels at `output`.
    func expand(_ source: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) {
        switch bitCount {
        case 1, 2, 4, 8: expandIndexed(source, into: output)
        case 24 where byteAligned:
            for x in 0..<width {
                let s = source + x * 3, o = output + x * 4
                o[0] = s[2]; o[1] = s[1]; o[2] = s[0]; o[3] = 255
            }
        case 32 where byteAligned:
            for x in 0..<width {
                let s = source + x * 4, o = output + x * 4
                o[0] = s[2]; o[1] = s[1]; o[2] = s[0]; o[3] = alphaByte ? s[3] : 255
            }
        default:
            let bytesPerPixel = bitCount / 8
            for x in 0..<width {
                let s = source + x * bytesPerPixel
                var pixel = UInt32(s[0]) | UInt32(s[1]) << 8
                if bytesPerPixel >= 3 { pixel |= UInt32(s[2]) << 16 }
                if bytesPerPixel == 4 { pixel |= UInt32(s[3]) << 24 }
                let o = output + x * 4
                o[0] = red.value(of: pixel); o[1] = green.value(of: pixel)
                o[2] = blue.value(of: pixel); o[3] = alpha.value(of: pixel)
            }
        }
    }

    /// Indices of `bitCount` bits, most significant first within each byte.
    private func expandIndexed(_ source: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) {
        let perByte = 8 / bitCount
        let mask = (1 << bitCount) - 1
        palette.withUnsafeBufferPointer { palette in
            for x in 0..<width {
                let byte = Int(source[x / perByte])
                let shift = 8 - bitCount * (x % perByte + 1)
                let index = (byte >> shift) & mask
                let o = output + x * 4
                o[0] = palette[index * 4]; o[1] = palette[index * 4 + 1]
                o[2] = palette[index * 4 + 2]; o[3] = palette[index * 4 + 3]
            }
        }
    }
}
