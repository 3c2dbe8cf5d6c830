import OspreyCore

/// Decodes a lossless image stream band by band while its bytes arrive, handing each band of
/// finished ARGB rows to a sink, so the caller never holds the image as ARGB words: the RGBA
/// output (4 bytes a pixel) or an alpha plane (1 byte a pixel) is then the only full-size
/// buffer. A one-shot decode is this decoder fed the whole stream at once (``decode(_:width:height:cancellation:sink:)``).
///
/// The entropy-coded pixels live in a sliding window: a backward reference reaches at most
/// ``history`` pixels back and copies at most ``longestCopy`` pixels, so the window keeps that
/// much history before the band being decoded and room for one copy past its end (about 5 MiB
/// of `UInt32` at any width), instead of the whole image. Before the window slides, the colour
/// cache is brought up to date with every pixel decoded (it is otherwise filled lazily, when a
/// cache code reads it), since the pixels it has not seen yet are about to leave.
///
/// While bytes are missing, pixels are decoded a row at a time (after libwebp's incremental
/// decoder, `idec_dec.c`): when the data runs out mid-row, the bit reader and the pixel cursor
/// go back to the row's start and the colour cache to its last saved state (taken at each
/// call and after each slide: the pixels entered since are final and are entered again). Each
/// failed attempt waits for at least as many new bytes as it read (and 256), so the work
/// redone stays linear in the bytes received. The transforms and prefix codes are read once
/// they are all there.
///
/// Not `Sendable`: its owner keeps it behind a lock.
final class VP8LBandDecoder {
    /// The farthest a backward reference reaches: distance prefix 39 with all 18 extra bits set
    /// (1,048,576, less the 120 short codes); the 2-D short codes reach at most 7 rows of 16384.
    static let history = 1 << 20
    /// The longest copy: length prefix 23 (the last of the 24) with all 10 extra bits set.
    static let longestCopy = 4096
    /// Rows per band: about 256 Ki pixels, at least one row.
    static func bandRows(codedWidth: Int) -> Int { max(1, (1 << 18) / max(1, codedWidth)) }

    /// The rows handed to a sink: the first row, the row count, and `count` × `width` ARGB words
    /// (valid during the call only).
    typealias Sink = (_ firstRow: Int, _ count: Int, _ argb: UnsafePointer<UInt32>) -> Void

    let width: Int, height: Int
    private let cancellation: DecodeCancellation?
    /// Why the stream cannot be decoded, once that is certain (the data was complete, or the
    /// decode was cancelled).
    private(set) var failure: ImageError?
    /// Rows handed to the sink so far.
    var rowsDone: Int { window?.rowsDone ?? 0 }
    /// Stream bytes the pixel loop read in all, rolled-back attempts included (for the tests
    /// that check retrying stays linear).
    private(set) var bytesRead = 0

    /// Set once the transforms and codes were read.
    private var stream: VP8LStream?
    private var codes: VP8LEntropyCodes?
    private var window: PixelWindow?
    private var rows: VP8LRowTransformer?
    /// Stream bytes needed before the next attempt.
    private var retryAt = 0

    /// A decoder for a `width` × `height` image stream (the caller checked the size against
    /// the limits).
    init(width: Int, height: Int, cancellation: DecodeCancellation?) {
        self.width = width
        self.height = height
        self.cancellation = cancellation
    }

    deinit {
        window?.deallocate()
        rows?.deallocate()
    }

    var isComplete: Bool { rowsDone == height }

    /// Decodes the `width` × `height` image stream in `stream` (all of it) and calls `sink`
    /// with every band of rows in order.
    static func decode(_ stream: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                       cancellation: DecodeCancellation?, sink: Sink) throws(ImageError) {
        let decoder = VP8LBandDecoder(width: width, height: height, cancellation: cancellation)
        decoder.advance(stream, complete: true, sink: sink)
        if let failure = decoder.failure { throw failure }
    }

    /// Decodes what `input` (the stream as far as it has arrived; it only ever grows, and its
    /// bytes never change, though they may move) adds, handing finished rows to `sink`.
    /// `complete`: `input` is the whole stream, so running out of data is an error.
    func advance(_ input: UnsafeBufferPointer<UInt8>, complete: Bool, sink: Sink) {
        guard failure == nil, !isComplete, complete || input.count >= retryAt else { return }
        // An empty stream still gets a valid base address for the reader.
        let empty: [UInt8] = [0]
        empty.withUnsafeBufferPointer { empty in
            let input = input.baseAddress == nil ? UnsafeBufferPointer(start: empty.baseAddress, count: 0) : input
            if stream == nil, !readCodes(input, complete: complete) { return }
            decodeRows(input, complete: complete, sink: sink)
        }
    }

    /// Reads the transforms and the codes from the start of the stream; false when they are
    /// not all there yet (or bad).
    private func readCodes(_ input: UnsafeBufferPointer<UInt8>, complete: Bool) -> Bool {
        var candidate = VP8LStream(reader: LSBBitReader(base: input.baseAddress!, count: input.count),
                                   cancellation: cancellation)
        do throws(ImageError) {
            let (transforms, codedWidth) = try candidate.readTransforms(width: width, height: height)
            let codes = try candidate.readEntropyCodes(width: codedWidth, height: height, mainImage: true)
            self.codes = codes
            window = PixelWindow(codedWidth: codedWidth, height: height, cacheBits: codes.cacheBits)
            rows = VP8LRowTransformer(transforms: transforms, width: width, codedWidth: codedWidth,
                                      bandRows: Self.bandRows(codedWidth: codedWidth))
            stream = candidate
            return true
        } catch {
            if complete || error.code == .cancelled {
                failure = error
            } else {
                retryAt = max(input.count * 2, input.count + 256)
            }
            return false
        }
    }

    private func decodeRows(_ input: UnsafeBufferPointer<UInt8>, complete: Bool, sink: Sink) {
        guard var stream, let codes, var window, var rows else { return }
        stream.reader.rebase(input, dropping: 0)
        let before = stream.reader.position
        do throws(ImageError) {
            let ranOut = try window.run(&stream, codes: codes, rowsPerBand: rows.bandRows, complete: complete) {
                firstRow, count, coded in rows.undo(coded, firstRow: firstRow, count: count, sink: sink)
            }
            if let ranOut {
                bytesRead += ranOut
                retryAt = input.count + max(ranOut, 256)
            }
        } catch {
            failure = error
        }
        bytesRead += stream.reader.position - before
        self.stream = stream
        self.window = window
        self.rows = rows
    }
}

/// The window of entropy-coded pixels and the colour cache of one decode.
private struct PixelWindow {
    let codedWidth: Int, height: Int, total: Int
    let capacity: Int
    let pixels: UnsafeMutablePointer<UInt32>
    let cache: UnsafeMutableBufferPointer<UInt32>
    /// The cache as it stood at ``savedCached`` (for a decode whose data is not all in).
    let savedCache: UnsafeMutableBufferPointer<UInt32>
    var savedCached = 0
    /// The absolute index of `pixels[0]`.
    var start = 0
    /// `position` and `cached` relative to `start`.
    var cursor = VP8LPixelCursor()
    /// Rows handed on.
    var rowsDone = 0

    init(codedWidth: Int, height: Int, cacheBits: Int) {
        self.codedWidth = codedWidth
        self.height = height
        total = codedWidth * height
        let band = VP8LBandDecoder.bandRows(codedWidth: codedWidth) * codedWidth
        capacity = max(1, min(total, VP8LBandDecoder.history + band + codedWidth + VP8LBandDecoder.longestCopy))
        pixels = .allocate(capacity: capacity)
        cache = .allocate(capacity: cacheBits == 0 ? 0 : 1 << cacheBits)
        cache.initialize(repeating: 0)
        savedCache = .allocate(capacity: cache.count)
        savedCache.initialize(repeating: 0)
    }

    func deallocate() {
        pixels.deallocate()
        cache.deallocate()
        savedCache.deallocate()
    }

    /// Decodes rows and hands each run of finished rows (a backward reference may finish more
    /// than a band) to `body`, at most `rowsPerBand` at a time: band after band when the data
    /// is `complete`, else row by row until it runs out. Returns nil once every row is done;
    /// the bytes the failed attempt read when the data ran out (everything is then as it was
    /// at the start of that row). Throws when the data is complete and bad, or on cancellation.
    mutating func run(_ decoder: inout VP8LStream, codes: VP8LEntropyCodes, rowsPerBand: Int, complete: Bool,
                      body: (Int, Int, UnsafeMutablePointer<UInt32>) -> Void) throws(ImageError) -> Int? {
        if !complete { saveCache() }
        defer { emit(upTo: (start + cursor.position) / codedWidth, rowsPerBand: rowsPerBand, body: body) }
        while (start + cursor.position) < total {
            let row = (start + cursor.position) / codedWidth
            let limit = min(height, complete ? rowsDone + rowsPerBand : row + 1) * codedWidth
            if start + capacity < total && limit - start + VP8LBandDecoder.longestCopy > capacity {
                slide(keepingRowsFrom: rowsDone)
                if !complete { saveCache() }
            }
            let saved = decoder, savedCursor = cursor
            do throws(ImageError) {
                try decoder.decodePixels(into: pixels, width: codedWidth, total: total - start, until: limit - start,
                                         cursor: &cursor, cache: cache, tables: codes.tables, map: codes.map,
                                         mainImage: true)
            } catch {
                if complete || error.code == .cancelled { throw error }
                let consumed = decoder.reader.position - saved.reader.position
                decoder = saved
                cursor = savedCursor
                cache.baseAddress?.update(from: savedCache.baseAddress!, count: cache.count)
                cursor.cached = savedCached
                return consumed
            }
            let finished = (start + cursor.position) / codedWidth
            if complete || finished - rowsDone >= rowsPerBand {
                emit(upTo: finished, rowsPerBand: rowsPerBand, body: body)
            }
        }
        return nil
    }

    /// Hands rows `rowsDone ..< finished` on.
    private mutating func emit(upTo finished: Int, rowsPerBand: Int,
                               body: (Int, Int, UnsafeMutablePointer<UInt32>) -> Void) {
        while rowsDone < finished {
            let count = min(rowsPerBand, finished - rowsDone)
            body(rowsDone, count, pixels + (rowsDone * codedWidth - start))
            rowsDone += count
        }
    }

    private mutating func saveCache() {
        savedCache.baseAddress?.update(from: cache.baseAddress!, count: cache.count)
        savedCached = cursor.cached
    }

    /// Moves the last ``VP8LBandDecoder/history`` pixels (and any row not handed on) to the
    /// front, after entering every decoded pixel into the cache.
    private mutating func slide(keepingRowsFrom row: Int) {
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
