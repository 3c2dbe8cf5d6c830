/// The red, green, blue and alpha bit masks of 16- and 32-bit BMP pixels (`BI_BITFIELDS`), and
/// the scaling of each channel to 8 bits.
///
/// Any masks work, also the ones Pillow refuses (4444, 1010102, 111110, 3103): a channel of
/// `n` bits at any position is scaled with `value * 255 / (2ⁿ − 1)`, truncated, which is what
/// Pillow does for the layouts it reads (565 and 555 give the same bytes), so the two agree
/// wherever both decode. A zero mask is an absent channel: 0 for a colour, opaque for alpha.
struct BMPChannelMasks: Equatable {
    /// Mask of each channel in the little-endian pixel value.
    var red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32

    /// The 16-bit default: 5 bits each, X1R5G5B5.
    static let rgb555 = BMPChannelMasks(red: 0x7C00, green: 0x03E0, blue: 0x001F, alpha: 0)
    /// The 32-bit default: B, G, R bytes and an unused fourth byte.
    static let bgrx32 = BMPChannelMasks(red: 0xFF_0000, green: 0xFF00, blue: 0xFF, alpha: 0)
    /// B, G, R bytes and alpha in the fourth (32-bit icons, and `BI_BITFIELDS` with no masks).
    static let bgra32 = BMPChannelMasks(red: 0xFF_0000, green: 0xFF00, blue: 0xFF, alpha: 0xFF00_0000)

    /// Whether every mask is zero (the writer left them out).
    var isEmpty: Bool { red == 0 && green == 0 && blue == 0 && alpha == 0 }

    /// Whether the pixels carry alpha.
    var hasAlpha: Bool { alpha != 0 }
}

/// One channel's mask, ready to extract: shift, then scale to 8 bits through a table when the
/// channel is narrow (every real layout), by arithmetic otherwise.
struct BMPChannel {
    private let mask: UInt32
    private let shift: UInt32
    private let maximum: UInt64
    /// `value → value * 255 / maximum` for channels of at most 12 bits.
    private let table: [UInt8]
    /// Value of an absent channel.
    private let absent: UInt8

    /// The channel `mask` selects; `absent` is its value when the mask is zero.
    init(mask: UInt32, absent: UInt8) {
        self.mask = mask
        self.absent = absent
        shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
        maximum = UInt64(mask >> shift)
        if maximum > 0 && maximum < 4096 {
            let maximum = maximum
            table = (0...maximum).map { UInt8($0 * 255 / maximum) }
        } else {
            table = []
        }
    }

    /// The channel of `pixel`, scaled to 0…255.
    @inline(__always)
    func value(of pixel: UInt32) -> UInt8 {
        guard maximum > 0 else { return absent }
        let raw = (pixel & mask) >> shift
        if !table.isEmpty { return table[Int(raw)] }
        return UInt8(UInt64(raw) * 255 / maximum)
    }
}
