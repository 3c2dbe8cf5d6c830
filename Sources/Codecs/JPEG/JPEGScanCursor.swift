import OspreyCore

/// Where the MCU loop of one scan stands, so that an incremental decode can park the streamed
/// scan when its bytes run out and go on when more arrive (libjpeg's suspending data source,
/// done by rolling back rather than by suspending mid-block).
///
/// The loop keeps a ``Checkpoint`` at the start of each frame MCU row it reaches with real
/// bytes only. When a row needs bits past the bytes received (the reader ran into their end),
/// everything goes back to that checkpoint — reader, MCU index, restart count, DC predictors —
/// and the row is decoded again, whole, once more bytes came. So each parked state is one the
/// whole-file decode also passes through, and the result is the same.
struct JPEGScanCursor {
    let scan: JPEGScan
    /// MCUs per row of the scan and in the scan (a non-interleaved scan's MCU is one block).
    let mcusWide: Int, total: Int
    /// Rows of the scan's MCUs per frame MCU row (`v` for a non-interleaved scan, else 1).
    let blockRowsPerMCURow: Int
    /// The scan's data is not needed (``JPEGDecodeSession/scanIsUnused(_:)``): it is passed
    /// over to the next marker, not decoded.
    var skipsData = false
    /// The next MCU to decode.
    var mcu = 0
    /// The RSTn number expected next.
    var expectedRestart = 0
    /// The reader at `mcu`. Parked, it lets go of the bytes (``MSBBitReader/rebind(_:)``).
    var reader: MSBBitReader

    init(scan: JPEGScan, geometry: JPEGFrameGeometry, reader: MSBBitReader) {
        self.scan = scan
        let single = scan.components.count == 1
        mcusWide = single ? scan.components[0].blocksWide : geometry.mcusWide
        total = mcusWide * (single ? scan.components[0].blocksHigh : geometry.mcusHigh)
        blockRowsPerMCURow = single ? scan.components[0].v : 1
        self.reader = reader
    }

    /// Everything the MCU loop changes, as it stood at the start of a frame MCU row.
    struct Checkpoint {
        let mcu: Int
        let expectedRestart: Int
        let reader: MSBBitReader
        let predictors: [Int]
        let eobRun: Int
        let decodedSomething: Bool

        init(session: JPEGDecodeSession, scan: JPEGScan, mcu: Int, expectedRestart: Int, reader: MSBBitReader) {
            self.mcu = mcu
            self.expectedRestart = expectedRestart
            self.reader = reader
            predictors = scan.components.map(\.dcPredictor)
            eobRun = session.eobRun
            decodedSomething = session.decodedSomething
        }

        /// Puts the cursor, the scan's DC predictors and the session back to this state.
        func restore(into cursor: inout JPEGScanCursor, session: JPEGDecodeSession) {
            cursor.mcu = mcu
            cursor.expectedRestart = expectedRestart
            cursor.reader = reader
            for (c, p) in zip(cursor.scan.components, predictors) { c.dcPredictor = p }
            session.eobRun = eobRun
            session.decodedSomething = decodedSomething
        }
    }
}
