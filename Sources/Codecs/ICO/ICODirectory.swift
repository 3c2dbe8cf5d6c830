import OspreyCore

/// The directory of an ICO or CUR file: one entry per stored image, and the choice of which
/// one to decode.
struct ICODirectory {
    /// One stored image as the directory describes it.
    struct Entry: Equatable {
        /// Size the directory states (a 0 byte means 256).
        var width: Int, height: Int
        /// Bits per pixel the directory states (for a cursor: the hotspot's y, so 0 here).
        var bitCount: Int
        /// Where the image's bytes are, clamped to the file.
        var range: Range<Int>

        /// The pixel count the directory states.
        var area: Int { width * height }
    }

    /// The entries whose bytes lie in the file, in directory order.
    let entries: [Entry]

    /// Reads the directory of `bytes`; throws ``ImageError/Code/badImageData`` when it is cut
    /// short or no entry's bytes lie in the file.
    init(_ bytes: [UInt8]) throws(ImageError) {
        var reader = ByteReader(bytes, bigEndian: false)
        guard try reader.u16le() == 0 else { throw ImageError(.badImageData) }
        let type = try reader.u16le()
        guard type == 1 || type == 2 else { throw ImageError(.badImageData) }
        let count = Int(try reader.u16le())
        var entries: [Entry] = []
        for _ in 0..<count {
            guard reader.remaining >= 16 else { break }
            let width = Int(try reader.u8()), height = Int(try reader.u8())
            try reader.skip(4)   // colour count, reserved, planes (or the cursor's hotspot x)
            let bitCount = Int(try reader.u16le())
            let size = Int(try reader.u32le()), offset = Int(try reader.u32le())
            guard offset >= 6, offset < bytes.count, size > 0 else { continue }
            // A stated size past the end of the file (a truncated download) keeps what is there.
            let end = min(bytes.count, offset + size)
            entries.append(Entry(width: width == 0 ? 256 : width, height: height == 0 ? 256 : height,
                                 bitCount: type == 1 ? bitCount : 0, range: offset..<end))
        }
        guard !entries.isEmpty else { throw ImageError(.badImageData) }
        self.entries = entries
    }

    /// The entry for a full decode: the largest, and of two the same size the deeper one, as
    /// Windows shows it (Pillow also takes the largest, but of two the same size the shallower:
    /// a 4-bit rendering beside a 32-bit one is a fallback for old displays, not the icon).
    var largest: Entry {
        entries.max { lhs, rhs in
            (lhs.area, lhs.bitCount) < (rhs.area, rhs.bitCount)
        }!   // non-empty by construction
    }

    /// The entry for a thumbnail that fits `box`: the smallest that covers the box, so that it
    /// is shrunk or kept but never enlarged, else the largest there is. Ties go to the deeper
    /// entry. Fitted with its aspect ratio kept, an entry covers the box when either side
    /// reaches it; stretched to the box, when both do.
    func nearest(atLeast box: PixelSize, preservingAspectRatio: Bool) -> Entry {
        let covering = entries.filter { entry in
            preservingAspectRatio ? entry.width >= box.width || entry.height >= box.height
                : entry.width >= box.width && entry.height >= box.height
        }
        return covering.min { lhs, rhs in
            (lhs.area, -lhs.bitCount) < (rhs.area, -rhs.bitCount)
        } ?? largest
    }
}
