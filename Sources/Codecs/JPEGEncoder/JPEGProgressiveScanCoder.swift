/// The symbol and bit output of one progressive scan, either counted (``counting``) or
/// written with fitted tables.
///
/// Blocks are read through bit masks made eight coefficients at a time (which coefficients
/// are non-zero at this scan's bit, which became non-zero at it), so a block's zero
/// coefficients cost nothing beyond the mask, and no block allocates.
struct JPEGProgressiveScanCoder {
    /// The output (untouched while counting).
    var writer: JPEGBitWriter
    /// Symbol counts, 257 per table slot (the last is the reserved pseudo-symbol's place).
    private(set) var frequencies = [Int](repeating: 0, count: 2 * 257)
    /// True while the coder only counts symbols.
    let counting: Bool
    /// Per slot and symbol: code << 5 | length (empty while counting).
    private let codes: [UInt32]
    /// Blocks whose remaining coefficients are all zero, not yet sent as an EOBn symbol.
    private var endOfBandRun = 0
    /// Correction bits of refinement scans held back until the end-of-band run is sent: one
    /// entry per block, its bits (oldest highest) and how many.
    private var pendingCorrections: [(bits: UInt64, count: Int)] = []
    /// How many bits `pendingCorrections` holds.
    private var pendingCount = 0
    /// The correction bits of the current block (at most 63), oldest highest.
    private var blockBits: UInt64 = 0
    private var blockCount = 0

    /// A coder that counts symbols.
    init() {
        writer = JPEGBitWriter(capacity: 0)
        counting = true
        codes = []
    }

    /// A coder that writes to `writer` with `specs` (per slot; nil for an unused slot).
    init(writer: JPEGBitWriter, specs: [JPEGHuffmanSpec?]) {
        self.writer = writer
        counting = false
        var codes = [UInt32](repeating: 0, count: 2 * 256)
        for (slot, spec) in specs.enumerated() {
            guard let spec else { continue }
            for symbol in 0..<256 { codes[slot * 256 + symbol] = spec.codes[symbol] << 5 | UInt32(spec.lengths[symbol]) }
        }
        self.codes = codes
        pendingCorrections.reserveCapacity(1024)
    }

    @inline(__always)
    private mutating func symbol(_ symbol: Int, slot: Int) {
        if counting {
            frequencies[slot &* 257 &+ symbol] &+= 1
            return
        }
        let word = codes[slot &* 256 &+ symbol]
        writer.write(word &>> 5, count: Int(word & 31))
    }

    @inline(__always)
    private mutating func bits(_ value: UInt32, count: Int) {
        guard count > 0, !counting else { return }
        writer.write(value & ((1 &<< UInt32(count)) &- 1), count: count)
    }

    /// Bit k set when `|block[k]| >> shift` is non-zero, for all 64 zigzag positions.
    @inline(__always)
    static func mask(_ block: UnsafePointer<Int16>, shift: Int) -> UInt64 {
        let raw = UnsafeRawPointer(block)
        var mask: UInt64 = 0
        let s = SIMD8<UInt16>(repeating: UInt16(shift))
        for group in 0..<8 {
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
        if !counting {
            for entry in pendingCorrections { writeBits(entry.bits, count: entry.count) }
        }
        pendingCorrections.removeAll(keepingCapacity: true)
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
        var mask = Self.mask(block, shift: scan.low) & Self.band(scan.start, scan.end)
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
        let nonZero = Self.mask(block, shift: scan.low) & band
        let older = Self.mask(block, shift: scan.low &+ 1) & band
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
                if !counting { pendingCorrections.append((blockBits, blockCount)) }
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
