import OspreyCore

/// The state of one decode: tables, frame, components. Lives for one `decode` call on one
/// thread (or, behind ``JPEGIncrementalDecoder``'s lock, for one download), so it needs no lock
/// and is not `Sendable`.
final class JPEGDecodeSession {
    /// The file, for the entropy-coded segments' ``MSBBitReader`` (which shares its storage).
    /// An incremental decode points it (and `base`, `end`) at the bytes received so far before
    /// each ``advance(from:final:)`` and lets go of it afterwards.
    var bytes: [UInt8]
    /// The same bytes for the header parsers; every read is checked against `end`.
    var base: UnsafePointer<UInt8>
    /// One past the last byte.
    var end: Int
    let options: DecodeOptions

    /// Quantisation tables 0…3, 64 entries each in natural order; 0 until defined.
    let quant: UnsafeMutablePointer<Int32>
    /// ``jpegNaturalOrder`` copied once, so the block loops index a plain pointer.
    let naturalOrder: UnsafeMutablePointer<Int>
    var dcTables = [HuffmanDecoder?](repeating: nil, count: 4)
    var acTables = [HuffmanDecoder?](repeating: nil, count: 4)
    /// ``JPEGFastAC`` tables for AC tables 0…3 (all "no shortcut" until defined).
    let fastAC: UnsafeMutablePointer<Int32>
    /// Copies of the Huffman tables' lookup entries, DC 0…3 then AC 0…3 (nil until defined):
    /// the sequential block loop reads them through plain pointers (``JPEGSequentialUnit``).
    var huffmanEntries = [UnsafeMutablePointer<UInt32>?](repeating: nil, count: 8)
    /// The AC tables' DHT lists, kept to build a ``JPEGSkipTable`` when one is first needed.
    var acCodes = [(counts: [Int], symbols: [UInt8])?](repeating: nil, count: 4)
    /// ``JPEGSkipTable``s for AC tables 0…3, valid where ``skipTableBuilt`` says so. Allocated
    /// on the first DC-only thumbnail scan: 128 kB that a full-size decode never needs.
    var skipTables: UnsafeMutablePointer<UInt16>?
    var skipTableBuilt = [Bool](repeating: false, count: 4)
    /// MCUs per restart interval, 0 = none (DRI).
    var restartInterval = 0
    var hints = JPEGColorHints()

    var geometry: JPEGFrameGeometry?
    var components: [JPEGComponent] = []
    var progressive = false
    /// Whether some scan decoded at least one MCU from real data.
    var decodedSomething = false
    /// Scans seen, bounded so that a file of endless empty scans ends (``maxScans``).
    var scanCount = 0
    /// Pixels of work counted against ``DecodeOptions/decodeWorkBudget`` so far: the source
    /// (decoded and rendered once) and every progressive scan decoded (``scanWork(_:)``).
    var workDone = 0
    /// The end-of-band run of the current progressive AC scan.
    var eobRun = 0
    /// The output stage, made at the first scan (``prepareOutput(firstScan:)``).
    var renderer: JPEGRenderer?
    /// Whether the frame is one interleaved sequential scan rendered while it is decoded;
    /// otherwise coefficients are kept and rendered after the last scan.
    var streaming = false
    /// Whether the streamed scan is done (later scans of a sequential frame are ignored).
    var streamed = false
    /// The orientation the output was sized for and is turned by.
    var outputOrientation = ImageOrientation.up
    /// The luma block size the output is decoded at (8 = full size) and its colour space,
    /// chosen at the first scan (``prepareOutput(firstScan:)``).
    var outputScale = 8
    var outputSpace: JPEGColorSpace?
    /// The colour information of the output, settled at the first scan: the embedded profile,
    /// or ``ImageColorProfile/sRGB`` when the renderer converts to sRGB.
    var outputProfile: ImageColorProfile?
    /// The renderer's conversion to sRGB, also used by progressive previews; nil = none.
    var outputConverter: SRGBConverter?
    /// Scans decoded to their end (for partial images of kept coefficients), and whether one
    /// of them carried AC coefficients.
    var completedScans = 0
    var sawACScan = false
    /// Nothing after this point may be read: EOI, a segment too short to be one, or a scan that
    /// may not follow (past ``maxScans``, or after the streamed scan).
    var stopped = false
    /// The streamed scan, parked where its data ran out (incremental decoding only).
    var activeScan: JPEGScanCursor?
    /// Where ``scanDataEnd(from:)`` stopped looking (incremental decoding only).
    var scanEndSearch: (start: Int, at: Int)?
    /// The bytes may be a prefix of the file (incremental decoding): what needs the whole file
    /// (a DNL-defined height) is not done; ``needsWholeFile`` says so and the decode stops.
    var partialData = false
    /// A feature met while ``partialData`` needs the whole file: only a one-shot decode can finish.
    var needsWholeFile = false

    /// A session over `bytes`, whose storage `base` points to for the session's lifetime.
    init(bytes: [UInt8], base: UnsafePointer<UInt8>, end: Int, options: DecodeOptions) {
        self.bytes = bytes
        self.base = base
        self.end = end
        self.options = options
        quant = .allocate(capacity: 4 * 64)
        quant.initialize(repeating: 0, count: 4 * 64)
        naturalOrder = .allocate(capacity: jpegNaturalOrder.count)
        naturalOrder.initialize(from: jpegNaturalOrder, count: jpegNaturalOrder.count)
        fastAC = .allocate(capacity: 4 * JPEGFastAC.size)
        fastAC.initialize(repeating: 0, count: 4 * JPEGFastAC.size)
    }

    deinit {
        quant.deallocate()
        naturalOrder.deallocate()
        fastAC.deallocate()
        skipTables?.deallocate()
        huffmanEntries.forEach { $0?.deallocate() }
    }

    /// Big-endian 16-bit value at `offset` (caller checked the bounds).
    @inline(__always)
    func u16(_ offset: Int) -> Int { Int(base[offset]) << 8 | Int(base[offset + 1]) }

    /// The next marker at or after `position`: skips fill bytes (`0xFF 0xFF …`) and any
    /// extraneous bytes between segments. Returns its code and the offset after it.
    func nextMarker(from position: Int) -> (code: UInt8, after: Int)? {
        var i = position
        while i + 1 < end {
            if base[i] != 0xFF { i += 1; continue }
            var j = i + 1
            while j < end, base[j] == 0xFF { j += 1 }
            guard j < end else { return nil }
            if base[j] != 0x00 { return (base[j], j + 1) }
            i = j + 1
        }
        return nil
    }

    /// Reads every marker segment and scan until EOI or the end of the data.
    func run() throws(ImageError) {
        guard end >= 4, base[0] == 0xFF, base[1] == 0xD8 else { throw ImageError(.badImageData) }
        _ = try advance(from: 2, final: true)
    }

    /// Reads marker segments and scans from `position` (after SOI) as far as the bytes go and
    /// returns where to go on from. `final`: the bytes are the whole file, so a cut-off segment
    /// or scan ends the decode (what is there is kept). Otherwise more bytes may come: a segment
    /// is read only once all of it is there, a scan whose coefficients are kept only once its
    /// data ended at a marker that is not RSTn (see ``scanDataEnd(from:)``), and the streamed
    /// scan row by row (see ``continueScan(_:final:)``); the result is the same as reading the
    /// whole file at once.
    func advance(from start: Int, final: Bool) throws(ImageError) -> Int {
        var position = start
        if var cursor = activeScan {
            activeScan = nil
            cursor.reader.rebind(bytes)
            guard let after = try continueScan(&cursor, final: final) else {
                activeScan = cursor
                return position
            }
            scanCompleted(cursor.scan)
            position = after
        }
        // Every turn consumes at least one byte, so the loop ends.
        while !stopped {
            guard let (code, after) = nextMarker(from: position) else {
                return final ? position : resumePoint(from: position)
            }
            switch code {
            case 0xD9: stopped = true; return after
            case 0xD8, 0xD0...0xD7, 0x01: position = after; continue
            default: break
            }
            guard after + 2 <= end, u16(after) >= 2, after + u16(after) <= end else {
                // A cut-off segment: keep what was decoded, as for a cut-off scan. (Not final:
                // wait for the rest at the marker, not before any bytes skipped to reach it.)
                if final || (after + 2 <= end && u16(after) < 2) { stopped = true }
                return final ? position : after - 2
            }
            let length = u16(after)
            let payload = after + 2
            let payloadEnd = after + length
            switch code {
            case 0xC0, 0xC1, 0xC2: try readFrame(code: code, from: payload, to: payloadEnd)
            case 0xC3: throw .jpegUnsupported("lossless JPEG (SOF3)")
            case 0xC5, 0xC6, 0xC7: throw .jpegUnsupported("hierarchical JPEG (SOF\(code - 0xC0))")
            case 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF:
                throw .jpegUnsupported("arithmetic coding (SOF\(code - 0xC0))")
            case 0xC4: try readHuffmanTables(from: payload, to: payloadEnd)
            case 0xDB: try readQuantTables(from: payload, to: payloadEnd)
            case 0xDD:
                guard length >= 4 else { throw ImageError(.badImageData) }
                restartInterval = u16(payload)
            case 0xDA:
                if !final, !scanStreams(header: payload, to: payloadEnd), scanDataEnd(from: payloadEnd) == nil {
                    return after - 2
                }
                guard var cursor = try beginScan(from: payload, to: payloadEnd) else {
                    stopped = true
                    return end
                }
                guard let after = try continueScan(&cursor, final: final) else {
                    activeScan = cursor
                    return payloadEnd
                }
                scanCompleted(cursor.scan)
                position = after
                continue
            case 0xE0: readJFIF(from: payload, to: payloadEnd)
            case 0xE1: readExif(from: payload, to: payloadEnd)
            case 0xE2: hints.icc.add(UnsafeBufferPointer(start: base + payload, count: payloadEnd - payload))
            case 0xEE: readAdobe(from: payload, to: payloadEnd)
            default: break   // APPn, COM, DNL (read up front), JPG extensions: skipped
            }
            position = payloadEnd
        }
        return position
    }

    private func scanCompleted(_ scan: JPEGScan) {
        completedScans += 1
        if scan.spectralEnd > 0 { sawACScan = true }
    }

    /// Where ``nextMarker(from:)``, which found nothing from `position`, should look again once
    /// more bytes came: the start of a run of `FF` at the end (it may begin a marker), else the end.
    func resumePoint(from position: Int) -> Int {
        var i = end
        while i > position, base[i - 1] == 0xFF { i -= 1 }
        return i
    }
}
