import OspreyCore

/// Expands RLE8 and RLE4 pixel data: encoded runs, absolute runs (padded to 16 bits), end of
/// line, end of bitmap and delta (skip right and up).
///
/// Pixels the data never sets (skipped by a delta or an end of line, or after the data ends)
/// are transparent, as Windows and browsers show them; every pixel the data sets has the
/// colour Pillow gives it (which paints unset pixels with palette entry 0 instead). Damaged
/// data is followed the way Pillow follows it: a run past the end of a row is cut there,
/// an absolute run continues on the next row, and truncated data ends the image.
enum BMPRunLength {
    /// Codes between two cancellation checks (each code is at least two bytes of input).
    private static let codesPerCheck = 1 << 16

    /// Decodes the runs of `header` from `bytes` into a canvas of `header`'s size.
    static func decode(_ header: BMPHeader, bytes: [UInt8], palette: BMPPalette,
                       options: DecodeOptions) throws(ImageError) -> PixelBuffer {
        let width = header.width, height = header.height
        let total = width * height
        var output = [UInt8](repeating: 0, count: total * 4)
        let isRLE4 = header.compression == .rle4
        let start = header.pixelOffset
        var position = start
        var written = 0   // pixels of the data stream so far, bottom row first as stored
        var column = 0    // the column the data believes it is at (may pass the row's end)
        var codes = 0

        try output.withUnsafeMutableBufferPointer { (output) throws(ImageError) in
            try palette.entries.withUnsafeBufferPointer { (palette) throws(ImageError) in
                @inline(__always) func put(_ index: Int) {
                    let row = written / width, x = written - row * width
                    let y = header.topDown ? row : height - 1 - row
                    let o = (y * width + x) * 4, p = index * 4
                    output[o] = palette[p]; output[o + 1] = palette[p + 1]
                    output[o + 2] = palette[p + 2]; output[o + 3] = palette[p + 3]
                    written += 1
                }
                while written < total, position + 1 < bytes.count {
                    codes += 1
                    if codes % codesPerCheck == 0 { try options.checkCancellation() }
                    let count = Int(bytes[position]), value = Int(bytes[position + 1])
                    position += 2
                    if count > 0 {
                        let run = min(count, max(0, width - column))
                        for i in 0..<run {
                            put(isRLE4 ? (i % 2 == 0 ? value >> 4 : value & 0x0F) : value)
                        }
                        column += run
                        continue
                    }
                    switch value {
                    case 0:   // end of line
                        let remainder = written % width
                        if remainder != 0 { written = min(total, written + width - remainder) }
                        column = 0
                    case 1:   // end of bitmap
                        return
                    case 2:   // delta
                        guard position + 1 < bytes.count else { return }
                        let right = Int(bytes[position]), up = Int(bytes[position + 1])
                        position += 2
                        written = min(total, written + right + up * width)
                        column = written % width
                    default:  // absolute run of `value` pixels
                        let pixels = min(total - written, value)
                        let length = isRLE4 ? (pixels + 1) / 2 : pixels
                        let available = min(length, bytes.count - position)
                        if isRLE4 {
                            for i in 0..<pixels where i / 2 < available {
                                let byte = Int(bytes[position + i / 2])
                                put(i % 2 == 0 ? byte >> 4 : byte & 0x0F)
                            }
                        } else {
                            for i in 0..<available { put(Int(bytes[position + i])) }
                        }
                        position += available
                        if available < length || written == total { return }
                        column += value
                        if (position - start) % 2 != 0 { position += 1 }
                    }
                }
            }
        }
        return PixelBuffer(width: width, height: height, bytes: output)
    }
}
