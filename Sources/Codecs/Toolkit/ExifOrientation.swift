import OspreyCore
/// The EXIF orientation (TIFF tag 0x0112): how the stored pixels must be turned to show the
/// picture upright. Raw values 1–8 as in the TIFF/EXIF specifications; `row 0 / column 0` of
/// the stored image are where the names say the picture's top/left are.
enum ImageOrientation: Int, Sendable, CaseIterable {
    /// 1: stored upright.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned 180°.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: transposed (mirrored across the main diagonal).
    case leftMirrored = 5
    /// 6: shown after turning 90° clockwise (the usual portrait photo from a camera held upright).
    case right = 6
    /// 7: transversed (mirrored across the anti-diagonal).
    case rightMirrored = 7
    /// 8: shown after turning 90° counter-clockwise.
    case left = 8

    /// Whether the upright image has width and height swapped (5–8).
    var swapsAxes: Bool { rawValue >= 5 }
}

/// Finds the orientation in EXIF data: a TIFF header (`II*\0` little-endian or `MM\0*`
/// big-endian), optionally behind JPEG APP1's `Exif\0\0`, then IFD0's entry 0x0112.
///
/// Lenient by design: anything unreadable (truncated, bad offsets, wrong type, a value
/// outside 1–8) means "no orientation" (nil), never an error — a broken EXIF block must not
/// make an otherwise good image fail. Reads at most IFD0's entries; cost O(entries).
enum ExifOrientationParser {
    /// The orientation tag.
    static let orientationTag: UInt16 = 0x0112

    /// The orientation in `exif`, or nil when there is none or it is unreadable.
    static func orientation<Bytes: Collection>(in exif: Bytes) -> ImageOrientation? where Bytes.Element == UInt8 {
        var bytes = [UInt8](exif)
        if bytes.starts(with: Array("Exif".utf8) + [0, 0]) { bytes.removeFirst(6) }
        return try? parseTIFF(bytes)
    }

    private static func parseTIFF(_ tiff: [UInt8]) throws(ImageError) -> ImageOrientation? {
        var reader = ByteReader(tiff)
        switch (try reader.u8(), try reader.u8()) {
        case (0x49, 0x49): reader.bigEndian = false
        case (0x4D, 0x4D): reader.bigEndian = true
        default: return nil
        }
        guard try reader.u16() == 42 else { return nil }
        try reader.seek(to: Int(try reader.u32()))
        let entries = Int(try reader.u16())
        guard entries * 12 <= reader.remaining else { return nil }
        for _ in 0..<entries {
            let tag = try reader.u16()
            let type = try reader.u16()
            let count = try reader.u32()
            guard tag == orientationTag else {
                try reader.skip(4)
                continue
            }
            // SHORT (3), one value, stored in the first two bytes of the value field.
            guard type == 3, count == 1 else { return nil }
            return ImageOrientation(rawValue: Int(try reader.u16()))
        }
        return nil
    }
}
