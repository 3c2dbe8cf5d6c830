import OspreyCore

/// JPEG's two tolerances on top of the shared entropy pieces (``MSBBitReader``,
/// ``HuffmanDecoder``): corrupt data never stops a scan, it only yields zeros — as
/// libjpeg-turbo does (`jpeg_huff_decode` "fakes a zero" on a bad code) — so that a damaged
/// file still shows everything around the damage.
extension MSBBitReader {
    /// Whether bits past the segment's real data (at a marker or the end) have been consumed:
    /// the scan loop is reading invented zeros and should stop filling blocks.
    var overrun: Bool { paddingBitsConsumed > 0 }

    /// `n` bits as a magnitude category value (T.81 F.2.2.1 EXTEND). Categories come from
    /// Huffman symbols, which a corrupt table can make up to 255: above 16 they read nothing
    /// and give 0, as no legal 8-bit JPEG uses them.
    @inline(__always)
    mutating func receiveExtend(_ n: Int) -> Int {
        n <= 16 ? readSigned(n) : 0
    }
}

extension HuffmanDecoder {
    /// The next symbol; an unused code gives 0 after dropping 16 bits, so that corrupt data
    /// keeps making progress and never throws out of the MCU loop.
    @inline(__always)
    func symbol(_ reader: inout MSBBitReader) -> Int {
        let symbol = symbolOrInvalid(&reader)
        if symbol >= 0 { return symbol }
        reader.consume(16)   // the lookup peeked 16 bits, so they are in the window
        return 0
    }

    /// A JPEG DHT table from its 16 per-length counts and its symbols (in code order).
    static func jpeg(counts: [Int], symbols: [UInt8]) throws(ImageError) -> HuffmanDecoder {
        var lengths: [UInt8] = []
        lengths.reserveCapacity(symbols.count)
        for (index, count) in counts.enumerated() {
            lengths.append(contentsOf: repeatElement(UInt8(index + 1), count: count))
        }
        return try HuffmanDecoder(lengths: lengths, symbols: symbols.map(Int.init), rootBits: JPEGSequentialUnit.rootBits,
                                  order: .msbFirst, allowIncomplete: true)
    }
}
