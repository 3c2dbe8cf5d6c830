/// The symbol and bit output of one progressive scan, either counted (``init(counting:)``) or
/// written with fitted tables.
///
/// Blocks are read through bit masks made eight coefficients at a time (which coefficients
/// are non-zero at this scan's bit, which became non-zero at it), only over the groups of
/// eight the scan's band covers, so a block's zero coefficients cost nothing beyond the mask,
/// and no block allocates. Tables, counts and held-back corrections live in buffers the caller
/// owns (made once per file): no array in the per-symbol path.
struct JPEGProgressiveScanCoder {
    /// Correction bits of one block held back until the end-of-band run is sent: its bits
    /// (oldest highest) and how many.
    struct Correction {
        var bits: UInt64
        var count: Int
    }

    /// The most blocks whose corrections can be held back at once: a flush comes once more
    /// than 937 bits are held, and every held block holds at least one.
    static let maxCorrections = 1024

    /// The output (untouched while counting).
    var writer: JPEGBitWriter
    /// Symbol counts, 257 per table slot (the last is the reserved pseudo-symbol's place);
    /// set while counting.
    private let frequencies: UnsafeMutablePointer<Int>?
    /// Per slot and symbol: code << 5 | length; set while writing.
    private let codes: UnsafePointer<UInt32>?
    /// True while the coder only counts symbols.
    let counting: Bool
    /// Blocks whose remaining coefficients are all zero, not yet sent as an EOBn symbol.
    private var endOfBandRun = 0
    /// Held-back corrections (written only when not counting).
    private let pendingCorrections: UnsafeMutablePointer<Correction>?
    private var pendingEntries = 0
    /// How many bits the held-back corrections hold.
    private var pendingCount = 0
    /// The correction bits of the current block (at most 63), oldest highest.
    private var blockBits: UInt64 = 0
    private var blockCount = 0

    /// A coder that adds the scan's symbol counts to `frequencies` (2 × 257).
    init(counting frequencies: UnsafeMutablePointer<Int>) {
        writer = JPEGBitWriter(capacity: 0)
        counting = true
        self.frequencies = frequencies
        codes = nil
        pendingCorrections = nil
    }

    /// A coder that writes to `writer` with `codes` (2 × 256 words, code << 5 | length),
    /// holding corrections back in `corrections` (``maxCorrections`` entries).
    init(writer: JPEGBitWriter, codes: UnsafePointer<UInt32>, corrections: UnsafeMutablePointer<Correction>) {
        self.writer = writer
        counting = false
        frequencies = nil
        self.codes = codes
        pendingCorrections = corrections
    }

    @inline(__always)
    private mutating func symbol(_ symbol: Int, slot: Int) {
        if counting {
            frequencies.unsafelyUnwrapped[slot &* 257 &+ symbol] &+= 1
            return
        }
        let word = codes.unsafelyUnwrapped[slot &* 256 &+ symbol]
        writer.write(word &>> 5, count: Int(word & 31))
    }

    @inline(__always)
    private mutating func bits(_ value: UInt32, count: Int) {
        guard count > 0, !counting else { return }
        writer.write(value & ((1 &<< UInt32(count)) &- 1), count: count)
    }

    /// Bit k set when `|block[k]| >> shift` is non-zero, for the zigzag positions of the groups
    /// of eight that `start…end` touches (the others' bits are clear).
    @inline(__always)
    static func mask(_ block: UnsafePointer<Int16>, shift: Int, start: Int, end: Int) -> UInt64 {
        let raw = UnsafeRawPointer(block)
        var mask: UInt64 = 0
        let s = SIMD8<UInt16>(repeating: UInt16(shift))
        for group in (start &>> 3)...(end &>> 3) {
            let x = raw.loadUnaligned(fromByteOffset: group &* 16, as: SIMD8<Int16>.self)
            let sign = x &>> 15
            let magnitude = unsafeBitCast(unsafeBitCast((x ^ sign) &- sign, to: SIMD8<UInt16>.self) &>> s, to: SIMD8<Int16>.self)
            mask |= JPEGQuantizer.nonZeroBits(magnitude) &<< UInt64(group &* 8)
        }
        return mask
    }

    /// Bits `start…end` set.
    @inline(__always)
    private static func band(_ start: Int, _ end: Int) -> UInt64 {
        let upper: UInt64 = end == 63 ? ~0 : (1 &<< UInt64(end &+ 1)) &- 1
        return upper & ~((1 &<< UInt64(start)) &- 1)
    }

    /// A DC coefficient: first scans send the difference of the point-transformed value,
    /// refinements one bit.
    mutating func dc(_ block: UnsafePointer<Int16>, slot: Int, scan: JPEGProgressiveScan, predictor: inout Int32) {
        let value = Int32(block[0]) >> Int32(scan.low)
        if scan.high > 0 {
            bits(UInt32(value & 1), count: 1)
            return
        }
        let diff = value - predictor
        predictor = value
        let size = JPEGBlockSymbols.size(diff)
        symbol(Int(size), slot: slot)
        bits(JPEGBlockSymbols.extra(diff, size: size), count: Int(size))
    }

    /// Sends the pending end-of-band run (and the corrections it carries).
    private mutating func flushEndOfBand() {
        guard endOfBandRun > 0 else { return }
        let extra = Int.bitWidth - endOfBandRun.leadingZeroBitCount - 1
        symbol(extra << 4, slot: 0)
        bits(UInt32(endOfBandRun), count: extra)
        endOfBandRun = 0
        if !counting, let pending = pendingCorrections {
            for entry in 0..<pendingEntries { writeBits(pending[entry].bits, count: pending[entry].count) }
        }
        pendingEntries = 0
        pendingCount = 0
    }

    /// Writes the low `count` (≤ 63) bits of `bits`, oldest (highest) first.
    @inline(__always)
    private mutating func writeBits(_ bits: UInt64, count: Int) {
        if count > 32 {
            writer.write(UInt32(truncatingIfNeeded: bits &>> UInt64(count &- 32)), count: 32)
            writer.write(UInt32(truncatingIfNeeded: bits) & ((1 &<< UInt32(count &- 32)) &- 1), count: count &- 32)
        } else if count > 0 {
            writer.write(UInt32(truncatingIfNeeded: bits) & UInt32(truncatingIfNeeded: (UInt64(1) &<< UInt64(count)) &- 1),
                         count: count)
        }
    }

    /// Sends the current block's held correction bits.
    @inline(__always)
    private mutating func sendBlockCorrections() {
        guard blockCount > 0 else { return }
        if !counting { writeBits(blockBits, count: blockCount) }
        blockBits = 0
        blockCount = 0
    }

    /// The first pass over a band: magnitudes shifted right by `low`, runs, end-of-band runs.
    mutating func acFirst(_ block: UnsafePointer<Int16>, scan: JPEGProgressiveScan) {
        var mask = Self.mask(block, shift: scan.low, start: scan.start, end: scan.end) & Self.band(scan.start, scan.end)
        var last = scan.start &- 1
        while mask != 0 {
            let k = mask.trailingZeroBitCount
            mask &= mask &- 1
            flushEndOfBand()
            var run = k &- last &- 1
            while run > 15 {
                symbol(0xF0, slot: 0)
                run &-= 16
            }
            let coefficient = Int32(block[k])
            let magnitude = abs(coefficient) >> Int32(scan.low)
            let size = JPEGBlockSymbols.size(magnitude)
            symbol(run << 4 | Int(size), slot: 0)
            bits(coefficient < 0 ? ~UInt32(magnitude) : UInt32(magnitude), count: Int(size))
            last = k
        }
        if last < scan.end {
            endOfBandRun &+= 1
            if endOfBandRun == 0x7FFF { flushEndOfBand() }
        }
    }

    /// A refinement pass over a band: coefficients becoming non-zero at this bit are sent as
    /// run/size-1 symbols with their sign; those already non-zero send one correction bit.
    /// Runs count only the coefficients still zero.
    mutating func acRefine(_ block: UnsafePointer<Int16>, scan: JPEGProgressiveScan) {
        let band = Self.band(scan.start, scan.end)
        let nonZero = Self.mask(block, shift: scan.low, start: scan.start, end: scan.end) & band
        let older = Self.mask(block, shift: scan.low &+ 1, start: scan.start, end: scan.end) & band
        let newly = nonZero & ~older
        let lastNewlyNonZero = newly == 0 ? 0 : 63 &- newly.leadingZeroBitCount
        var mask = nonZero
        var previous = scan.start &- 1
        var run = 0
        while mask != 0 {
            let k = mask.trailingZeroBitCount
            mask &= mask &- 1
            run &+= k &- previous &- 1
            previous = k
            while run > 15 && k <= lastNewlyNonZero {
                flushEndOfBand()
                symbol(0xF0, slot: 0)
                run &-= 16
                sendBlockCorrections()
            }
            if older & (1 &<< UInt64(k)) != 0 {
                let bit = UInt64(truncatingIfNeeded: (abs(Int32(block[k])) >> Int32(scan.low)) & 1)
                blockBits = blockBits &<< 1 | bit
                blockCount &+= 1
                continue
            }
            flushEndOfBand()
            symbol(run << 4 | 1, slot: 0)
            bits(block[k] < 0 ? 0 : 1, count: 1)
            sendBlockCorrections()
            run = 0
        }
        run &+= scan.end &- previous
        if run > 0 || blockCount > 0 {
            endOfBandRun &+= 1
            if blockCount > 0 {
                if !counting, let pending = pendingCorrections {
                    pending[pendingEntries] = Correction(bits: blockBits, count: blockCount)
                    pendingEntries &+= 1
                }
                pendingCount &+= blockCount
                blockBits = 0
                blockCount = 0
            }
            // 937 = libjpeg's bound on held-back bits (1000 less a block's worth).
            if endOfBandRun == 0x7FFF || pendingCount > 937 { flushEndOfBand() }
        }
    }

    /// Sends what the last blocks left pending.
    mutating func finishScan() {
        flushEndOfBand()
    }
}
