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
        precondition(rootBits >= 1 && rootBits <= 15 && lengths.count <= 1 << 16)
        let size = HuffmanTableBuilder.requiredSize(lengths: lengths, rootBits: rootBits)
        guard size > 0 else { throw ImageError(.badImageData) }
        let templates = HuffmanEntry.symbolTemplates(count: lengths.count)
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
        if reader.bitCount < 16 { reader.refill() }
        var entry = table[reader.peek(rootBits)]
        var length = HuffmanEntry.length(entry)
        if entry & HuffmanEntry.kindMask == HuffmanEntry.link {
            let subBits = HuffmanEntry.extraBits(entry)
            entry = table[HuffmanEntry.value(entry) &+ reader.peek(rootBits &+ subBits) >> rootBits]
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
        precondition(order == .msbFirst)
        let window = reader.peek(16)
        var entry = table[window >> (16 &- rootBits)]
        var length = HuffmanEntry.length(entry)
        if entry & HuffmanEntry.kindMask == HuffmanEntry.link {
            let subBits = HuffmanEntry.extraBits(entry)
            let index = (window >> (16 &- rootBits &- subBits)) & ((1 << subBits) &- 1)
            entry = table[HuffmanEntry.value(entry) &+ index]
            length = rootBits &+ HuffmanEntry.length(entry)
        }
        guard entry & HuffmanEntry.kindMask == HuffmanEntry.literal else { throw ImageError(.badImageData) }
        reader.consume(length)
        return HuffmanEntry.value(entry)
    }
}
