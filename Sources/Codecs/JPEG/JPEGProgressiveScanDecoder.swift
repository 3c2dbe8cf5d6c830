import OspreyCore

/// The block work of one progressive scan (T.81 G.1.2), the progressive sibling of
/// ``JPEGSequentialUnit``: table and coefficient pointers, the band and the end-of-band run are
/// copied out of the session and the components once per call of the MCU loop, so a block costs
/// no class property access, no Huffman table copy and no indirect call. Coefficients
/// accumulate across scans and are transformed once, when the last scan is in.
///
/// The DC predictors and the end-of-band run live here while the loop runs; the session writes
/// them back (``storeState(into:components:)``) wherever the loop may stop or checkpoint.
struct JPEGProgressiveScanDecoder {
    /// What the scan codes: the four kinds of progressive scan.
    enum Kind { case dcFirst, dcRefine, acFirst, acRefine }

    /// One component of the scan.
    struct Unit {
        /// The copied DC table (DC first scans) or AC table (AC scans); nil when the scan reads
        /// no Huffman code (DC refinement).
        let table: UnsafePointer<UInt32>?
        let fast: UnsafePointer<Int32>
        let coefficients: UnsafeMutablePointer<Int16>
        let paddedBlocksWide: Int, h: Int, v: Int
        /// 64, or 1 for a component that keeps only DC coefficients (whose AC scans are
        /// never decoded).
        let perBlock: Int
        var predictor: Int

        @inline(__always)
        func block(_ column: Int, _ row: Int) -> UnsafeMutablePointer<Int16> {
            coefficients + (row &* paddedBlocksWide &+ column) &* perBlock
        }
    }

    let kind: Kind
    let spectralStart: Int, spectralEnd: Int, low: Int
    let naturalOrder: UnsafePointer<Int>
    /// Sixteen words, one per four coefficients in natural order: all ones in the 16-bit lanes
    /// of the band's coefficients. A block in an end-of-band run whose band is all zero reads no
    /// bit in a refinement scan, and this finds it with sixteen loads.
    private let band: UnsafeMutablePointer<UInt64>
    private var units: UnsafeMutableBufferPointer<Unit>
    /// Blocks left in the current end-of-band run.
    var eobRun: Int

    /// The decoder for `scan` (validated: its tables exist), starting from the session's
    /// predictors and end-of-band run; nil when a component has no coefficients or table.
    /// Call ``deallocate()`` when done.
    init?(_ scan: JPEGScan, session: JPEGDecodeSession) {
        let ss = scan.spectralStart, ah = scan.approximationHigh
        switch (ss == 0, ah == 0) {
        case (true, true): kind = .dcFirst
        case (true, false): kind = .dcRefine
        case (false, true): kind = .acFirst
        case (false, false): kind = .acRefine
        }
        var built: [Unit] = []
        for c in scan.components {
            guard let coefficients = c.coefficients else { return nil }
            let table: UnsafeMutablePointer<UInt32>?
            switch kind {
            case .dcFirst: table = session.huffmanEntries[c.dcTable]
            case .dcRefine: table = nil
            case .acFirst, .acRefine: table = session.huffmanEntries[4 + c.acTable]
            }
            if kind != .dcRefine, table == nil { return nil }
            // Only DC is kept for a component whose AC scans are passed over.
            if ss > 0, c.coefficientsPerBlock < 64 { return nil }
            built.append(Unit(table: table.map { UnsafePointer($0) },
                              fast: UnsafePointer(session.fastAC + c.acTable * JPEGFastAC.size),
                              coefficients: coefficients, paddedBlocksWide: c.paddedBlocksWide,
                              h: c.h, v: c.v, perBlock: c.coefficientsPerBlock, predictor: c.dcPredictor))
        }
        spectralStart = ss
        spectralEnd = min(scan.spectralEnd, 63)
        low = scan.approximationLow
        naturalOrder = UnsafePointer(session.naturalOrder)
        eobRun = session.eobRun
        units = .allocate(capacity: built.count)
        _ = units.initialize(from: built)
        band = .allocate(capacity: 16)
        band.initialize(repeating: 0, count: 16)
        if spectralStart <= spectralEnd {
            for k in spectralStart...spectralEnd {
                let position = session.naturalOrder[k]
                band[position / 4] |= (UInt64(0xFFFF) << (16 * UInt64(position % 4))).littleEndian
            }
        }
    }

    func deallocate() {
        units.deallocate()
        band.deallocate()
    }

    /// Writes the predictors and the end-of-band run back to where a checkpoint reads them.
    func storeState(into session: JPEGDecodeSession, components: [JPEGComponent]) {
        for (c, unit) in zip(components, units) { c.dcPredictor = unit.predictor }
        session.eobRun = eobRun
    }

    /// After a restart marker: predictors and the end-of-band run start over.
    mutating func restart() {
        for index in units.indices { units[index].predictor = 0 }
        eobRun = 0
    }

    /// Decodes one MCU: block (`column`, `row`) of a non-interleaved scan, or each unit's
    /// `h` × `v` blocks of an interleaved one (only DC scans interleave).
    @inline(__always)
    mutating func decodeMCU(column: Int, row: Int, _ reader: inout MSBBitReader) {
        var bits = reader.bits
        defer { reader.bits = bits }
        if units.count == 1 {
            decodeBlock(0, units[0].block(column, row), &bits, &reader)
            return
        }
        for index in units.indices {
            let h = units[index].h, v = units[index].v
            for y in 0..<v {
                for x in 0..<h {
                    decodeBlock(index, units[index].block(column &* h &+ x, row &* v &+ y), &bits, &reader)
                }
            }
        }
    }

    @inline(__always)
    private mutating func decodeBlock(_ unit: Int, _ block: UnsafeMutablePointer<Int16>, _ bits: inout MSBBits,
                                      _ reader: inout MSBBitReader) {
        switch kind {
        case .dcFirst:
            if bits.count < 32 { reader.refill(&bits) }
            let t = JPEGSequentialUnit.symbol(units[unit].table.unsafelyUnwrapped, &bits)
            // Categories above 16 (a corrupt table) read nothing and give 0.
            if t != 0, t <= 16 { units[unit].predictor &+= bits.receiveExtend(t) }
            block[0] = Int16(truncatingIfNeeded: units[unit].predictor &<< low)
        case .dcRefine:
            if bits.count < 1 { reader.refill(&bits) }
            if bits.peek(1) != 0 { block[0] |= Int16(truncatingIfNeeded: 1 &<< low) }
            bits.consume(1)
        case .acFirst:
            decodeACFirst(block, units[unit].table.unsafelyUnwrapped, units[unit].fast, &bits, &reader)
        case .acRefine:
            decodeACRefine(block, units[unit].table.unsafelyUnwrapped, &bits, &reader)
        }
    }

    /// AC first scan over the band, with end-of-band runs spanning blocks.
    @inline(__always)
    private mutating func decodeACFirst(_ block: UnsafeMutablePointer<Int16>, _ table: UnsafePointer<UInt32>,
                                        _ fast: UnsafePointer<Int32>, _ bits: inout MSBBits,
                                        _ reader: inout MSBBitReader) {
        if eobRun > 0 {
            eobRun &-= 1
            return
        }
        var k = spectralStart
        let se = spectralEnd
        while k <= se {
            // 32 bits cover a code (≤ 16) and its magnitude or run-length bits (≤ 16).
            if bits.count < 32 { reader.refill(&bits) }
            let entry = fast[bits.peek(JPEGFastAC.bits)]
            if entry != 0 {
                // Code and magnitude bits in one read, as in sequential blocks.
                bits.consume(Int(entry & 0xFF))
                k &+= Int((entry >> 8) & 0xFF)
                if k > 63 { break }
                block[naturalOrder[k]] = Int16(truncatingIfNeeded: Int(entry >> 16) &<< low)
                k &+= 1
                continue
            }
            let rs = JPEGSequentialUnit.symbol(table, &bits)
            let r = rs >> 4, s = rs & 15
            if s == 0 {
                if r < 15 {
                    eobRun = (1 &<< r) &- 1
                    if r > 0 {
                        eobRun &+= bits.peek(r)
                        bits.consume(r)
                    }
                    break
                }
                k &+= 16
                continue
            }
            k &+= r
            if k > 63 { break }
            block[naturalOrder[k]] = Int16(truncatingIfNeeded: bits.receiveExtend(s) &<< low)
            k &+= 1
        }
    }

    /// AC refinement: a correction bit for each coefficient already non-zero, and new ±1
    /// values placed after skipping `r` coefficients that are still zero (T.81 G.1.2.3).
    @inline(__always)
    private mutating func decodeACRefine(_ block: UnsafeMutablePointer<Int16>, _ table: UnsafePointer<UInt32>,
                                         _ bits: inout MSBBits, _ reader: inout MSBBitReader) {
        let plus = Int16(truncatingIfNeeded: 1 &<< low)
        let minus = Int16(truncatingIfNeeded: -1 &<< low)
        let se = spectralEnd
        var k = spectralStart
        if eobRun == 0 {
            while k <= se {
                // A code (≤ 16), then a sign bit or the run-length bits (≤ 14).
                if bits.count < 32 { reader.refill(&bits) }
                let rs = JPEGSequentialUnit.symbol(table, &bits)
                var r = rs >> 4
                let s = rs & 15
                var newValue: Int16 = 0
                if s != 0 {
                    newValue = bits.peek(1) != 0 ? plus : minus
                    bits.consume(1)
                } else if r != 15 {
                    eobRun = 1 &<< r
                    if r > 0 {
                        eobRun &+= bits.peek(r)
                        bits.consume(r)
                    }
                    break
                }
                while k <= se {
                    let position = naturalOrder[k]
                    let value = block[position]
                    if value != 0 {
                        refine(block + position, value, plus, minus, &bits, &reader)
                    } else {
                        if r == 0 { break }
                        r &-= 1
                    }
                    k &+= 1
                }
                if newValue != 0, k <= 63 { block[naturalOrder[k]] = newValue }
                k &+= 1
            }
        }
        guard eobRun > 0 else { return }
        eobRun &-= 1
        // In an end-of-band run only non-zero coefficients take a bit: none when the band is
        // still all zero (most blocks of a fine refinement scan).
        if bandIsZero(block) { return }
        while k <= se {
            let position = naturalOrder[k]
            let value = block[position]
            if value != 0 { refine(block + position, value, plus, minus, &bits, &reader) }
            k &+= 1
        }
    }

    /// One correction bit for a coefficient that is already non-zero.
    @inline(__always)
    private func refine(_ coefficient: UnsafeMutablePointer<Int16>, _ value: Int16, _ plus: Int16, _ minus: Int16,
                        _ bits: inout MSBBits, _ reader: inout MSBBitReader) {
        if bits.count < 1 { reader.refill(&bits) }
        let set = bits.peek(1) != 0
        bits.consume(1)
        if set, value & plus == 0 { coefficient.pointee = value >= 0 ? value &+ plus : value &+ minus }
    }

    @inline(__always)
    private func bandIsZero(_ block: UnsafeMutablePointer<Int16>) -> Bool {
        let words = UnsafeRawPointer(block)
        var any: UInt64 = 0
        for i in 0..<16 { any |= words.loadUnaligned(fromByteOffset: 8 &* i, as: UInt64.self) & band[i] }
        return any == 0
    }
}
