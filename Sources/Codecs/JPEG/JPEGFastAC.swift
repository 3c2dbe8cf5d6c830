import OspreyCore
/// A combined lookup for the commonest AC coefficients: the next ``bits`` bits of the stream
/// give, in one table read, the Huffman code *and* the magnitude bits after it — the zero run,
/// the signed value and the bits both take — whenever the two fit in ``bits`` bits together.
/// Frequent symbols have short codes and small values, so most AC coefficients of a photo are
/// decoded this way (the idea of stb_image's `fast_ac`); everything else (longer codes, large
/// values, EOB and ZRL) takes the regular ``HuffmanDecoder`` path, which reads the same bits.
///
/// Entries are `value << 16 | run << 8 | bitsUsed`; 0 means "no shortcut".
enum JPEGFastAC {
    /// Bits looked at: 9, so each table is 512 entries (2 kB).
    static let bits = 9
    static let size = 1 << bits

    /// Fills `table` (``size`` entries) for the code given by DHT's `counts` (codes per length
    /// 1…16) and `symbols` (run << 4 | size, in code order).
    static func fill(_ table: UnsafeMutablePointer<Int32>, counts: [Int], symbols: [UInt8]) {
        table.update(repeating: 0, count: size)
        var code = 0, index = 0
        for length in 1...16 {
            for _ in 0..<counts[length - 1] {
                defer { code += 1; index += 1 }
                guard index < symbols.count, length <= bits else { continue }
                let run = Int(symbols[index] >> 4), magnitude = Int(symbols[index] & 15)
                guard magnitude != 0, length + magnitude <= bits else { continue }
                // Every `bits`-bit window starting with this code: the magnitude bits follow it.
                let free = bits - length
                guard code < 1 << length else { continue }   // an over-full table: no shortcut
                for suffix in 0..<(1 << free) {
                    let window = code << free | suffix
                    let raw = (window >> (free - magnitude)) & ((1 << magnitude) - 1)
                    // EXTEND (T.81 F.2.2.1): a leading 0 bit means negative.
                    let value = raw < 1 << (magnitude - 1) ? raw - (1 << magnitude) + 1 : raw
                    table[window] = Int32(truncatingIfNeeded: value << 16 | run << 8 | (length + magnitude))
                }
            }
            code <<= 1
        }
    }
}
