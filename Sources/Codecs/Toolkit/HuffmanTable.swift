import OspreyCore
/// One entry of a Huffman lookup table (see ``HuffmanTableBuilder``): a `UInt32`
///
/// | bits  | field |
/// |-------|-------|
/// | 0–3   | bits to consume (the code length; within a subtable, length − `rootBits`) |
/// | 4–7   | extra bits that follow the code (deflate length/distance), or a subtable's index bits |
/// | 8–10  | kind: literal (a plain symbol), base (length or distance), end of block, subtable link, invalid |
/// | 16–31 | value: the symbol, the length/distance base, or the subtable offset |
///
/// Four bits suffice for lengths up to 16 because a code longer than the root (≥ 1 bit) is
/// split: at most 15 bits in the root, at most 15 in the subtable.
enum HuffmanEntry {
    static let literal: UInt32 = 0 << 8
    static let base: UInt32 = 1 << 8
    static let endOfBlock: UInt32 = 2 << 8
    static let link: UInt32 = 3 << 8
    static let invalid: UInt32 = 4 << 8
    static let kindMask: UInt32 = 7 << 8

    @inline(__always) static func length(_ entry: UInt32) -> Int { Int(entry & 0xF) }
    @inline(__always) static func extraBits(_ entry: UInt32) -> Int { Int((entry >> 4) & 0xF) }
    @inline(__always) static func value(_ entry: UInt32) -> Int { Int(entry >> 16) }

    static func make(kind: UInt32, value: Int, extraBits: Int = 0) -> UInt32 {
        UInt32(value) << 16 | kind | UInt32(extraBits) << 4
    }

    /// Templates for an alphabet whose symbols decode to themselves (0..<count, at most 65,536).
    static func symbolTemplates(count: Int) -> [UInt32] {
        (0..<count).map { make(kind: literal, value: $0) }
    }
}

/// The order in which a stream sends a code's bits, which decides how codes index the table.
enum HuffmanBitOrder: Sendable {
    /// Deflate, WebP lossless: the code's first bit is the stream's next low bit, so the root
    /// index is the code bit-reversed.
    case lsbFirst
    /// JPEG: the code's first bit is the window's top bit, so the root index is the code itself.
    case msbFirst
}

/// Builds two-level decoding tables from code lengths: a root table indexed by the next
/// `rootBits` bits decodes every code that short in one read; longer codes go through a link
/// entry to a subtable sized for the longest code behind that prefix.
enum HuffmanTableBuilder {
    /// Fills `table` (room for `capacity` entries) for the code with `lengths` (one per
    /// symbol, 0 = unused, at most 16) and returns the number of entries used.
    ///
    /// Over-subscribed codes are rejected. Incomplete codes are rejected too (as zlib does)
    /// unless `allowIncomplete` (JPEG), except a single code of length 1 (a legal one-distance
    /// tree) and an empty code; their unused entries decode as invalid.
    static func build(lengths: UnsafeBufferPointer<UInt8>, templates: UnsafeBufferPointer<UInt32>,
                              rootBits: Int, into table: UnsafeMutablePointer<UInt32>, capacity: Int,
                              order: HuffmanBitOrder = .lsbFirst,
                              allowIncomplete: Bool = false) throws(ImageError) -> Int {
        precondition(rootBits >= 1 && rootBits <= 15 && templates.count >= lengths.count)
        guard lengths.allSatisfy({ Int($0) <= CanonicalHuffman.maxLength }) else { throw ImageError(.badImageData) }
        let counts = CanonicalHuffman.lengthCounts(lengths)
        let used = lengths.count - counts[0]
        switch CanonicalHuffman.fill(counts: counts) {
        case .oversubscribed: throw ImageError(.badImageData)
        case .incomplete:
            guard allowIncomplete || used == 0 || (used == 1 && counts[1] == 1) else { throw ImageError(.badImageData) }
        case .complete: break
        }
        let codes = CanonicalHuffman.codes(lengths: lengths)

        let rootSize = 1 << rootBits
        guard rootSize <= capacity else { throw ImageError(.badImageData) }
        table.update(repeating: HuffmanEntry.invalid, count: rootSize)

        // Subtables: one per root prefix that starts a longer code, sized for its longest code.
        var longest = [UInt8](repeating: 0, count: rootSize)
        for symbol in lengths.indices where Int(lengths[symbol]) > rootBits {
            let length = Int(lengths[symbol])
            let prefix = rootIndex(codes[symbol] >> (length - rootBits), bits: rootBits, order: order)
            longest[prefix] = max(longest[prefix], UInt8(length))
        }
        var size = rootSize
        for prefix in 0..<rootSize where longest[prefix] > 0 {
            let subBits = Int(longest[prefix]) - rootBits
            guard size + (1 << subBits) <= capacity else { throw ImageError(.badImageData) }
            table[prefix] = HuffmanEntry.make(kind: HuffmanEntry.link, value: size, extraBits: subBits)
            (table + size).update(repeating: HuffmanEntry.invalid, count: 1 << subBits)
            size += 1 << subBits
        }

        for symbol in lengths.indices where lengths[symbol] > 0 {
            let length = Int(lengths[symbol])
            let code = codes[symbol]
            if length <= rootBits {
                let entry = templates[symbol] | UInt32(length)
                fill(table, entry, code: code, length: length, bits: rootBits, order: order)
            } else {
                let subLength = length - rootBits
                let link = table[rootIndex(code >> subLength, bits: rootBits, order: order)]
                let entry = templates[symbol] | UInt32(subLength)
                fill(table + HuffmanEntry.value(link), entry, code: code & ((1 << subLength) - 1),
                     length: subLength, bits: HuffmanEntry.extraBits(link), order: order)
            }
        }
        return size
    }

    /// The number of entries ``build`` needs for `lengths` (root plus subtables); 0 when the
    /// lengths are invalid (above 16).
    static func requiredSize(lengths: [UInt8], rootBits: Int) -> Int {
        guard lengths.allSatisfy({ Int($0) <= CanonicalHuffman.maxLength }) else { return 0 }
        let codes = CanonicalHuffman.codes(lengths: lengths)
        var longest: [Int: Int] = [:]
        for symbol in lengths.indices where Int(lengths[symbol]) > rootBits {
            let length = Int(lengths[symbol])
            let prefix = codes[symbol] >> (length - rootBits)
            longest[prefix] = max(longest[prefix] ?? 0, length)
        }
        return longest.values.reduce(1 << rootBits) { $0 + (1 << ($1 - rootBits)) }
    }

    /// The table index of a `bits`-bit prefix `code` (bit-reversed for LSB-first streams).
    @inline(__always)
    private static func rootIndex(_ code: Int, bits: Int, order: HuffmanBitOrder) -> Int {
        order == .lsbFirst ? CanonicalHuffman.reversed(code, bits: bits) : code
    }

    /// Writes `entry` to every index of a `bits`-bit table whose first `length` stream bits
    /// are `code`: a stride for LSB-first (the free bits are the high ones), a run for MSB-first.
    private static func fill(_ table: UnsafeMutablePointer<UInt32>, _ entry: UInt32, code: Int, length: Int,
                             bits: Int, order: HuffmanBitOrder) {
        switch order {
        case .lsbFirst:
            for index in stride(from: CanonicalHuffman.reversed(code, bits: length), to: 1 << bits, by: 1 << length) {
                table[index] = entry
            }
        case .msbFirst:
            let first = code << (bits - length)
            (table + first).update(repeating: entry, count: 1 << (bits - length))
        }
    }

    /// `code`'s low `bits` bits in reverse order (kept for the deflate encoder's callers).
    static func reversed(_ code: Int, bits: Int) -> Int { CanonicalHuffman.reversed(code, bits: bits) }
}
