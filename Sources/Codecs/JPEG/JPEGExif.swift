import OspreyCore

/// The one EXIF fact the decoder needs: the orientation tag, and the lossless transform
/// that makes the pixels upright.
///
/// Seam: a shared EXIF parser and orientation transform are being written for the toolkit;
/// when they land this file is replaced by calls to them.
enum JPEGExif {
    /// The Orientation (0x0112) of IFD0 in an APP1 payload starting "Exif\0\0", 1…8, or nil.
    /// Every offset is checked against the payload.
    static func orientation(_ payload: UnsafeBufferPointer<UInt8>) -> Int? {
        guard payload.count >= 14, Array(payload[0..<6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] else { return nil }
        let tiff = 6
        let little: Bool
        switch (payload[tiff], payload[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= payload.count else { return nil }
            let a = Int(payload[at]), b = Int(payload[at + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let lo = u16(little ? at : at + 2), let hi = u16(little ? at + 2 : at) else { return nil }
            return hi << 16 | lo
        }
        guard let ifd = u32(tiff + 4), let count = u16(tiff + ifd) else { return nil }
        for i in 0..<min(count, 512) {
            let entry = tiff + ifd + 2 + 12 * i
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112, let type = u16(entry + 2), type == 3, let value = u16(entry + 8) {
                return (1...8).contains(value) ? value : nil
            }
        }
        return nil
    }

    /// Whether `orientation` swaps width and height (5…8).
    static func swapsAxes(_ orientation: Int) -> Bool { orientation >= 5 && orientation <= 8 }

    /// `pixels` turned upright for EXIF `orientation` (flips and quarter turns, lossless).
    static func apply(_ orientation: Int, to pixels: PixelBuffer) -> PixelBuffer {
        guard (2...8).contains(orientation) else { return pixels }
        let w = pixels.width, h = pixels.height
        let swap = swapsAxes(orientation)
        let ow = swap ? h : w, oh = swap ? w : h
        var out = [UInt8](repeating: 0, count: ow * oh * 4)
        pixels.bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for dy in 0..<oh {
                    for dx in 0..<ow {
                        let sx: Int, sy: Int
                        switch orientation {
                        case 2: (sx, sy) = (w - 1 - dx, dy)
                        case 3: (sx, sy) = (w - 1 - dx, h - 1 - dy)
                        case 4: (sx, sy) = (dx, h - 1 - dy)
                        case 5: (sx, sy) = (dy, dx)
                        case 6: (sx, sy) = (dy, h - 1 - dx)
                        case 7: (sx, sy) = (w - 1 - dy, h - 1 - dx)
                        default: (sx, sy) = (w - 1 - dy, dx)
                        }
                        let s = (sy * w + sx) * 4, d = (dy * ow + dx) * 4
                        dst[d] = src[s]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s + 2]; dst[d + 3] = src[s + 3]
                    }
                }
            }
        }
        return PixelBuffer(width: ow, height: oh, bytes: out)
    }
}
