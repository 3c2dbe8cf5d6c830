/// A BMP's colour table as 256 RGBA entries, so that every index a pixel can hold has a colour.
///
/// Indices past the stored entries (a short palette, or a damaged pixel) are opaque black,
/// except in a palette that is a grey ramp (entry *i* is grey *i*, or black and white for two
/// entries): there they are grey *i*. That is what Pillow makes of them (it reads such files
/// as greyscale), so both decoders agree on every file.
struct BMPPalette {
    /// 256 × RGBA.
    let entries: [UInt8]

    /// The palette `header` describes in `bytes` (empty for direct colour).
    init(_ header: BMPHeader, bytes: [UInt8]) {
        let count = header.paletteCount
        let stride = header.paletteEntrySize
        var isGreyRamp = count > 0
        var entries = [UInt8](repeating: 0, count: 256 * 4)
        for index in 0..<256 {
            entries[index * 4 + 3] = 255
        }
        for index in 0..<count {
            let at = header.paletteOffset + index * stride
            let blue = bytes[at], green = bytes[at + 1], red = bytes[at + 2]
            entries[index * 4] = red
            entries[index * 4 + 1] = green
            entries[index * 4 + 2] = blue
            let grey = count == 2 ? UInt8(index * 255) : UInt8(truncatingIfNeeded: index)
            if red != grey || green != grey || blue != grey { isGreyRamp = false }
        }
        if isGreyRamp {
            for index in count..<256 {
                let grey = UInt8(index)
                entries[index * 4] = grey
                entries[index * 4 + 1] = grey
                entries[index * 4 + 2] = grey
            }
        }
        self.entries = entries
    }
}
