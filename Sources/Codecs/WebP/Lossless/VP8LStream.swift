import OspreyCore

/// Decodes WebP lossless image streams (RFC 9649 §4–§5) from a bit reader: the transforms,
/// the colour cache, the meta prefix codes (entropy image) and the entropy-coded pixels (the
/// main image's through ``VP8LBandDecoder``, which undoes its transforms band by band). Sub-images (transform data, palettes, the entropy image) are image
/// streams too, without transforms or meta codes.
///
/// Pixels are ARGB in one `UInt32` each (alpha in the top byte), as the format defines them.
/// The reader points into bytes its owner keeps alive (see ``LSBBitReader``).
struct VP8LStream {
    var reader: LSBBitReader
    /// Checked between rows of the main image.
    let cancellation: DecodeCancellation?

    /// Reads the main image's transforms (in file order) and returns them with the width of
    /// the pixels coded after them.
    mutating func readTransforms(width: Int, height: Int) throws(ImageError) -> (transforms: [VP8LTransform], codedWidth: Int) {
        var transforms: [VP8LTransform] = []
        var codedWidth = width
        var seen = 0
        while try reader.read(1) == 1 {
            let type = try reader.read(2)
            guard seen & (1 << type) == 0 else { throw ImageError(.badImageData) }
            seen |= 1 << type
            let transform = try readTransform(type: type, width: codedWidth, height: height)
            codedWidth = transform.codedWidth
            transforms.append(transform)
        }
        return (transforms, codedWidth)
    }

    /// Reads one transform's header and data; `width` is the image width it applies to.
    private mutating func readTransform(type: Int, width: Int, height: Int) throws(ImageError) -> VP8LTransform {
        switch type {
        case 0, 1:
            let bits = try reader.read(3) + 2
            let data = try decodeEntropyCoded(width: Self.subsampled(width, bits), height: Self.subsampled(height, bits),
                                              mainImage: false)
            return type == 0 ? .predictor(bits: bits, data: data, width: width)
                             : .crossColor(bits: bits, data: data, width: width)
        case 2:
            return .subtractGreen(width: width)
        default:
            let colours = try reader.read(8) + 1
            let bits = colours <= 2 ? 3 : colours <= 4 ? 2 : colours <= 16 ? 1 : 0
            var palette = try decodeEntropyCoded(width: colours, height: 1, mainImage: false)
            // Each entry is sent as the difference from the one before, per channel.
            for index in 1..<max(1, palette.count) { palette[index] = VP8LPixel.add(palette[index], palette[index - 1]) }
            // Indices past the palette read transparent black, as libwebp's zero-filled map does.
            palette += [UInt32](repeating: 0, count: (1 << (8 >> bits)) - palette.count)
            return .colorIndexing(bits: bits, palette: palette, width: width)
        }
    }

    /// `size` divided by 2^`bits`, rounded up.
    static func subsampled(_ size: Int, _ bits: Int) -> Int { (size + (1 << bits) - 1) >> bits }

    /// Decodes an entropy-coded image: the colour cache size, then (main image only) the meta
    /// prefix codes, the prefix code groups, and the pixels.
    private mutating func decodeEntropyCoded(width: Int, height: Int, mainImage: Bool) throws(ImageError) -> [UInt32] {
        let codes = try readEntropyCodes(width: width, height: height, mainImage: mainImage)
        return try decodePixels(width: width, height: height, tables: codes.tables, map: codes.map,
                                cacheBits: codes.cacheBits, mainImage: mainImage)
    }

    /// Reads what comes before an entropy-coded image's pixels: the colour cache size, then
    /// (main image only) the meta prefix codes, and the prefix code groups.
    mutating func readEntropyCodes(width: Int, height: Int, mainImage: Bool) throws(ImageError) -> VP8LEntropyCodes {
        var cacheBits = 0
        if try reader.read(1) == 1 {
            cacheBits = try reader.read(4)
            guard (1...11).contains(cacheBits) else { throw ImageError(.badImageData) }
        }
        let cacheSize = cacheBits == 0 ? 0 : 1 << cacheBits
        var groupMap = VP8LGroupMap(bits: 0, tilesPerRow: 0, indices: [])
        var tables = VP8LCodeTables()
        if mainImage, try reader.read(1) == 1 {
            let bits = try reader.read(3) + 2
            let tilesPerRow = Self.subsampled(width, bits)
            let entropy = try decodeEntropyCoded(width: tilesPerRow, height: Self.subsampled(height, bits), mainImage: false)
            // Only the groups the entropy image uses are kept (numbered densely, in file order);
            // the others are read, and checked, then dropped, so a hostile group count costs
            // input bits, not memory.
            var isUsed = [Bool](repeating: false, count: 65536)
            var declared = 0
            for pixel in entropy {
                let group = Int((pixel >> 8) & 0xFFFF)
                isUsed[group] = true
                declared = max(declared, group + 1)
            }
            var number = [UInt16](repeating: 0, count: declared)
            var kept = 0
            for group in 0..<declared where isUsed[group] {
                number[group] = UInt16(kept)
                kept += 1
            }
            groupMap = VP8LGroupMap(bits: bits, tilesPerRow: tilesPerRow,
                                    indices: entropy.map { number[Int(($0 >> 8) & 0xFFFF)] })
            for group in 0..<declared {
                try tables.readGroup(cacheSize: cacheSize, from: &reader, keep: isUsed[group])
            }
        } else {
            try tables.readGroup(cacheSize: cacheSize, from: &reader, keep: true)
        }
        return VP8LEntropyCodes(cacheBits: cacheBits, tables: tables, map: groupMap)
    }
}

/// The codes of one entropy-coded image: colour cache size, prefix code groups, group map.
struct VP8LEntropyCodes {
    let cacheBits: Int
    let tables: VP8LCodeTables
    let map: VP8LGroupMap
}

/// Which prefix code group decodes each pixel: the entropy image's group numbers, one per
/// `2^bits`-square tile (densely renumbered); a single group when `indices` is empty.
struct VP8LGroupMap {
    let bits: Int
    let tilesPerRow: Int
    let indices: [UInt16]

    /// The group of pixel (`x`, `y`).
    @inline(__always)
    func group(x: Int, y: Int) -> Int {
        indices.isEmpty ? 0 : Int(indices[(y >> bits) * tilesPerRow + (x >> bits)])
    }
}
