/// Turns one stored row of uncompressed BMP pixels (1, 2, 4 or 8-bit indices, 16/24/32-bit
/// direct colour, any bit fields) into 8-bit RGBA.
struct BMPRowExpander {
    private let width: Int
    private let bitCount: Int
    /// The palette as 256 RGBA words in memory order, so one store writes a pixel.
    private let palette: [UInt32]
    private let red: BMPChannel, green: BMPChannel, blue: BMPChannel, alpha: BMPChannel
    /// 24-bit, or 32-bit with the byte-aligned default masks: copied byte by byte.
    private let byteAligned: Bool
    private let alphaByte: Bool

    /// An expander for `header`'s rows with `palette`. `masks` overrides the header's (a
    /// 32-bit icon keeps alpha in the fourth byte).
    init(header: BMPHeader, palette: BMPPalette, masks: BMPChannelMasks) {
        width = header.width
        bitCount = header.bitCount
        self.palette = Self.packed(palette.entries)
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

    /// Indices of `bitCount` bits, most significant first within each byte: one palette
    /// word stored per pixel, a whole byte of indices at a time.
    private func expandIndexed(_ source: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) {
        let out = UnsafeMutableRawPointer(output)
        palette.withUnsafeBufferPointer { palette in
            let palette = palette.baseAddress!   // 256 entries: every index of up to 8 bits is inside
            if bitCount == 8 {
                for x in 0..<width { out.storeBytes(of: palette[Int(source[x])], toByteOffset: x &* 4, as: UInt32.self) }
                return
            }
            let perByte = 8 / bitCount, mask = (1 << bitCount) - 1
            var x = 0, byteIndex = 0
            while x < width {
                let byte = Int(source[byteIndex])
                byteIndex += 1
                var shift = 8 - bitCount
                for _ in 0..<min(perByte, width - x) {
                    out.storeBytes(of: palette[(byte >> shift) & mask], toByteOffset: x &* 4, as: UInt32.self)
                    shift -= bitCount
                    x += 1
                }
            }
        }
    }

    /// `rgba` (256 × 4 bytes) as words whose memory order is R, G, B, A (on any host).
    private static func packed(_ rgba: [UInt8]) -> [UInt32] {
        rgba.withUnsafeBytes { raw in
            (0..<256).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) }
        }
    }
}
