import OspreyCore

/// Decodes a lossless image stream band by band, handing each band of finished ARGB rows to a
/// sink, so the caller never holds the image as ARGB words: the RGBA output (4 bytes a pixel)
/// or an alpha plane (1 byte a pixel) is then the only full-size buffer.
///
/// The entropy-coded pixels live in a sliding window: a backward reference reaches at most
/// ``history`` pixels back and copies at most ``longestCopy`` pixels, so the window keeps that
/// much history before the band being decoded and room for one copy past its end (about 5 MiB
/// of `UInt32` at any width), instead of the whole image. Before the window slides, the colour
/// cache is brought up to date with every pixel decoded (it is otherwise filled lazily, when a
/// cache code reads it), since the pixels it has not seen yet are about to leave.
///
/// Pixels, errors and cancellation are exactly those of the whole-image decode: the same pixel
/// loop runs, only on a window, and the inverse transforms run row band by row band as the
/// incremental decoder runs them.
struct VP8LBandDecoder {
    /// The farthest a backward reference reaches: distance prefix 39 with all 18 extra bits set
    /// (1,048,576, less the 120 short codes); the 2-D short codes reach at most 7 rows of 16384.
    static let history = 1 << 20
    /// The longest copy: length prefix 23 (the last of the 24) with all 10 extra bits set.
    static let longestCopy = 4096
    /// Rows per band: about 256 Ki pixels, at least one row.
    static func bandRows(codedWidth: Int) -> Int { max(1, (1 << 18) / max(1, codedWidth)) }

    /// Decodes the `width` × `height` image stream in `stream` and calls `sink` with every band
    /// of rows in order: its first row, its row count, and `count` × `width` ARGB words (valid
    /// during the call only).
    static func decode(_ stream: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                       cancellation: DecodeCancellation?,
                       sink: (_ firstRow: Int, _ count: Int, _ argb: UnsafePointer<UInt32>) -> Void) throws(ImageError) {
        // An empty stream still gets a valid base address for the reader.
        let empty: [UInt8] = [0]
        try empty.withUnsafeBufferPointer { (empty) throws(ImageError) in
            let base = stream.baseAddress ?? empty.baseAddress!
            var decoder = VP8LStream(reader: LSBBitReader(base: base, count: stream.count), cancellation: cancellation)
            let (transforms, codedWidth) = try decoder.readTransforms(width: width, height: height)
            let codes = try decoder.readEntropyCodes(width: codedWidth, height: height, mainImage: true)
            var window = PixelWindow(codedWidth: codedWidth, height: height, cacheBits: codes.cacheBits)
            var rows = VP8LRowTransformer(transforms: transforms, width: width, codedWidth: codedWidth,
                                          bandRows: bandRows(codedWidth: codedWidth))
            defer { window.deallocate(); rows.deallocate() }
            try window.run(&decoder, codes: codes, rowsPerBand: rows.bandRows) { firstRow, count, coded in
                rows.undo(coded, firstRow: firstRow, count: count, sink: sink)
            }
        }
    }
}

/// The window of entropy-coded pixels and the colour cache of one decode.
private struct PixelWindow {
    let codedWidth: Int, height: Int, total: Int
    let capacity: Int
    let pixels: UnsafeMutablePointer<UInt32>
    let cache: UnsafeMutableBufferPointer<UInt32>
    /// The absolute index of `pixels[0]`.
    var start = 0

    init(codedWidth: Int, height: Int, cacheBits: Int) {
        self.codedWidth = codedWidth
        self.height = height
        total = codedWidth * height
        let band = VP8LBandDecoder.bandRows(codedWidth: codedWidth) * codedWidth
        capacity = max(1, min(total, VP8LBandDecoder.history + band + codedWidth + VP8LBandDecoder.longestCopy))
        pixels = .allocate(capacity: capacity)
        cache = .allocate(capacity: cacheBits == 0 ? 0 : 1 << cacheBits)
        cache.initialize(repeating: 0)
    }

    func deallocate() {
        pixels.deallocate()
        cache.deallocate()
    }

    /// Decodes band after band of `rowsPerBand` rows and hands each run of finished rows (a
    /// backward reference may finish more than a band) to `body`, at most `rowsPerBand` at a time.
    mutating func run(_ decoder: inout VP8LStream, codes: VP8LEntropyCodes, rowsPerBand: Int,
                      body: (Int, Int, UnsafeMutablePointer<UInt32>) -> Void) throws(ImageError) {
        var cursor = VP8LPixelCursor()   // `position` and `cached` relative to `start`
        var rowsDone = 0
        while rowsDone < height {
            let limit = min(height, rowsDone + rowsPerBand) * codedWidth
            if start + capacity < total && limit - start + VP8LBandDecoder.longestCopy > capacity {
                slide(&cursor, keepingRowsFrom: rowsDone)
            }
            try decoder.decodePixels(into: pixels, width: codedWidth, total: total - start, until: limit - start,
                                     cursor: &cursor, cache: cache, tables: codes.tables, map: codes.map,
                                     mainImage: true)
            let finished = (start + cursor.position) / codedWidth
            while rowsDone < finished {
                let count = min(rowsPerBand, finished - rowsDone)
                body(rowsDone, count, pixels + (rowsDone * codedWidth - start))
                rowsDone += count
            }
        }
    }

    /// Moves the last ``VP8LBandDecoder/history`` pixels (and any unfinished row) to the front,
    /// after entering every decoded pixel into the cache.
    private mutating func slide(_ cursor: inout VP8LPixelCursor, keepingRowsFrom row: Int) {
        if !cache.isEmpty {
            let shift = UInt32(truncatingIfNeeded: 32 - cache.count.trailingZeroBitCount)
            while cursor.cached < cursor.position {
                let pixel = pixels[cursor.cached]
                cache[Int((pixel &* 0x1E35_A7BD) &>> shift)] = pixel
                cursor.cached &+= 1
            }
        }
        let keepFrom = max(0, min(row * codedWidth - start, cursor.position - VP8LBandDecoder.history))
        guard keepFrom > 0 else { return }
        pixels.update(from: pixels + keepFrom, count: cursor.position - keepFrom)
        start += keepFrom
        cursor.position -= keepFrom
        cursor.cached = cursor.position
    }
}

/// Undoes a main image's transforms on bands of rows: the predictor reads the row above each
/// band as that transform left it, which is kept between bands; colour indexing widens rows,
/// so each transform writes into the other of two band buffers when it must.
struct VP8LRowTransformer {
    let transforms: [VP8LTransform]
    let width: Int, codedWidth: Int, bandRows: Int
    /// Row slot 0 of each band buffer is for the row above (the predictor's); rows start at `stride`.
    private let stride: Int
    private var band: UnsafeMutablePointer<UInt32>?
    private var spare: UnsafeMutablePointer<UInt32>?
    /// The last row the predictor undid, as it left it.
    private var predictorRow: UnsafeMutablePointer<UInt32>?

    init(transforms: [VP8LTransform], width: Int, codedWidth: Int, bandRows: Int) {
        self.transforms = transforms.reversed()
        self.width = width
        self.codedWidth = codedWidth
        self.bandRows = bandRows
        stride = max(width, codedWidth)
        guard !transforms.isEmpty else { return }
        band = .allocate(capacity: (bandRows + 1) * stride)
        if transforms.contains(where: { if case .colorIndexing = $0 { true } else { false } }) {
            spare = .allocate(capacity: (bandRows + 1) * stride)
        }
        if transforms.contains(where: { if case .predictor = $0 { true } else { false } }) {
            predictorRow = .allocate(capacity: stride)
        }
    }

    func deallocate() {
        band?.deallocate()
        spare?.deallocate()
        predictorRow?.deallocate()
    }

    /// Undoes every transform on `count` (≤ ``bandRows``) coded rows from `firstRow` on, and
    /// hands the `width`-wide ARGB rows to `sink`. Without transforms the rows go as they are.
    mutating func undo(_ coded: UnsafeMutablePointer<UInt32>, firstRow: Int, count: Int,
                       sink: (Int, Int, UnsafePointer<UInt32>) -> Void) {
        guard var band else {
            sink(firstRow, count, coded)
            return
        }
        var spare = self.spare
        (band + stride).update(from: coded, count: count * codedWidth)
        for transform in transforms {
            let rowWidth = transform.width
            var isPredictor = false
            if case .predictor = transform { isPredictor = true }
            if isPredictor && firstRow > 0, let predictorRow {
                (band + stride - rowWidth).update(from: predictorRow, count: rowWidth)
            }
            if transform.invertRows(band + stride, firstRow: firstRow, count: count, into: (spare ?? band) + stride),
               let other = spare {
                spare = band
                band = other
            }
            if isPredictor, let predictorRow {
                predictorRow.update(from: band + stride + (count - 1) * rowWidth, count: rowWidth)
            }
        }
        sink(firstRow, count, band + stride)
    }
}
