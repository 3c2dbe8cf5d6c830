import OspreyCore

/// A canonical JPEG Huffman table (T.81 Annex C) with a 9-bit lookahead table.
///
/// Codes of up to 9 bits — nearly all of them in real files — are found with one table
/// read (the idea of libjpeg-turbo's `jdhuff.c` lookahead); longer ones walk the per-length
/// `maxCode` bounds (T.81 F.2.2.3).
final class JPEGHuffmanTable {
    static let lookaheadBits = 9

    /// `(length << 8) | symbol` for every 9-bit prefix that starts a short code; 0 otherwise.
    let lookup: UnsafeMutablePointer<UInt16>
    /// Largest code of each length 1…16 (index = length), -1 when none.
    private var maxCode = [Int](repeating: -1, count: 18)
    /// Index into `values` of the first code of each length, minus that code.
    private var offset = [Int](repeating: 0, count: 18)
    /// The symbols in code order.
    private let values: [UInt8]

    /// Builds the table from DHT's 16 counts and its symbols; throws on an over-full code.
    init(counts: [Int], symbols: [UInt8]) throws(ImageError) {
        values = symbols
        lookup = .allocate(capacity: 1 << Self.lookaheadBits)
        lookup.initialize(repeating: 0, count: 1 << Self.lookaheadBits)
        var code = 0
        var index = 0
        for length in 1...16 {
            let n = counts[length - 1]
            if n > 0 {
                offset[length] = index - code
                for _ in 0..<n {
                    // A canonical code of this length must fit in `length` bits (checked
                    // before the lookahead fill, which would otherwise write past the table).
                    guard code < 1 << length else { throw ImageError(.badImageData) }
                    if length <= Self.lookaheadBits {
                        let shift = Self.lookaheadBits - length
                        let entry = UInt16(length << 8) | UInt16(symbols[index])
                        for fill in (code << shift)..<((code + 1) << shift) { lookup[fill] = entry }
                    }
                    code += 1
                    index += 1
                }
                maxCode[length] = code - 1
            }
            code <<= 1
        }
    }

    deinit { lookup.deallocate() }

    /// Decodes one symbol; an invalid code yields 0 (after dropping 16 bits) so that corrupt
    /// data keeps making progress and never traps.
    @inline(__always)
    func decode(_ reader: inout JPEGBitReader) -> Int {
        reader.refill()
        let entry = Int(lookup[reader.peek(Self.lookaheadBits)])
        if entry != 0 {
            reader.consume(entry >> 8)
            return entry & 0xFF
        }
        return decodeSlow(&reader)
    }

    private func decodeSlow(_ reader: inout JPEGBitReader) -> Int {
        for length in (Self.lookaheadBits + 1)...16 {
            let code = reader.peek(length)
            if code <= maxCode[length] {
                reader.consume(length)
                let index = code + offset[length]
                return index >= 0 && index < values.count ? Int(values[index]) : 0
            }
        }
        reader.consume(16)
        return 0
    }
}

