/// Writes the scans of a progressive file from the stored coefficients (T.81 G.1.2,
/// the scheme of libjpeg's `jcphuff.c`): DC first and refinement scans, AC first scans with
/// end-of-band runs, AC refinement scans with their buffered correction bits.
///
/// The Annex K tables have no end-of-band-run symbols, so every scan runs twice: once
/// counting symbols, once writing them with tables fitted to those counts.
struct JPEGProgressiveWriter {
    let store: JPEGCoefficientStore
    let layout: JPEGFrameLayout

    func write(into writer: inout JPEGBitWriter) {
        // The coders' tables and buffers, made once for all scans.
        let frequencies = UnsafeMutablePointer<Int>.allocate(capacity: 2 * 257)
        let codes = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * 256)
        let corrections = UnsafeMutablePointer<JPEGProgressiveScanCoder.Correction>
            .allocate(capacity: JPEGProgressiveScanCoder.maxCorrections)
        defer {
            frequencies.deallocate()
            codes.deallocate()
            corrections.deallocate()
        }
        for scan in JPEGProgressiveScan.script(componentCount: layout.components.count) {
            frequencies.initialize(repeating: 0, count: 2 * 257)
            var counter = JPEGProgressiveScanCoder(counting: frequencies)
            code(scan, with: &counter)
            counter.finishScan()
            let isDC = scan.start == 0
            var dht: [(tableClass: Int, id: Int, spec: JPEGHuffmanSpec)] = []
            codes.initialize(repeating: 0, count: 2 * 256)
            // Refining DC sends raw bits only: no table.
            if !(isDC && scan.high > 0) {
                for slot in 0..<2 {
                    let counts = Array(UnsafeBufferPointer(start: frequencies + slot * 257, count: 257))
                    guard counts.contains(where: { $0 > 0 }) else { continue }
                    let spec = JPEGHuffmanSpec(frequencies: counts)
                    for symbol in 0..<256 {
                        codes[slot * 256 + symbol] = spec.codes[symbol] << 5 | UInt32(spec.lengths[symbol])
                    }
                    dht.append((isDC ? 0 : 1, slot, spec))
                }
            }
            if !dht.isEmpty { JPEGMarkerWriter.huffmanTables(dht, into: &writer) }
            let ids = scan.components.map { index -> (id: UInt8, dc: Int, ac: Int) in
                let table = isDC ? layout.components[index].table : 0
                return (layout.components[index].id, isDC ? table : 0, isDC ? 0 : table)
            }
            JPEGMarkerWriter.scan(ids, start: scan.start, end: scan.end, high: scan.high, low: scan.low, into: &writer)
            var coder = JPEGProgressiveScanCoder(writer: writer, codes: codes, corrections: corrections)
            writer = JPEGBitWriter(capacity: 0)
            code(scan, with: &coder)
            coder.finishScan()
            writer = coder.writer
            writer.flush()
        }
    }

    /// Runs `coder` over the blocks of `scan` in scan order.
    private func code(_ scan: JPEGProgressiveScan, with coder: inout JPEGProgressiveScanCoder) {
        let isDC = scan.start == 0
        if isDC {
            // DC scans read the store's separate DC arrays: two bytes per block.
            var predictors: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &predictors) { raw in
                let predictors = raw.baseAddress!.assumingMemoryBound(to: Int32.self)
                if scan.components.count == 1 {
                    let index = scan.components[0]
                    let component = layout.components[index]
                    let values = store.dc[index]
                    for row in 0..<component.rows {
                        for column in 0..<component.columns {
                            coder.dc(values + (row &* component.paddedColumns &+ column), slot: component.table,
                                     scan: scan, predictor: &predictors[0])
                        }
                    }
                    return
                }
                // Interleaved: MCU order.
                let parts = scan.components.map { index in
                    (values: UnsafePointer(store.dc[index]), component: layout.components[index], index: index)
                }
                for mcuRow in 0..<layout.mcuRows {
                    for mcuColumn in 0..<layout.mcuColumns {
                        for part in parts {
                            let component = part.component
                            for by in 0..<component.vertical {
                                let row = mcuRow &* component.vertical &+ by
                                for bx in 0..<component.horizontal {
                                    let column = mcuColumn &* component.horizontal &+ bx
                                    coder.dc(part.values + (row &* component.paddedColumns &+ column),
                                             slot: component.table, scan: scan, predictor: &predictors[part.index])
                                }
                            }
                        }
                    }
                }
            }
            return
        }
        let index = scan.components[0]
        let component = layout.components[index]
        let blocks = store.blocks[index]
        for row in 0..<component.rows {
            for column in 0..<component.columns {
                let block = blocks + (row &* component.paddedColumns &+ column) &* 64
                if scan.high == 0 {
                    coder.acFirst(block, scan: scan)
                } else {
                    coder.acRefine(block, scan: scan)
                }
            }
        }
    }
}
