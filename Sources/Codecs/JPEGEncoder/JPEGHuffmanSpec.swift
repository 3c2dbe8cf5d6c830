/// A JPEG Huffman table as a DHT segment states it (code counts per length, symbols in code
/// order) and as the encoder uses it (code and length per symbol).
struct JPEGHuffmanSpec: Sendable {
    /// How many codes have each length 1…16.
    let counts: [UInt8]
    /// Symbols in order of increasing code.
    let symbols: [UInt8]
    /// Per symbol 0…255: code in the low bits, MSB first; 0 for symbols without a code.
    let codes: [UInt32]
    /// Per symbol 0…255: code length, 0 for symbols without a code.
    let lengths: [UInt8]

    /// The table given by `counts` (16 entries) and `symbols` in code order.
    init(counts: [UInt8], symbols: [UInt8]) {
        self.counts = counts
        self.symbols = symbols
        var lengths = [UInt8](repeating: 0, count: 256)
        var codes = [UInt32](repeating: 0, count: 256)
        var code: UInt32 = 0
        var next = 0
        for length in 1...16 {
            for _ in 0..<Int(counts[length - 1]) {
                let symbol = Int(symbols[next])
                lengths[symbol] = UInt8(length)
                codes[symbol] = code
                code += 1
                next += 1
            }
            code <<= 1
        }
        self.codes = codes
        self.lengths = lengths
    }

    /// The table fitted to `frequencies` (257 entries: the 256 symbols and a reserved one).
    ///
    /// As in libjpeg's `jpeg_gen_optimal_table`, a pseudo-symbol of count 1 takes part so that
    /// no real symbol gets the all-ones code (T.81 reserves it); it is given the longest code
    /// and, being the largest symbol, the last one of that length, then dropped. Lengths are
    /// limited to 16 by the deflate encoder's length-limited builder.
    init(frequencies: [Int]) {
        var counted = Array(frequencies.prefix(256))
        counted.append(1)
        var lengths = HuffmanCodeBuilder.lengths(frequencies: counted, limit: 16)
        let longest = lengths.max() ?? 0
        if lengths[256] != longest, let other = lengths.lastIndex(of: longest) {
            lengths.swapAt(256, other)
        }
        var counts = [UInt8](repeating: 0, count: 16)
        var symbols = [UInt8]()
        for length in 1...16 {
            for symbol in 0..<256 where Int(lengths[symbol]) == length {
                counts[length - 1] += 1
                symbols.append(UInt8(symbol))
            }
        }
        self.init(counts: counts, symbols: symbols)
    }

    /// Annex K.3 luminance DC table.
    static let standardLuminanceDC = JPEGHuffmanSpec(
        counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], symbols: Array(0...11))
    /// Annex K.3 chrominance DC table.
    static let standardChrominanceDC = JPEGHuffmanSpec(
        counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], symbols: Array(0...11))
    /// Annex K.3 luminance AC table.
    static let standardLuminanceAC = JPEGHuffmanSpec(
        counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 125],
        symbols: acSymbols(leading: [
            0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61,
            0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52,
            0xD1, 0xF0, 0x24, 0x33, 0x62, 0x72, 0x82,
        ]))
    /// Annex K.3 chrominance AC table.
    static let standardChrominanceAC = JPEGHuffmanSpec(
        counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 119],
        symbols: acSymbols(leading: [
            0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61,
            0x71, 0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xA1, 0xB1, 0xC1, 0x09, 0x23, 0x33,
            0x52, 0xF0, 0x15, 0x62, 0x72, 0xD1, 0x0A, 0x16, 0x24, 0x34, 0xE1, 0x25, 0xF1,
        ]))

    /// The Annex K AC symbol lists are a hand-ordered head followed by every other
    /// run/size symbol (sizes 1…10) in increasing order; this spells out the tail.
    private static func acSymbols(leading: [UInt8]) -> [UInt8] {
        let listed = Set(leading)
        var symbols = leading
        for run in 0..<16 {
            for size in 1...10 where !listed.contains(UInt8(run << 4 | size)) {
                symbols.append(UInt8(run << 4 | size))
            }
        }
        return symbols
    }
}
