import OspreyCore
/// A lookup that skips several AC coefficients at once, for blocks decoded at their DC alone
/// (1/8 DCT scale): the next ``bits`` bits of the stream give how many of them belong to whole
/// AC symbols — Huffman codes *and* their magnitude bits — that fit, how far those symbols move
/// through the block's zig-zag order, and whether the last one was the end of block. The
/// values are not needed, only their lengths, so a 14-bit window covers three to five symbols
/// of a typical photo where the per-symbol path (``JPEGFastAC``) reads one.
///
/// Each entry is two bytes: the bits used (0 = no whole symbol fits), then
/// `endOfBlock << 7 | advance`, where `advance` counts the end of block as one step so that "the
/// symbols stay inside the block" is one test, `k + advance ≤ 64` (the per-symbol loop reads no
/// symbol once `k` reached 64). The bits used come straight from a byte load: the loop's
/// critical path (window → lookup → shift of the window) has no masking step.
enum JPEGSkipTable {
    /// Bits looked at: 14, so each table is 16 384 entries (32 kB). Measured on the 12 MP
    /// benchmark file: 12 bits took 6 % longer per thumbnail.
    static let bits = 14
    static let size = 1 << bits

    /// Fills `table` (``size`` entries) for the AC code given by DHT's `counts` (codes per
    /// length 1…16) and `symbols` (run << 4 | size, in code order). Built per decode, so it
    /// takes two passes of 2^``bits`` steps rather than a code search per symbol: first a
    /// lookup of the code each window starts with, then each window's chain of symbols.
    static func fill(_ table: UnsafeMutablePointer<UInt16>, counts: [Int], symbols: [UInt8]) {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: size) { buffer in
            let first = buffer.baseAddress!
            // first[w]: length << 8 | symbol of the code `w` starts with, 0 when it is longer
            // than the window (or unused). Canonical codes in order, as in JPEGFastAC.
            first.update(repeating: 0, count: size)
            var code = 0, index = 0
            for length in 1...16 {
                for _ in 0..<counts[length - 1] {
                    defer { code += 1; index += 1 }
                    guard index < symbols.count, length <= bits, code < 1 << length else { continue }
                    let free = bits - length
                    let entry = Int32(length << 8 | Int(symbols[index]))
                    (first + (code << free)).update(repeating: entry, count: 1 << free)
                }
                code <<= 1
            }
            for window in 0..<size {
                var used = 0, advance = 0, endOfBlock = false
                while used < bits {
                    // The window's bits from `used` on, zeros after: a code found there is
                    // whole when its length fits in the bits that are real.
                    let found = Int(first[(window << used) & (size - 1)])
                    let length = found >> 8, value = found & 0xFF
                    guard length != 0, used + length <= bits else { break }
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
                let entry = UnsafeMutableRawPointer(table + window)
                entry.storeBytes(of: UInt8(used), as: UInt8.self)
                entry.storeBytes(of: UInt8((endOfBlock ? 128 : 0) | advance), toByteOffset: 1, as: UInt8.self)
            }
        }
    }

    /// Reads one block's AC symbols without keeping them: the same bits as the full loop of the
    /// sequential block decode (codes and magnitude bits), several symbols per lookup where
    /// they fit (`skip`, a table of this kind), else one at a time (`fast`, ``JPEGFastAC``; then
    /// the Huffman table `ac`). `window` is the window taken out of `reader` (refilled through
    /// it); the result is what is left of it. Passed by value, not `inout`, so that it stays in
    /// registers: through an `inout` it was stored back to memory after every lookup.
    @inline(__always)
    static func skipAC(_ skip: UnsafePointer<UInt16>, _ fast: UnsafePointer<Int32>, _ ac: UnsafePointer<UInt32>,
                       _ window: MSBBits, _ reader: inout MSBBitReader) -> MSBBits {
        var bits = window
        var k = 1
        while k < 64 {
            // 16 bits cover any one lookup below: a skip entry, a fast entry or a whole code.
            if bits.count < 16 { reader.refill(&bits) }
            let entry = UnsafeRawPointer(skip + bits.peek(Self.bits))
            let used = Int(entry.load(as: UInt8.self)), flags = Int(entry.load(fromByteOffset: 1, as: UInt8.self))
            if used != 0, k &+ (flags & 127) <= 64 {
                bits.consume(used)
                if flags >= 128 { return bits }
                k &+= flags
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
                if r != 15 { return bits }
                k &+= 16
                continue
            }
            k &+= r &+ 1
            if bits.count < s { reader.refill(&bits) }
            bits.consume(s)
        }
        return bits
    }
}
