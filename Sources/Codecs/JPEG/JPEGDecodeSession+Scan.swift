import OspreyCore

/// One scan's header as SOS gives it.
struct JPEGScan {
    var components: [JPEGComponent]
    /// Spectral selection start and end (0 and 63 for sequential scans).
    var spectralStart: Int, spectralEnd: Int
    /// Successive approximation: previous and current point transform.
    var approximationHigh: Int, approximationLow: Int
}

/// SOS: the scan header and the MCU loop, with restart intervals and resynchronisation.
extension JPEGDecodeSession {
    /// Parses the SOS header at `start..<stop`, checks it against the scan rules (see
    /// `JPEGDecodeSession+ScanLimits.swift`: a scan past ``maxScans`` or one that adds nothing
    /// is ``ImageError/Code/badImageData``, its work must fit the budget) and prepares its
    /// decode (the output, at the first scan); nil when no more scans may be read (after the
    /// streamed scan of a sequential frame).
    func beginScan(from start: Int, to stop: Int) throws(ImageError) -> JPEGScanCursor? {
        guard let geometry else { throw ImageError(.badImageData) }
        guard stop - start >= 1 else { throw ImageError(.badImageData) }
        let count = Int(base[start])
        guard (1...4).contains(count), stop - start >= 4 + 2 * count else { throw ImageError(.badImageData) }
        var selected: [JPEGComponent] = []
        for i in 0..<count {
            let id = Int(base[start + 1 + 2 * i]), tables = base[start + 2 + 2 * i]
            guard let component = components.first(where: { $0.id == id }),
                  !selected.contains(where: { $0 === component }) else { throw ImageError(.badImageData) }
            component.dcTable = Int(tables >> 4) & 3
            component.acTable = Int(tables & 15) & 3
            selected.append(component)
        }
        let at = start + 1 + 2 * count
        var scan = JPEGScan(components: selected, spectralStart: Int(base[at]), spectralEnd: Int(base[at + 1]),
                            approximationHigh: Int(base[at + 2] >> 4), approximationLow: Int(base[at + 2] & 15))
        scanCount += 1
        if scanCount == 1 { try installStandardHuffmanTables() }
        // A streamed sequential frame is complete after its one scan: nothing may follow.
        guard !streamed else { return nil }
        guard scanCount <= Self.maxScans else { throw ImageError(.badImageData) }
        if progressive {
            try validateProgressive(scan)
        } else {
            scan.spectralStart = 0
            scan.spectralEnd = 63
            scan.approximationHigh = 0
            scan.approximationLow = 0
            try requireTables(scan, dc: true, ac: true)
        }
        try recordApproximation(scan)
        try prepareOutput(firstScan: scan)
        var cursor = JPEGScanCursor(scan: scan, geometry: geometry, reader: MSBBitReader(bytes, start: stop))
        if scanIsUnused(scan) {
            cursor.skipsData = true
            return cursor
        }
        // A sequential frame's one decode of each component is the source counted at SOF.
        if progressive { try chargeWork(scanWork(scan)) }
        for c in scan.components { c.dcPredictor = 0 }
        eobRun = 0
        return cursor
    }

    /// Whether the scan whose SOS header is `start..<stop` is the streamed one, decoded row by
    /// row as its bytes arrive; otherwise its coefficients are kept and the scan is decoded at
    /// once, when all its data is there.
    func scanStreams(header start: Int, to stop: Int) -> Bool {
        guard renderer != nil else { return !progressive && stop > start && Int(base[start]) == components.count }
        return streaming && !streamed
    }

    /// Where the entropy-coded data starting at `start` certainly ends: the first marker that
    /// is neither RSTn nor a code below SOF0 (which the MCU loop skips as corrupt data), or nil
    /// when the bytes so far have none. The scan's decode reads no byte past it, so decoding it
    /// now gives what the whole file would. The search resumes where the last one stopped.
    func scanDataEnd(from start: Int) -> Int? {
        var at = scanEndSearch?.start == start ? scanEndSearch!.at : start
        while let (code, after) = nextMarker(from: nextFF(from: at)) {
            if code >= 0xC0, !(0xD0...0xD7).contains(code) {
                scanEndSearch = nil
                return after - 2
            }
            at = after
        }
        scanEndSearch = (start, resumePoint(from: at))
        return nil
    }

    /// The first `0xFF` at or after `position`, or `end`: eight bytes at a time (a byte is `FF`
    /// when the same byte of the complement is zero), as entropy-coded data has few.
    private func nextFF(from position: Int) -> Int {
        var i = position
        while i + 8 <= end {
            let inverted = ~UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            if (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        while i < end, base[i] != 0xFF { i += 1 }
        return i
    }

    private func validateProgressive(_ scan: JPEGScan) throws(ImageError) {
        let ss = scan.spectralStart, se = scan.spectralEnd
        guard ss <= se, se <= 63, (ss == 0) == (se == 0), ss == 0 || scan.components.count == 1,
              scan.approximationLow <= 13, scan.approximationHigh <= 13 else { throw ImageError(.badImageData) }
        try requireTables(scan, dc: ss == 0 && scan.approximationHigh == 0, ac: ss > 0)
    }

    private func requireTables(_ scan: JPEGScan, dc: Bool, ac: Bool) throws(ImageError) {
        for c in scan.components {
            if dc, dcTables[c.dcTable] == nil { throw ImageError(.badImageData) }
            if ac, acTables[c.acTable] == nil { throw ImageError(.badImageData) }
        }
    }
}
