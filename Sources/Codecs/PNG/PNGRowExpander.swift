import OspreyCore
/// Converts reconstructed rows of any colour type and bit depth to 8-bit straight RGBA.
///
/// 16-bit samples keep their high byte; 1/2/4-bit grey is scaled to 0–255 (×255, ×85, ×17);
/// grey is copied to R, G and B; the palette and the `tRNS` colour key set alpha (a key is
/// compared with the full-precision sample). No gamma or colour-profile conversion.
struct PNGRowExpander {
    private let colorType: PNGHeader.ColorType
    private let bitDepth: Int
    private let colors: PNGColors
    /// The colour key, or −1 (matches no sample) without one.
    private let keyRed: Int, keyGreen: Int, keyBlue: Int

    init(header: PNGHeader, colors: PNGColors) {
        colorType = header.colorType
        bitDepth = header.bitDepth
        self.colors = colors
        keyRed = colors.transparentKey?.red ?? -1
        keyGreen = colors.transparentKey?.green ?? -1
        keyBlue = colors.transparentKey?.blue ?? -1
    }

    /// Whether rows are RGBA already (8-bit RGBA): a consumer may read them in place.
    var isIdentity: Bool { colorType == .rgba && bitDepth == 8 }

    /// Writes the `count` pixels of `row` as RGBA to `destination`, `step` pixels apart
    /// (1 for consecutive pixels, the pass's column step for an Adam7 pass).
    func expand(_ row: UnsafePointer<UInt8>, count: Int, into destination: UnsafeMutablePointer<UInt8>, step: Int) {
        let stride = step * 4
        switch (colorType, bitDepth) {
        case (.gray, 16):
            for i in 0..<count {
                let sample = Int(row[2 * i]) << 8 | Int(row[2 * i + 1])
                put(destination + i &* stride, row[2 * i], row[2 * i], row[2 * i], sample == keyRed ? 0 : 255)
            }
        case (.gray, 8):
            for i in 0..<count {
                let gray = row[i]
                put(destination + i &* stride, gray, gray, gray, Int(gray) == keyRed ? 0 : 255)
            }
        case (.gray, _):
            let scale = UInt8(255 / ((1 << bitDepth) - 1))
            for i in 0..<count {
                let sample = packedSample(row, index: i)
                let gray = UInt8(truncatingIfNeeded: sample) &* scale
                put(destination + i &* stride, gray, gray, gray, sample == keyRed ? 0 : 255)
            }
        case (.rgb, 16):
            for i in 0..<count {
                let p = row + 6 * i
                let opaque = Int(p[0]) << 8 | Int(p[1]) != keyRed || Int(p[2]) << 8 | Int(p[3]) != keyGreen
                    || Int(p[4]) << 8 | Int(p[5]) != keyBlue
                put(destination + i &* stride, p[0], p[2], p[4], opaque ? 255 : 0)
            }
        case (.rgb, _):
            if keyRed < 0 {
                for i in 0..<count {
                    let p = row + 3 * i
                    put(destination + i &* stride, p[0], p[1], p[2], 255)
                }
            } else {
                for i in 0..<count {
                    let p = row + 3 * i
                    let opaque = Int(p[0]) != keyRed || Int(p[1]) != keyGreen || Int(p[2]) != keyBlue
                    put(destination + i &* stride, p[0], p[1], p[2], opaque ? 255 : 0)
                }
            }
        case (.palette, _):
            expandPalette(row, count: count, into: destination, stride: stride)
        case (.grayAlpha, 16):
            for i in 0..<count {
                let p = row + 4 * i
                put(destination + i &* stride, p[0], p[0], p[0], Int(p[2]))
            }
        case (.grayAlpha, _):
            for i in 0..<count {
                let p = row + 2 * i
                put(destination + i &* stride, p[0], p[0], p[0], Int(p[1]))
            }
        case (.rgba, 16):
            for i in 0..<count {
                let p = row + 8 * i
                put(destination + i &* stride, p[0], p[2], p[4], Int(p[6]))
            }
        case (.rgba, _):
            if step == 1 {
                destination.update(from: row, count: count * 4)
            } else {
                for i in 0..<count {
                    let p = row + 4 * i
                    put(destination + i &* stride, p[0], p[1], p[2], Int(p[3]))
                }
            }
        }
    }

    private func expandPalette(_ row: UnsafePointer<UInt8>, count: Int,
                               into destination: UnsafeMutablePointer<UInt8>, stride: Int) {
        colors.palette.withUnsafeBytes { palette in
            let table = palette.baseAddress!
            let target = UnsafeMutableRawPointer(destination)
            if bitDepth == 8 {
                for i in 0..<count {
                    let entry = table.loadUnaligned(fromByteOffset: Int(row[i]) * 4, as: UInt32.self)
                    target.storeBytes(of: entry, toByteOffset: i &* stride, as: UInt32.self)
                }
            } else {
                for i in 0..<count {
                    let entry = table.loadUnaligned(fromByteOffset: packedSample(row, index: i) * 4, as: UInt32.self)
                    target.storeBytes(of: entry, toByteOffset: i &* stride, as: UInt32.self)
                }
            }
        }
    }

    /// The `index`-th sample of a row packed at 1, 2 or 4 bits, leftmost in the high bits.
    @inline(__always)
    private func packedSample(_ row: UnsafePointer<UInt8>, index: Int) -> Int {
        let bit = index * bitDepth
        let shift = 8 - bitDepth - (bit & 7)
        return Int(row[bit >> 3] >> UInt8(shift)) & ((1 << bitDepth) - 1)
    }

    @inline(__always)
    private func put(_ pixel: UnsafeMutablePointer<UInt8>, _ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: Int) {
        pixel[0] = red
        pixel[1] = green
        pixel[2] = blue
        pixel[3] = UInt8(truncatingIfNeeded: alpha)
    }
}
