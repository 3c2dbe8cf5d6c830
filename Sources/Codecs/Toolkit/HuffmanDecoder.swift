import OspreyCore
/// A canonical Huffman code ready to decode symbols, for JPEG (MSB first, lengths up to 16,
/// incomplete tables), WebP lossless and GIF-free LSB-first formats (any alphabet size, e.g.
/// 280 + colour-cache symbols). Built once per table with ``HuffmanTableBuilder``; immutable.
///
/// Decoding is table driven: the next `rootBits` bits index the root table, which resolves
/// every code of up to `rootBits` bits in one read (most symbols, since frequent symbols have
/// short codes); longer codes take one more read in a subtable.
struct HuffmanDecoder: Sendable {
    private let table: [UInt32]
    private let rootBits: Int
    /// The bit order the decoder was built for.
    let order: HuffmanBitOrder

    /// The decoder for `lengths` (one per symbol, 0 = unused, each ≤ 16). Throws
    /// ``ImageError/Code/badImageData`` for an over-subscribed code, or an incomplete one unless
    /// `allowIncomplete` (JPEG's tables are always incomplete; deflate's and WebP's may not be).
    init(lengths: [UInt8], rootBits: Int = 9, order: HuffmanBitOrder,
                 allowIncomplete: Bool = false) throws(ImageError) {
        try self.init(lengths: lengths, templates: HuffmanEntry.symbolTemplates(count: lengths.count),
                      rootBits: rootBits, order: order, allowIncomplete: allowIncomplete)
    }

    /// The decoder for a code given as a list (JPEG's DHT: BITS then HUFFVAL): the `i`-th code
    /// in canonical order has length `lengths[i]` and decodes to `symbols[i]`, so symbols may
    /// come in any order and need not be distinct. `lengths` must be non-decreasing for the
    /// codes to be assigned in list order, which is how such lists are written.
    init(lengths: [UInt8], symbols: [Int], rootBits: Int = 9, order: HuffmanBitOrder,
                 allowIncomplete: Bool = false) throws(ImageError) {
        precondition(lengths.count == symbols.count && symbols.allSatisfy { (0..<(1 << 16)).contains($0) })
        try self.init(lengths: lengths, templates: symbols.map { HuffmanEntry.make(kind: HuffmanEntry.literal, value: $0) },
                      rootBits: rootBits, order: order, allowIncomplete: allowIncomplete)
    }

    private init(lengths: [UInt8], templates: [UInt32], rootBits: Int, order: HuffmanBitOrder,
                 allowIncomplete: Bool) throws(ImageError) {
        precondition(rootBits >= 1 && rootBits <= 15 && lengths.count <= 1 << 16)
        let size = HuffmanTableBuilder.requiredSize(lengths: lengths, rootBits: rootBits)
        guard size > 0 else { throw ImageError(.badImageData) }
        var table = [UInt32](repeating: HuffmanEntry.invalid, count: size)
        try lengths.withUnsafeBufferPointer { (lengths) throws(ImageError) in
            try templates.withUnsafeBufferPointer { (templates) throws(ImageError) in
                try table.withUnsafeMutableBufferPointer { (table) throws(ImageError) in
                    _ = try HuffmanTableBuilder.build(lengths: lengths, templates: templates, rootBits: rootBits,
                                                      into: table.baseAddress!, capacity: table.count,
                                                      order: order, allowIncomplete: allowIncomplete)
                }
            }
        }
        self.table = table
        self.rootBits = rootBits
        self.order = order
    }

    /// The next symbol of an LSB-first stream; throws at an unused code or the end of input.
    @inline(__always)
    func decode(_ reader: inout LSBBitReader) throws(ImageError) -> Int {
        precondition(order == .lsbFirst)
        return try table.withUnsafeBufferPointer { (table) throws(ImageError) in
            try Self.decode(table: table.baseAddress!, rootBits: rootBits, &reader)
        }
    }

    /// The next symbol of an LSB-first stream, read with a table that ``HuffmanTableBuilder``
    /// built at `table` for `rootBits` (`.lsbFirst`), for decoders that keep many tables in one
    /// buffer (WebP lossless: five per prefix-code group). Throws at an unused code or the end
    /// of input.
    ///
    /// Unchecked reads: a root index has `rootBits` bits and a subtable index stays inside the
    /// subtable its link entry sized, so both are in bounds of a table the builder filled.
    @inline(__always)
    static func decode(table: UnsafePointer<UInt32>, rootBits: Int, _ reader: inout LSBBitReader) throws(ImageError) -> Int {
        if reader.bitCount < 16 { reader.refill() }
        var entry = table[reader.peek(rootBits)]
        var length = HuffmanEntry.length(entry)
        if entry & HuffmanEntry.kindMask == HuffmanEntry.link {
            let subBits = HuffmanEntry.extraBits(entry)
            entry = table[HuffmanEntry.value(entry) &+ reader.peek(rootBits &+ subBits) &>> rootBits]
            length = rootBits &+ HuffmanEntry.length(entry)
        }
        guard entry & HuffmanEntry.kindMask == HuffmanEntry.literal, length <= reader.bitCount else {
            throw ImageError(.badImageData)
        }
        reader.consume(length)
        return HuffmanEntry.value(entry)
    }

    /// The next symbol of an MSB-first (JPEG) stream; throws at an unused code. Past the data
    /// the reader supplies zeros (see ``MSBBitReader/paddingBitsConsumed``).
    @inline(__always)
    func decode(_ reader: inout MSBBitReader) throws(ImageError) -> Int {
        let symbol = symbolOrInvalid(&reader)
        guard symbol >= 0 else { throw ImageError(.badImageData) }
        return symbol
    }

    /// Like ``decode(_:)-(MSBBitReader)`` but returns -1 at an unused code (consuming nothing,
    /// the next 16 bits stay peekable), for decoders that recover from corrupt data rather than
    /// stop (JPEG): no error value to build in the hottest loop.
    @inline(__always)
    func symbolOrInvalid(_ reader: inout MSBBitReader) -> Int {
        precondition(order == .msbFirst)
        return table.withUnsafeBufferPointer { table in
            Self.symbolOrInvalid(table: table.baseAddress!, rootBits: rootBits, &reader)
        }
    }

    /// ``symbolOrInvalid(_:)`` with a table copied out of a decoder (``entries``, built for
    /// `rootBits`, `.msbFirst`) into memory the caller owns: a hot loop then reads it through a
    /// plain pointer, with no array to retain and release per symbol.
    @inline(__always)
    static func symbolOrInvalid(table: UnsafePointer<UInt32>, rootBits: Int, _ reader: inout MSBBitReader) -> Int {
        _ = reader.peek(16)   // refills, so that the window holds the 16 bits looked at
        var bits = reader.bits
        let symbol = symbolOrInvalid(table: table, rootBits: rootBits, &bits)
        reader.bits = bits
        return symbol
    }

    /// ``symbolOrInvalid(table:rootBits:_:)`` on a window taken out of the reader for a hot
    /// loop (``MSBBits``), which must hold at least 16 bits.
    @inline(__always)
    static func symbolOrInvalid(table: UnsafePointer<UInt32>, rootBits: Int, _ bits: inout MSBBits) -> Int {
        let window = bits.peek(16)
        // Unchecked reads: a root index has `rootBits` bits and a subtable index stays inside
        // the subtable its link entry sized (HuffmanTableBuilder), so both are in bounds.
        // Masking shifts: every amount is below 16 by construction.
        var entry = table[window &>> (16 &- rootBits)]
        var length = HuffmanEntry.length(entry)
        if entry & HuffmanEntry.kindMask == HuffmanEntry.link {
            let subBits = HuffmanEntry.extraBits(entry)
            let index = (window &>> (16 &- rootBits &- subBits)) & ((1 &<< subBits) &- 1)
            entry = table[HuffmanEntry.value(entry) &+ index]
            length = rootBits &+ HuffmanEntry.length(entry)
        }
        guard entry & HuffmanEntry.kindMask == HuffmanEntry.literal else { return -1 }
        bits.consume(length)
        return HuffmanEntry.value(entry)
    }

    /// The lookup table itself and the root bits it was built for, for callers that keep a
    /// copy to read through a pointer (see ``symbolOrInvalid(table:rootBits:_:)``).
    var entries: [UInt32] { table }
    var rootBitCount: Int { rootBits }
}
