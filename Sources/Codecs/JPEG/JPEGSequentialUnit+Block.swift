import OspreyCore
/// The sequential (baseline/extended) block: Huffman-decode, dequantise, IDCT straight into
/// the ring, or keep the coefficients when the frame has several scans.
extension JPEGSequentialUnit {
    /// Decodes block (`column`, `blockRow`), whose samples go to `output` (ignored when the
    /// coefficients are kept). `block` is 64 coefficients of scratch.
    @inline(__always)
    mutating func decodeBlock(column: Int, blockRow: Int, output: UnsafeMutablePointer<UInt8>,
                              _ reader: inout MSBBitReader, _ block: UnsafeMutablePointer<Int16>,
                              _ naturalOrder: UnsafePointer<Int>) {
        // The window lives in registers for the block (``MSBBits``); every read below is
        // preceded by a check that the bits it needs are there (a refill gives at least 57).
        var bits = reader.bits
        defer { reader.bits = bits }
        if bits.count < 32 { reader.refill(&bits) }
        let t = Self.symbol(dc, &bits)
        // Categories above 16 (a corrupt table) read nothing and give 0, as receiveExtend does.
        if t != 0, t <= 16 { predictor = predictor &+ bits.receiveExtend(t) }
        if let skip {
            // Scaled by 1/8: the block is its DC alone; the AC coefficients are read past.
            bits = JPEGSkipTable.skipAC(skip, fast, ac, bits, &reader)
            JPEGIDCT.fillDCOnly(Int16(truncatingIfNeeded: predictor), quant: quant[0], output: output,
                                stride: stride, size: 1)
            return
        }
        block.update(repeating: 0, count: 64)
        block[0] = Int16(truncatingIfNeeded: predictor)
        var k = 1
        var hasAC = false
        while k < 64 {
            if bits.count < 16 { reader.refill(&bits) }
            let entry = fast[bits.peek(JPEGFastAC.bits)]
            if entry != 0 {
                // Code and magnitude bits in one read (the common case).
                bits.consume(Int(entry & 0xFF))
                k &+= Int((entry >> 8) & 0xFF)
                if k > 63 { break }
                block[naturalOrder[k]] = Int16(truncatingIfNeeded: entry >> 16)
                hasAC = true
                k &+= 1
                continue
            }
            let rs = Self.symbol(ac, &bits)
            let r = rs >> 4, s = rs & 15
            if s == 0 {
                if r != 15 { break }
                k &+= 16
                continue
            }
            k &+= r
            if k > 63 { break }
            if bits.count < s { reader.refill(&bits) }
            block[naturalOrder[k]] = Int16(truncatingIfNeeded: bits.receiveExtend(s))
            hasAC = true
            k &+= 1
        }
        if let coefficients {
            // Sequential in several scans: kept until the last one, rendered with the rest.
            (coefficients + (blockRow &* paddedBlocksWide &+ column) &* 64).update(from: block, count: 64)
            return
        }
        if !hasAC {
            // Flat blocks (common in chroma and smooth areas): the IDCT reduces to one value.
            JPEGIDCT.fillDCOnly(block[0], quant: quant[0], output: output, stride: stride, size: blockSize)
            return
        }
        JPEGIDCT.transform(block, quant: quant, output: output, stride: stride, size: blockSize)
    }

    /// Decodes this unit's `h` × `v` blocks of an interleaved MCU when they are scaled to their
    /// DC alone (1/8 scale, streamed): the DC difference, then the AC symbols skipped, one sample
    /// per block at `output` (the MCU row's first ring row). The common case of a thumbnail,
    /// so it keeps the window in registers across the blocks and calls nothing per block.
    @inline(__always)
    mutating func decodeDCOnly(_ skip: UnsafePointer<UInt16>, column: Int, output: UnsafeMutablePointer<UInt8>,
                               rowStep: Int, _ reader: inout MSBBitReader) {
        var bits = reader.bits
        defer { reader.bits = bits }
        let q = quant[0]
        for y in 0..<v {
            for x in 0..<h {
                if bits.count < 32 { reader.refill(&bits) }
                let t = Self.symbol(dc, &bits)
                if t != 0, t <= 16 { predictor = predictor &+ bits.receiveExtend(t) }
                bits = JPEGSkipTable.skipAC(skip, fast, ac, bits, &reader)
                JPEGIDCT.fillDCOnly(Int16(truncatingIfNeeded: predictor), quant: q,
                                    output: output + (y &* rowStep &+ column &* h &+ x), stride: stride, size: 1)
            }
        }
    }

    /// Decodes the blocks of one MCU: a non-interleaved scan's MCU is block (`column`, `row`)
    /// of `units[0]`; an interleaved one has `h` × `v` blocks of each unit in turn.
    @inline(__always)
    static func decodeMCU(_ units: UnsafeMutableBufferPointer<JPEGSequentialUnit>, column: Int, row: Int,
                          _ reader: inout MSBBitReader, _ block: UnsafeMutablePointer<Int16>,
                          _ naturalOrder: UnsafePointer<Int>) {
        if units.count == 1 {
            let output = units[0].rowBase(row) + column &* units[0].blockSize
            units[0].decodeBlock(column: column, blockRow: row, output: output, &reader, block, naturalOrder)
            return
        }
        for index in units.indices {
            let h = units[index].h, v = units[index].v, size = units[index].blockSize
            let base = units[index].rowBase(row &* v)
            let rowStep = units[index].stride &* size
            if let skip = units[index].skip {
                units[index].decodeDCOnly(skip, column: column, output: base, rowStep: rowStep, &reader)
                continue
            }
            for y in 0..<v {
                for x in 0..<h {
                    let blockColumn = column &* h &+ x
                    units[index].decodeBlock(column: blockColumn, blockRow: row &* v &+ y,
                                             output: base + y &* rowStep + blockColumn &* size,
                                             &reader, block, naturalOrder)
                }
            }
        }
    }
}
