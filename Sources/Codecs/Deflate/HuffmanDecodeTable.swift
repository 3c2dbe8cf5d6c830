import OspreyCore
/// Lookup tables that decode a canonical Huffman code (RFC 1951 §3.2.2) in one or two
/// table reads instead of bit by bit.
///
/// The root table is indexed by the next `rootBits` bits of the stream (deflate sends codes
/// most-significant bit first, so the index is the code bit-reversed). Codes longer than
/// `rootBits` get a second-level subtable behind a link entry. Each entry is a `UInt32`:
///
/// | bits  | field |
/// |-------|-------|
/// | 0–3   | bits to consume (the code length; within a subtable, length − `rootBits`) |
/// | 4–7   | extra bits that follow the code (length/distance), or a subtable's index bits |
/// | 8–10  | kind: literal, base (length or distance), end of block, subtable link, invalid |
/// | 16–31 | value: the literal byte, the length/distance base, or the subtable offset |
package enum HuffmanEntry {
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

    /// What each literal/length symbol (0–287) decodes to, without its code length.
    static let literalLengthTemplates: [UInt32] = {
        let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                           35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                           3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        var templates = (0..<256).map { make(kind: literal, value: $0) }
        templates.append(make(kind: endOfBlock, value: 0))
        for i in 0..<29 { templates.append(make(kind: base, value: lengthBases[i], extraBits: lengthExtra[i])) }
        templates += [invalid, invalid]   // 286 and 287 never occur in valid data
        return templates
    }()

    /// What each distance symbol (0–31) decodes to.
    static let distanceTemplates: [UInt32] = {
        let bases = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
                     1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
        var templates = (0..<30).map { make(kind: base, value: bases[$0], extraBits: max(0, $0 / 2 - 1)) }
        templates += [invalid, invalid]   // 30 and 31 never occur in valid data
        return templates
    }()

    /// Code-length alphabet symbols (0–18) decode to themselves.
    static let codeLengthTemplates: [UInt32] = (0..<19).map { make(kind: literal, value: $0) }
}

/// Builds a two-level decoding table from code lengths.
package enum HuffmanTableBuilder {
    /// Fills `table` (room for `capacity` entries) for the code with `lengths` (one per
    /// symbol, 0 = unused) and returns the number of entries used.
    ///
    /// Over-subscribed codes are rejected. Incomplete codes are rejected too, as zlib does,
    /// except a single code of length 1 (a legal one-distance tree) and an empty code (no
    /// symbols at all); their unused entries decode as invalid.
    package static func build(lengths: UnsafeBufferPointer<UInt8>, templates: UnsafeBufferPointer<UInt32>,
                              rootBits: Int, into table: UnsafeMutablePointer<UInt32>,
                              capacity: Int) throws(ImageError) -> Int {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var left = 1
        for length in 1...15 {
            left = left << 1 - counts[length]
            guard left >= 0 else { throw ImageError(.badImageData) }
        }
        let used = lengths.count - lengths.filter { $0 == 0 }.count
        guard left == 0 || used == 0 || (used == 1 && counts[1] == 1) else { throw ImageError(.badImageData) }

        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + counts[length - 1]) << 1
            nextCode[length] = code
        }
        var codes = [Int](repeating: 0, count: lengths.count)
        for symbol in lengths.indices where lengths[symbol] > 0 {
            codes[symbol] = nextCode[Int(lengths[symbol])]
            nextCode[Int(lengths[symbol])] += 1
        }

        let rootSize = 1 << rootBits
        guard rootSize <= capacity else { throw ImageError(.badImageData) }
        table.update(repeating: HuffmanEntry.invalid, count: rootSize)

        // Subtables: one per root prefix that starts a longer code, sized for its longest code.
        var longest = [UInt8](repeating: 0, count: rootSize)
        for symbol in lengths.indices where Int(lengths[symbol]) > rootBits {
            let length = Int(lengths[symbol])
            let prefix = reversed(codes[symbol] >> (length - rootBits), bits: rootBits)
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
            let bits = reversed(codes[symbol], bits: length)
            if length <= rootBits {
                let entry = templates[symbol] | UInt32(length)
                for index in stride(from: bits, to: rootSize, by: 1 << length) { table[index] = entry }
            } else {
                let link = table[bits & (rootSize - 1)]
                let offset = HuffmanEntry.value(link)
                let subSize = 1 << HuffmanEntry.extraBits(link)
                let subLength = length - rootBits
                let entry = templates[symbol] | UInt32(subLength)
                for index in stride(from: bits >> rootBits, to: subSize, by: 1 << subLength) {
                    table[offset + index] = entry
                }
            }
        }
        return size
    }

    /// `code`'s low `bits` bits in reverse order.
    static func reversed(_ code: Int, bits: Int) -> Int {
        var result = 0
        var code = code
        for _ in 0..<bits {
            result = result << 1 | code & 1
            code >>= 1
        }
        return result
    }
}
