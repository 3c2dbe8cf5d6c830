import OspreyCore

/// The prefix code groups of one entropy-coded image, all in one buffer: five codes per group
/// (green with the LZ77 length prefixes and the colour-cache indices; red; blue; alpha; the
/// distance prefix), each a toolkit Huffman table (``HuffmanTableBuilder``, LSB first, 8 root
/// bits as in libwebp) or a single symbol read with no bits.
///
/// One buffer rather than a ``HuffmanDecoder`` per code, so the pixel loop switches groups by
/// changing an index (no reference counting) and reads tables through one unchecked pointer.
struct VP8LCodeTables {
    static let rootBits = 8

    /// Every table, one after the other, after one unused entry (so the buffer is never
    /// empty, even when every code is a single symbol).
    private(set) var table: [UInt32] = [HuffmanEntry.invalid]
    /// Per group, five entries (green, red, blue, alpha, distance): the table's offset in
    /// ``table`` (≥ 0), or −1 − symbol for a single-symbol code.
    private(set) var entries: [Int32] = []
    /// The symbol templates of each alphabet size met so far (shared by all groups).
    private var templates: [Int: [UInt32]] = [:]

    /// How many groups were kept.
    var count: Int { entries.count / 5 }

    /// Reads one group whose colour cache has `cacheSize` entries; adds it only when `keep`
    /// (a group the entropy image never uses is read, and checked, but not stored).
    mutating func readGroup(cacheSize: Int, from reader: inout LSBBitReader, keep: Bool) throws(ImageError) {
        for alphabetSize in [256 + 24 + cacheSize, 256, 256, 256, 40] {
            let lengths = try VP8LPrefixCode.readLengths(alphabetSize: alphabetSize, from: &reader)
            if let symbol = try VP8LPrefixCode.singleSymbol(lengths) {
                if keep { entries.append(Int32(-1 - symbol)) }
                continue
            }
            let size = HuffmanTableBuilder.requiredSize(lengths: lengths, rootBits: Self.rootBits)
            guard size > 0 else { throw ImageError(.badImageData) }
            let offset = table.count
            table.append(contentsOf: repeatElement(HuffmanEntry.invalid, count: size))
            if templates[alphabetSize] == nil { templates[alphabetSize] = HuffmanEntry.symbolTemplates(count: alphabetSize) }
            let symbols = templates[alphabetSize]!
            try lengths.withUnsafeBufferPointer { (lengths) throws(ImageError) in
                try symbols.withUnsafeBufferPointer { (symbols) throws(ImageError) in
                    try table.withUnsafeMutableBufferPointer { (table) throws(ImageError) in
                        _ = try HuffmanTableBuilder.build(lengths: lengths, templates: symbols, rootBits: Self.rootBits,
                                                          into: table.baseAddress! + offset, capacity: size, order: .lsbFirst)
                    }
                }
            }
            if keep {
                entries.append(Int32(offset))
            } else {
                table.removeLast(size)
            }
        }
    }

    /// The next symbol of the code described by `entry` (see ``entries``).
    @inline(__always)
    static func decode(_ entry: Int32, _ table: UnsafePointer<UInt32>, _ reader: inout LSBBitReader) throws(ImageError) -> Int {
        if entry < 0 { return Int(-1 - entry) }
        return try HuffmanDecoder.decode(table: table + Int(entry), rootBits: rootBits, &reader)
    }
}
