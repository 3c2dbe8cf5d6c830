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
        for scan in JPEGProgressiveScan.script(componentCount: layout.components.count) {
            var counter = JPEGProgressiveScanCoder()
            code(scan, with: &counter)
            counter.finishScan()
            let isDC = scan.start == 0
            var dht: [(tableClass: Int, id: Int, spec: JPEGHuffmanSpec)] = []
            var specs: [JPEGHuffmanSpec?] = [nil, nil]
            // Refining DC sends raw bits only: no table.
            if !(isDC && scan.high > 0) {
                for slot in 0..<2 {
                    let counts = Array(counter.frequencies[slot * 257..<(slot + 1) * 257])
                    guard counts.contains(where: { $0 > 0 }) else { continue }
                    let spec = JPEGHuffmanSpec(frequencies: counts)
                    specs[slot] = spec
                    dht.append((isDC ? 0 : 1, slot, spec))
                }
            }
            if !dht.isEmpty { JPEGMarkerWriter.huffmanTables(dht, into: &writer) }
            let ids = scan.components.map { index -> (id: UInt8, dc: Int, ac: Int) in
                let table = isDC ? layout.components[index].table : 0
                return (layout.components[index].id, isDC ? table : 0, isDC ? 0 : table)
            }
            JPEGMarkerWriter.scan(ids, start: scan.start, end: scan.end, high: scan.high, low: scan.low, into: &writer)
            var coder = JPEGProgressiveScanCoder(writer: writer, specs: specs)
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
        if scan.components.count > 1 {
            // Interleaved (DC only): MCU order.
            var predictors = [Int32](repeating: 0, count: layout.components.count)
            for mcuRow in 0..<layout.mcuRows {
                for mcuColumn in 0..<layout.mcuColumns {
                    for index in scan.components {
                        let component = layout.components[index]
                        for by in 0..<component.vertical {
                            for bx in 0..<component.horizontal {
                                let row = mcuRow * component.vertical + by
                                let column = mcuColumn * component.horizontal + bx
                                let start = (row * component.paddedColumns + column) * 64
                                store.blocks[index].withUnsafeBufferPointer { blocks in
                                    coder.dc(blocks.baseAddress! + start, slot: component.table, scan: scan,
                                             predictor: &predictors[index])
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
        var predictor: Int32 = 0
        store.blocks[index].withUnsafeBufferPointer { blocks in
            for row in 0..<component.rows {
                for column in 0..<component.columns {
                    let block = blocks.baseAddress! + (row * component.paddedColumns + column) * 64
                    if isDC {
                        coder.dc(block, slot: component.table, scan: scan, predictor: &predictor)
                    } else if scan.high == 0 {
                        coder.acFirst(block, scan: scan)
                    } else {
                        coder.acRefine(block, scan: scan)
                    }
                }
            }
        }
    }
}
