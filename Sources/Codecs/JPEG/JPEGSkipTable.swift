import OspreyCore
/// A lookup that skips several AC coefficients at once, for blocks decoded at their DC alone
/// (1/8 DCT scale): the next ``bits`` bits of the stream give how many of them belong to whole
/// AC symbols — Huffman codes *and* their magnitude bits — that fit, how far those symbols move
/// through the block's zig-zag order, and whether the last one was the end of block. The
/// values are not needed, only their lengths, so a 12-bit window covers three or four symbols
/// of a typical photo where the per-symbol path (``JPEGFastAC``) reads one.
///
/// Entries are `advance << 8 | endOfBlock << 4 | bitsUsed`, where `advance` counts the end of
/// block as one step so that "the symbols stay inside the block" is one test, `k + advance ≤ 64`
/// (the per-symbol loop reads no symbol once `k` reached 64). 0 means "no whole symbol fits".
enum JPEGSkipTable {
    /// Bits looked at: 12, so each table is 4096 entries (8 kB).
    static let bits = 12
    static let size = 1 << bits

    /// Fills `table` (``size`` entries) for the AC code given by DHT's `counts` (codes per
    /// length 1…16) and `symbols` (run << 4 | size, in code order).
    static func fill(_ table: UnsafeMutablePointer<UInt16>, counts: [Int], symbols: [UInt8]) {
        // Canonical codes: the codes of each length are consecutive from `first`, and the
        // symbols of each length start at `offset` in the list.
        var first = [Int](repeating: 0, count: 17), offset = [Int](repeating: 0, count: 17)
        var code = 0, index = 0
        for length in 1...16 {
            first[length] = code
            offset[length] = index
            code = (code + counts[length - 1]) << 1
            index += counts[length - 1]
        }
        /// The symbol whose code starts `at` bits into `window` (shortest match first: codes are
        /// prefix free), or nil when no code ends inside the window.
        func symbol(_ window: Int, at: Int) -> (value: Int, length: Int)? {
            for length in 1...(bits - at) {
                let code = (window >> (bits - at - length)) & ((1 << length) - 1)
                let i = code - first[length]
                if i >= 0, i < counts[length - 1], offset[length] + i < symbols.count {
                    return (Int(symbols[offset[length] + i]), length)
                }
            }
            return nil
        }
        for window in 0..<size {
            var used = 0, advance = 0, endOfBlock = false
            while used < bits, let (value, length) = symbol(window, at: used) {
                let run = value >> 4, magnitude = value & 15
                guard used + length + magnitude <= bits else { break }
                if magnitude == 0, run != 15 {
                    // EOB (and, as the sequential loop reads them, the EOBn of progressive AC).
                    used += length
                    advance += 1
                    endOfBlock = true
                    break
                }
                let step = magnitude == 0 ? 16 : run + 1
                // Past the block's end the per-symbol path decides (it stops at 64).
                guard advance + step <= 63 else { break }
                used += length + magnitude
                advance += step
            }
            table[window] = UInt16(advance << 8 | (endOfBlock ? 16 : 0) | used)
        }
    }

    /// Reads one block's AC symbols without keeping them: the same bits as the full loop of the
    /// sequential block decode (codes and magnitude bits), several symbols per lookup where
    /// they fit (`skip`, a table of this kind), else one at a time (`fast`, ``JPEGFastAC``; then
    /// the Huffman table `ac`). `bits` is the window taken out of `reader` (refilled through it).
    @inline(__always)
    static func skipAC(_ skip: UnsafePointer<UInt16>, _ fast: UnsafePointer<Int32>, _ ac: UnsafePointer<UInt32>,
                       _ bits: inout MSBBits, _ reader: inout MSBBitReader) {
        var k = 1
        while k < 64 {
            // 16 bits cover any one lookup below: a skip entry, a fast entry or a whole code.
            if bits.count < 16 { reader.refill(&bits) }
            let entry = Int(skip[bits.peek(Self.bits)])
            let advance = entry &>> 8
            if entry & 15 != 0, k &+ advance <= 64 {
                bits.consume(entry & 15)
                if entry & 16 != 0 { return }
                k &+= advance
                continue
            }
            let quick = fast[bits.peek(JPEGFastAC.bits)]
            if quick != 0 {
                bits.consume(Int(quick & 0xFF))
                k &+= Int((quick >> 8) & 0xFF) &+ 1
                continue
            }
            let rs = JPEGSequentialUnit.symbol(ac, &bits)
            let r = rs >> 4, s = rs & 15
            if s == 0 {
                if r != 15 { return }
                k &+= 16
                continue
            }
            k &+= r &+ 1
            if bits.count < s { reader.refill(&bits) }
            bits.consume(s)
        }
    }
}
