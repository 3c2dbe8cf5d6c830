/// The symbol and bit output of one progressive scan, either counted (``writer`` nil) or
/// written with fitted tables.
struct JPEGProgressiveScanCoder {
    /// The output; nil while only counting.
    var writer: JPEGBitWriter?
    /// Symbol counts per table slot (257 each: the last is the reserved pseudo-symbol's place).
    private(set) var frequencies: [[Int]] = [[Int](repeating: 0, count: 257), [Int](repeating: 0, count: 257)]
    private let specs: [JPEGHuffmanSpec?]
    /// Blocks whose remaining coefficients are all zero, not yet sent as an EOBn symbol.
    private var endOfBandRun = 0
    /// Correction bits of refinement scans held back until the end-of-band run is sent.
    private var pendingCorrections: [UInt8] = []

    init(writer: JPEGBitWriter?, specs: [JPEGHuffmanSpec?] = [nil, nil]) {
        self.writer = writer
        self.specs = specs
    }

    private mutating func symbol(_ symbol: Int, slot: Int) {
        guard writer != nil, let spec = specs[slot] else {
            frequencies[slot][symbol] += 1
            return
        }
        writer!.write(spec.codes[symbol], count: Int(spec.lengths[symbol]))
    }

    private mutating func bits(_ value: UInt32, count: Int) {
        guard count > 0, writer != nil else { return }
        writer!.write(value & ((1 << UInt32(count)) - 1), count: count)
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
        var pending = pendingCorrections
        pendingCorrections = []
        sendCorrections(&pending)
        pendingCorrections = pending
    }

    private mutating func sendCorrections(_ corrections: inout [UInt8]) {
        for bit in corrections { bits(UInt32(bit), count: 1) }
        corrections.removeAll(keepingCapacity: true)
    }

    /// The first pass over a band: magnitudes shifted right by `low`, runs, end-of-band runs.
    mutating func acFirst(_ block: UnsafePointer<Int16>, scan: JPEGProgressiveScan) {
        var run = 0
        for k in scan.start...scan.end {
            let coefficient = Int32(block[k])
            let magnitude = abs(coefficient) >> Int32(scan.low)
            guard magnitude != 0 else {
                run += 1
                continue
            }
            flushEndOfBand()
            while run > 15 {
                symbol(0xF0, slot: 0)
                run -= 16
            }
            let size = JPEGBlockSymbols.size(magnitude)
            symbol(run << 4 | Int(size), slot: 0)
            bits(coefficient < 0 ? ~UInt32(magnitude) : UInt32(magnitude), count: Int(size))
            run = 0
        }
        if run > 0 {
            endOfBandRun += 1
            if endOfBandRun == 0x7FFF { flushEndOfBand() }
        }
    }

    /// A refinement pass over a band: coefficients becoming non-zero at this bit are sent as
    /// run/size-1 symbols with their sign; those already non-zero send one correction bit.
    mutating func acRefine(_ block: UnsafePointer<Int16>, scan: JPEGProgressiveScan) {
        var magnitudes = [Int32](repeating: 0, count: 64)
        var lastNewlyNonZero = 0
        for k in scan.start...scan.end {
            magnitudes[k] = abs(Int32(block[k])) >> Int32(scan.low)
            if magnitudes[k] == 1 { lastNewlyNonZero = k }
        }
        var run = 0
        var corrections: [UInt8] = []
        for k in scan.start...scan.end {
            let magnitude = magnitudes[k]
            guard magnitude != 0 else {
                run += 1
                continue
            }
            while run > 15 && k <= lastNewlyNonZero {
                flushEndOfBand()
                symbol(0xF0, slot: 0)
                run -= 16
                sendCorrections(&corrections)
            }
            if magnitude > 1 {
                corrections.append(UInt8(magnitude & 1))
                continue
            }
            flushEndOfBand()
            symbol(run << 4 | 1, slot: 0)
            bits(block[k] < 0 ? 0 : 1, count: 1)
            sendCorrections(&corrections)
            run = 0
        }
        if run > 0 || !corrections.isEmpty {
            endOfBandRun += 1
            pendingCorrections += corrections
            // 937 = libjpeg's bound on held-back bits (1000 less a block's worth).
            if endOfBandRun == 0x7FFF || pendingCorrections.count > 937 { flushEndOfBand() }
        }
    }

    /// Sends what the last blocks left pending.
    mutating func finishScan() {
        flushEndOfBand()
    }
}
