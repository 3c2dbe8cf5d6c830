import OspreyCore

/// The state of one decode: tables, frame, components. Lives for one `decode` call on one
/// thread only, so it needs no lock and is not `Sendable`.
final class JPEGDecodeSession {
    /// The file, for the entropy-coded segments' ``MSBBitReader`` (which shares its storage).
    let bytes: [UInt8]
    /// The same bytes for the header parsers; every read is checked against `end`.
    let base: UnsafePointer<UInt8>
    /// One past the last byte.
    let end: Int
    let options: DecodeOptions

    /// Quantisation tables 0…3, 64 entries each in natural order; 0 until defined.
    let quant: UnsafeMutablePointer<Int32>
    /// ``jpegNaturalOrder`` copied once, so the block loops index a plain pointer.
    let naturalOrder: UnsafeMutablePointer<Int>
    var dcTables = [HuffmanDecoder?](repeating: nil, count: 4)
    var acTables = [HuffmanDecoder?](repeating: nil, count: 4)
    /// ``JPEGFastAC`` tables for AC tables 0…3 (all "no shortcut" until defined).
    let fastAC: UnsafeMutablePointer<Int32>
    /// MCUs per restart interval, 0 = none (DRI).
    var restartInterval = 0
    var hints = JPEGColorHints()

    var geometry: JPEGFrameGeometry?
    var components: [JPEGComponent] = []
    var progressive = false
    /// Whether some scan decoded at least one MCU from real data.
    var decodedSomething = false
    /// Scans seen, bounded so that a file of endless empty scans ends.
    var scanCount = 0
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
        var position = 2
        // Every turn consumes at least one byte, so the loop ends.
        while let (code, after) = nextMarker(from: position) {
            position = after
            switch code {
            case 0xD9: return
            case 0xD8, 0xD0...0xD7, 0x01: continue
            default: break
            }
            guard position + 2 <= end else { return }
            let length = u16(position)
            guard length >= 2, position + length <= end else {
                // A cut-off segment: keep what was decoded, as for a cut-off scan.
                return
            }
            let payload = position + 2
            let payloadEnd = position + length
            position = payloadEnd
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
                position = try readScan(from: payload, to: payloadEnd)
            case 0xE0: readJFIF(from: payload, to: payloadEnd)
            case 0xE1: readExif(from: payload, to: payloadEnd)
            case 0xEE: readAdobe(from: payload, to: payloadEnd)
            default: continue   // APPn, COM, DNL (read up front), JPG extensions: skipped
            }
        }
    }
}
