import OspreyCore

/// The MCU loop of one scan, resumable (``JPEGScanCursor``), with restart intervals and
/// resynchronisation.
extension JPEGDecodeSession {
    /// Whether the reader, stopped at `position`, can still reach a restart marker: it stopped
    /// at one, or at a code below SOF0 that is no marker at all (corrupt data, skipped when
    /// resynchronising). The end of the data or a real marker ends the scan.
    fileprivate func canResynchronise(at position: Int) -> Bool {
        guard position + 1 < end, base[position] == 0xFF else { return false }
        let code = base[position + 1]
        return (0xD0...0xD7).contains(code) || code < 0xC0
    }

    /// The next marker that can end a restart interval: like libjpeg's `resync_to_restart`,
    /// codes below SOF0 are corrupt data, not markers, and are skipped.
    fileprivate func nextRestartCandidate(from position: Int) -> (code: UInt8, after: Int)? {
        var at = position
        while let (code, after) = nextMarker(from: at) {
            if code >= 0xC0 { return (code, after) }
            at = after
        }
        return nil
    }

    /// The units of a sequential scan's components (the caller deallocates them); nil for a
    /// progressive scan.
    fileprivate func sequentialUnits(_ scan: JPEGScan) throws(ImageError) -> UnsafeMutableBufferPointer<JPEGSequentialUnit>? {
        guard !progressive else { return nil }
        var units: [JPEGSequentialUnit] = []
        for c in scan.components {
            guard let unit = JPEGSequentialUnit(c, session: self) else { throw ImageError(.badImageData) }
            units.append(unit)
        }
        let buffer = UnsafeMutableBufferPointer<JPEGSequentialUnit>.allocate(capacity: units.count)
        _ = buffer.initialize(from: units)
        return buffer
    }

    /// The decoder of a progressive scan (the caller deallocates it); nil for a sequential one.
    fileprivate func progressiveDecoder(_ scan: JPEGScan) throws(ImageError) -> JPEGProgressiveScanDecoder? {
        guard progressive else { return nil }
        guard let decoder = JPEGProgressiveScanDecoder(scan, session: self) else { throw ImageError(.badImageData) }
        return decoder
    }

    /// The MCU loop, from where `cursor` stands. A truncated scan stops where the data ends
    /// (blocks not reached stay mid-grey); a corrupt restart interval is abandoned at the next
    /// RSTn, and intervals whose markers are missing are skipped, so later intervals land where
    /// they belong. ``DecodeOptions/cancellation`` is checked at the start of every frame MCU row.
    ///
    /// Returns where the scan's data ended (at the next marker, or the end). When not `final`
    /// (more bytes may come) and the data ran out, the cursor is put back to the start of the
    /// frame MCU row that needed the missing bytes, that row's samples are reset, and the result
    /// is nil: call again with more bytes (see ``JPEGScanCursor``).
    func continueScan(_ cursor: inout JPEGScanCursor, final: Bool) throws(ImageError) -> Int? {
        guard let geometry else { throw ImageError(.badImageData) }
        if cursor.skipsData {
            // Whole-file decodes only reach here with all the data; an incremental one waits
            // for the scan's end before it begins it (``scanStreams(header:to:)``).
            return scanDataEnd(from: cursor.reader.position) ?? (final ? end : nil)
        }
        let scan = cursor.scan
        let mcusWide = cursor.mcusWide, total = cursor.total
        let block = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
        defer { block.deallocate() }
        // Sequential scans run through units (the DC predictors live there while the loop
        // runs: `storePredictors` puts them back wherever the loop may stop or checkpoint).
        let units = try sequentialUnits(scan)
        defer { units?.deallocate() }
        // Progressive scans run through their decoder (predictors and the end-of-band run
        // live there while the loop runs, and are put back the same way).
        var progressiveScan = try progressiveDecoder(scan)
        defer { progressiveScan?.deallocate() }
        func storePredictors() {
            progressiveScan?.storeState(into: self, components: scan.components)
            guard let units else { return }
            for (c, unit) in zip(scan.components, units) { c.dcPredictor = unit.predictor }
        }
        // Streamed: each MCU row is rendered once the loop has moved past it.
        let renderer = streaming ? self.renderer : nil
        // MCUs per frame MCU row (a non-interleaved scan's MCU is one block).
        let rowMCUs = mcusWide * cursor.blockRowsPerMCURow
        var reader = cursor.reader
        var mcu = cursor.mcu
        var expectedRestart = cursor.expectedRestart
        // Not final: the state at the last frame MCU row reached with real bytes only.
        var saved = final ? nil : JPEGScanCursor.Checkpoint(session: self, scan: scan, mcu: mcu,
                                                            expectedRestart: expectedRestart, reader: reader)
        /// Puts everything back to `saved` (the bytes ran out) and resets that row's samples.
        func starve() -> Int? {
            guard let saved else { return nil }
            saved.restore(into: &cursor, session: self)
            let frameRow = saved.mcu / rowMCUs
            if renderer != nil, frameRow < geometry.mcusHigh {
                for c in components { c.clear(mcuRow: frameRow) }
            }
            return nil
        }
        // The work of each frame MCU row is done once, when the loop enters it (at
        // `nextFrameRow`); per MCU the loop only counts columns (no division, no checkpoint copy).
        var nextFrameRow = 0
        var savedFrameRow = saved.map { $0.mcu / rowMCUs }
        var column = mcu % mcusWide, row = mcu / mcusWide
        while mcu < total {
            if mcu >= nextFrameRow {
                try options.checkCancellation()
                let frameRow = mcu / rowMCUs
                nextFrameRow = (frameRow + 1) * rowMCUs
                // A new frame MCU row: the rows before it are final unless a bit came from past the data.
                let advanced = savedFrameRow.map { $0 != frameRow } ?? false
                if advanced, reader.reachedEnd { return starve() }
                if let renderer {
                    try renderer.complete(through: frameRow)
                }
                if advanced {
                    storePredictors()
                    saved = JPEGScanCursor.Checkpoint(session: self, scan: scan, mcu: mcu,
                                                      expectedRestart: expectedRestart, reader: reader)
                    savedFrameRow = frameRow
                }
            }
            if restartInterval > 0, mcu > 0, mcu % restartInterval == 0 {
                guard let (code, after) = nextRestartCandidate(from: reader.position) else {
                    if !final { return starve() }
                    break
                }
                guard (0xD0...0xD7).contains(code) else {
                    reader = MSBBitReader(bytes, start: after - 2)
                    break
                }
                let number = Int(code - 0xD0)
                mcu += ((number - expectedRestart) & 7) * restartInterval
                expectedRestart = (number + 1) & 7
                reader = MSBBitReader(bytes, start: after)
                for c in scan.components { c.dcPredictor = 0 }
                if let units { for index in units.indices { units[index].predictor = 0 } }
                progressiveScan?.restart()
                eobRun = 0
                if mcu >= total { break }
                column = mcu % mcusWide
                row = mcu / mcusWide
            } else if reader.overrun, restartInterval == 0 || !canResynchronise(at: reader.position) {
                if !final, reader.reachedEnd { return starve() }
                break
            }
            let mcuColumn = column, mcuRow = row
            if let units {
                JPEGSequentialUnit.decodeMCU(units, column: mcuColumn, row: mcuRow, &reader, block, naturalOrder)
            } else {
                progressiveScan?.decodeMCU(column: mcuColumn, row: mcuRow, &reader)
            }
            if !reader.overrun { decodedSomething = true }
            mcu += 1
            column += 1
            if column == mcusWide {
                column = 0
                row += 1
            }
        }
        storePredictors()
        if !final, reader.reachedEnd { return starve() }
        if let renderer {
            try renderer.complete(through: geometry.mcusHigh)
            streamed = true
        }
        return reader.position
    }
}
