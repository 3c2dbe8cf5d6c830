import OspreyCore

/// Decodes the macroblocks of one VP8 key frame into Y, U and V planes, row by row:
/// parse the macroblock headers and tokens, predict and add the residuals, then run the
/// loop filter over the finished macroblock row (RFC 6386 §19–§20, libwebp's order).
///
/// All buffers are allocated once in `init` (sizes from the picture header, which the caller
/// checked against the limits) and freed in `deinit`; the hot loops use unchecked pointers
/// whose bounds follow from those sizes.
final class VP8FrameDecoder {
    let info: VP8PictureInfo
    let columns: Int, rows: Int
    var parameters: VP8FrameParameters
    /// The planes, macroblock-aligned: `yStride = 16 · columns`, `uvStride = 8 · columns`
    /// (empty with a ``reducer``). They hold ``planeRows`` macroblock rows from
    /// ``firstPlaneRow`` on: every row, or a sliding window of them (see ``lumaRow(_:)``).
    let yStride: Int, uvStride: Int
    let y: UnsafeMutablePointer<UInt8>, u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>
    /// Macroblock rows the planes hold.
    let planeRows: Int
    /// The macroblock row at the top of the planes (0 unless they slide).
    private(set) var firstPlaneRow = 0
    /// The unfiltered bottom row of the macroblock row above (intra prediction reads these,
    /// not the filtered planes). `topY` has 4 spare bytes for the last macroblock's above-right.
    let topY: UnsafeMutablePointer<UInt8>, topU: UnsafeMutablePointer<UInt8>, topV: UnsafeMutablePointer<UInt8>
    /// The macroblock work area (``VP8Prediction/stride`` wide, with edge row and column).
    let work: UnsafeMutablePointer<UInt8>
    static let workY = VP8Prediction.stride + 8
    static let workU = VP8Prediction.stride * 18 + 8
    static let workV = VP8Prediction.stride * 18 + 24
    /// The current macroblock's 24 blocks of 16 coefficients (16 Y, 4 U, 4 V) and the Y2 block.
    let coefficients: UnsafeMutablePointer<Int16>
    /// Per-block `nz` (position after the last token) for the transform choice.
    let blockTokens: UnsafeMutablePointer<Int>
    /// Sub-block mode contexts: 4 per macroblock column above, 4 to the left.
    let modesAbove: UnsafeMutablePointer<UInt8>, modesLeft: UnsafeMutablePointer<UInt8>
    /// Non-zero contexts (libwebp's `nz_` bit layout: 4 luma, 2 U, 2 V) and Y2 contexts.
    let nonZeroAbove: UnsafeMutablePointer<UInt8>, dcNonZeroAbove: UnsafeMutablePointer<UInt8>
    var nonZeroLeft: UInt8 = 0, dcNonZeroLeft: UInt8 = 0
    /// The loop-filter parameters of each macroblock of the current row.
    let rowFilters: UnsafeMutablePointer<VP8FilterStrength>
    let probabilities: UnsafeMutablePointer<UInt8>
    /// Where the probabilities of each block type (17 apart) and coefficient position start, as
    /// pointers: the token loop's next probabilities are then one load away, which shortens its
    /// restart after a mispredicted branch (see ``VP8TokenContext/offsets``).
    let bandProbabilities: UnsafeMutablePointer<UnsafePointer<UInt8>>
    let segmentTree: [Int]?
    /// For thumbnails of at most a quarter of the size: each reconstructed macroblock goes to the
    /// reducer instead of the planes (which are then not allocated), and the loop filter is
    /// skipped (libwebp's `bypass_filtering`: its smoothing of block edges is averaged away,
    /// and intra prediction reads unfiltered pixels, so skipping it changes no other pixel).
    let reducer: VP8MacroblockReducer?

    /// A decoder for the frame of `payload`. With `slidingPlanes`, the planes hold only a
    /// window of macroblock rows (about 4 MiB of luma, at least ``rowsKeptWhenSliding`` + 2
    /// rows) that slides down as rows are decoded: for a caller that converts each row as soon
    /// as it is finished (``VP8RowConverter``), never reading a row above the one before the
    /// current. Otherwise they hold the whole picture.
    /// `windowRows` overrides the window's size (for tests that make it slide on small pictures).
    init(payload: UnsafeRawBufferPointer, info: VP8PictureInfo, reducer: VP8MacroblockReducer? = nil,
         slidingPlanes: Bool = false, windowRows: Int? = nil) throws(ImageError) {
        self.info = info
        parameters = try VP8FrameParameters(payload, info: info)
        columns = info.macroblockColumns
        rows = info.macroblockRows
        yStride = columns * 16
        uvStride = columns * 8
        self.reducer = reducer
        let totalRows = info.macroblockRows, fewest = Self.rowsKeptWhenSliding + 2
        let window = windowRows.map { min(totalRows, max(fewest, $0)) } ?? Self.slidingPlaneRows(info)
        planeRows = reducer != nil ? 0 : slidingPlanes ? window : rows
        y = .allocate(capacity: yStride * planeRows * 16)
        u = .allocate(capacity: uvStride * planeRows * 8)
        v = .allocate(capacity: uvStride * planeRows * 8)
        topY = .allocate(capacity: yStride + 4)
        topU = .allocate(capacity: uvStride)
        topV = .allocate(capacity: uvStride)
        work = .allocate(capacity: VP8Prediction.stride * 27)
        work.initialize(repeating: 0, count: VP8Prediction.stride * 27)
        coefficients = .allocate(capacity: 384 + 16)
        blockTokens = .allocate(capacity: 24)
        modesAbove = .allocate(capacity: columns * 4)
        modesAbove.initialize(repeating: UInt8(VP8Mode.dc), count: columns * 4)
        modesLeft = .allocate(capacity: 4)
        nonZeroAbove = .allocate(capacity: columns)
        nonZeroAbove.initialize(repeating: 0, count: columns)
        dcNonZeroAbove = .allocate(capacity: columns)
        dcNonZeroAbove.initialize(repeating: 0, count: columns)
        rowFilters = .allocate(capacity: columns)
        rowFilters.initialize(repeating: VP8FilterStrength(), count: columns)
        probabilities = .allocate(capacity: VP8Tables.coefficientProbabilityCount)
        probabilities.initialize(from: parameters.coefficientProbabilities, count: VP8Tables.coefficientProbabilityCount)
        bandProbabilities = .allocate(capacity: VP8TokenContext.offsets.count)
        for (index, offset) in VP8TokenContext.offsets.enumerated() {
            (bandProbabilities + index).initialize(to: UnsafePointer(probabilities + offset))
        }
        segmentTree = parameters.segmentMapUpdated ? parameters.segmentProbabilities : nil
    }

    deinit {
        y.deallocate(); u.deallocate(); v.deallocate()
        topY.deallocate(); topU.deallocate(); topV.deallocate()
        work.deallocate(); coefficients.deallocate(); blockTokens.deallocate()
        modesAbove.deallocate(); modesLeft.deallocate()
        nonZeroAbove.deallocate(); dcNonZeroAbove.deallocate()
        rowFilters.deallocate(); probabilities.deallocate(); bandProbabilities.deallocate()
    }

    /// Decodes macroblock row `mbY` (headers, tokens, reconstruction, then the loop filter).
    /// Throws ``ImageError/Code/badImageData`` when a partition ran out (libwebp's
    /// "premature end" errors), so a truncated frame fails as it does in libwebp.
    func decodeRow(_ mbY: Int) throws(ImageError) {
        prepareRow(mbY)
        modesLeft.initialize(repeating: UInt8(VP8Mode.dc), count: 4)
        nonZeroLeft = 0
        dcNonZeroLeft = 0
        beginRow(mbY)
        let partition = mbY % parameters.tokenPartitions.count
        var tokens = parameters.tokenPartitions[partition]
        for mbX in 0..<columns {
            let mb = parameters.modes.macroblockHeader(
                segmentProbabilities: segmentTree, skipProbability: parameters.skipProbability,
                above: modesAbove + 4 * mbX, left: modesLeft)
            var hasCoefficients = false
            if !mb.skipsCoefficients {
                hasCoefficients = readResiduals(mb, mbX: mbX, tokens: &tokens)
            } else {
                nonZeroAbove[mbX] = 0
                nonZeroLeft = 0
                if !mb.usesSubblocks { dcNonZeroAbove[mbX] = 0; dcNonZeroLeft = 0 }
                coefficients.update(repeating: 0, count: 384)
                blockTokens.update(repeating: 0, count: 24)
            }
            guard !tokens.isAtEnd else { throw ImageError(.badImageData) }
            var strength = parameters.segments[mb.segment].filter[mb.usesSubblocks ? 1 : 0]
            strength.filterInner = strength.filterInner || hasCoefficients
            rowFilters[mbX] = strength
            reconstruct(mb, mbX: mbX, mbY: mbY)
        }
        parameters.tokenPartitions[partition] = tokens
        guard !parameters.modes.isAtEnd else { throw ImageError(.badImageData) }
        if parameters.filterType != 0 && reducer == nil { filterRow(mbY) }
    }

    /// Slides the planes, when they must, so that they hold macroblock row `mbY` (before its
    /// decode: a resuming caller saves the rows above it after this, where they then stay).
    func prepareRow(_ mbY: Int) {
        if reducer == nil && mbY - firstPlaneRow >= planeRows { slidePlanes(toRow: mbY) }
    }

    /// Macroblock rows above the current one that stay in the planes when they slide: the loop
    /// filter changes 3 pixel rows of the row above, and the converter has yet to read the rows
    /// it holds back (luma rows from 3 above the row's end, chroma rows and their upsampling
    /// neighbours), all within the row above; one more for margin.
    static let rowsKeptWhenSliding = 2

    /// Macroblock rows the sliding planes of `info`'s picture hold: about 4 MiB of luma, at
    /// least ``rowsKeptWhenSliding`` + 2 rows, at most all of them.
    static func slidingPlaneRows(_ info: VP8PictureInfo) -> Int {
        min(info.macroblockRows, max(rowsKeptWhenSliding + 2, (4 << 20) / (256 * info.macroblockColumns)))
    }

    /// The first byte of luma pixel row `row` (held in the planes).
    @inline(__always)
    func lumaRow(_ row: Int) -> UnsafeMutablePointer<UInt8> { y + (row - 16 * firstPlaneRow) * yStride }

    /// The first bytes of chroma pixel row `row` in U and V (held in the planes).
    @inline(__always)
    func chromaRows(_ row: Int) -> (u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>) {
        let offset = (row - 8 * firstPlaneRow) * uvStride
        return (u + offset, v + offset)
    }

    /// Moves the planes' last ``rowsKeptWhenSliding`` macroblock rows to their top, so that
    /// macroblock row `mbY` is the one after them.
    private func slidePlanes(toRow mbY: Int) {
        let keep = min(Self.rowsKeptWhenSliding, mbY - firstPlaneRow)
        let from = mbY - keep - firstPlaneRow
        y.update(from: y + from * 16 * yStride, count: keep * 16 * yStride)
        u.update(from: u + from * 8 * uvStride, count: keep * 8 * uvStride)
        v.update(from: v + from * 8 * uvStride, count: keep * 8 * uvStride)
        firstPlaneRow = mbY - keep
    }

    /// Reads the macroblock's tokens into ``coefficients`` and updates the non-zero contexts.
    /// Returns whether any block has coefficients (libwebp's `!skip`, which also enables the
    /// inner-edge loop filter).
    private func readResiduals(_ mb: VP8Macroblock, mbX: Int, tokens: inout VP8BoolDecoder) -> Bool {
        let segment = parameters.segments[mb.segment]
        coefficients.update(repeating: 0, count: 384)
        var anyCoefficients = false
        let bands = UnsafePointer(bandProbabilities)
        var first = 0
        var lumaBands = bands + 17 * VP8BoolDecoder.typeY4
        if !mb.usesSubblocks {
            // The Y2 block: the DC of each luma block, through the inverse WHT.
            let y2 = coefficients + 384
            y2.update(repeating: 0, count: 16)
            let context = Int(dcNonZeroAbove[mbX] &+ dcNonZeroLeft)
            let count = tokens.coefficients(bands: bands + 17 * VP8BoolDecoder.typeY2, context: context, first: 0,
                                            dcFactor: segment.y2DC, acFactor: segment.y2AC, into: y2)
            let flag: UInt8 = count > 0 ? 1 : 0
            dcNonZeroAbove[mbX] = flag
            dcNonZeroLeft = flag
            VP8Transform.inverseWHT(y2, into: coefficients)
            first = 1
            lumaBands = bands + 17 * VP8BoolDecoder.typeY16AC
        }
        var above = nonZeroAbove[mbX] & 0x0F, left = nonZeroLeft & 0x0F
        for by in 0..<4 {
            var l = left & 1
            for bx in 0..<4 {
                let block = by * 4 + bx
                let out = coefficients + 16 * block
                let count = tokens.coefficients(bands: lumaBands,
                                                context: Int(l &+ (above & 1)), first: first,
                                                dcFactor: segment.y1DC, acFactor: segment.y1AC, into: out)
                l = count > first ? 1 : 0
                above = (above >> 1) | (l << 7)
                blockTokens[block] = count
                if count > 1 || out[0] != 0 { anyCoefficients = true }
            }
            above >>= 4
            left = (left >> 1) | (l << 7)
        }
        var newAbove = above, newLeft = left >> 4
        let chromaBands = bands + 17 * VP8BoolDecoder.typeChroma
        for plane in 0..<2 {
            let shift = UInt8(4 + 2 * plane)
            var above = nonZeroAbove[mbX] >> shift, left = nonZeroLeft >> shift
            for by in 0..<2 {
                var l = left & 1
                for bx in 0..<2 {
                    let block = 16 + plane * 4 + by * 2 + bx
                    let out = coefficients + 16 * block
                    let count = tokens.coefficients(bands: chromaBands,
                                                    context: Int(l &+ (above & 1)), first: 0,
                                                    dcFactor: segment.uvDC, acFactor: segment.uvAC, into: out)
                    l = count > 0 ? 1 : 0
                    above = (above >> 1) | (l << 3)
                    blockTokens[block] = count
                    if count > 1 || out[0] != 0 { anyCoefficients = true }
                }
                above >>= 2
                left = (left >> 1) | (l << 5)
            }
            newAbove |= (above << 4) << UInt8(2 * plane)
            newLeft |= (left & 0xF0) << UInt8(2 * plane)
        }
        nonZeroAbove[mbX] = newAbove
        nonZeroLeft = newLeft
        return anyCoefficients
    }
}
