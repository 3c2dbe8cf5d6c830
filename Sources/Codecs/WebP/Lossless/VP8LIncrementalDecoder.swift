import OspreyCore

/// Decodes a WebP lossless image stream while its bytes arrive, after libwebp's incremental
/// decoder (`idec_dec.c`): the transforms and prefix codes are read once they are all there;
/// then pixels are decoded a row at a time, and the bit reader, the pixel cursor and the
/// colour cache are rolled back to the last row boundary when the data runs out mid-row.
/// Completed rows go through the inverse transforms (none of which looks at a later row; the
/// predictor looks at the row above, kept as it stood after that transform) into RGBA.
///
/// Each failed attempt waits for at least as many new bytes as it read (and 256), so the
/// work redone after running out stays linear in the bytes received.
struct VP8LIncrementalDecoder {
    let width: Int, height: Int
    /// Alpha is forced to 255.
    let opaque: Bool
    private let cancellation: DecodeCancellation?
    /// The stream was complete and could not be decoded (the caller falls back to a one-shot
    /// decode, which reports the error).
    private(set) var failed = false
    /// RGBA output: rows before ``rowsDone`` are final, the rest transparent black.
    private(set) var rgba: [UInt8]
    private(set) var rowsDone = 0

    /// Set once the transforms and codes were read.
    private var stream: VP8LStream?
    private var transforms: [VP8LTransform] = []
    private var codes: VP8LEntropyCodes?
    private var codedWidth = 0
    /// The entropy-coded pixels (backward references reach any earlier one).
    private var coded: [UInt32] = []
    private var cache: [UInt32] = []
    private var cursor = VP8LPixelCursor()
    /// The last row the predictor undid, as it left it (the next row predicts from it).
    private var predictorRow: [UInt32] = []
    /// Stream bytes needed before the next attempt.
    private var retryAt = 0
    /// Stream bytes the pixel loop read in all, rolled-back attempts included (for the tests
    /// that check retrying stays linear).
    private(set) var bytesRead = 0

    /// A decoder for a `header.width` × `header.height` image (the caller checked the size
    /// against the limits). With `opaque`, alpha is 255.
    init(header: VP8LDecoder.Header, opaque: Bool, cancellation: DecodeCancellation?) {
        width = header.width
        height = header.height
        self.opaque = opaque
        self.cancellation = cancellation
        rgba = [UInt8](repeating: 0, count: header.width * header.height * 4)
    }

    var isComplete: Bool { rowsDone == height }

    /// Decodes what `input` (the image stream after the 5-byte header, as far as it has
    /// arrived; it only ever grows, and its bytes never change) adds. `complete`: `input` is
    /// the whole stream, so running out of data is an error.
    mutating func advance(_ input: UnsafeBufferPointer<UInt8>, complete: Bool) {
        guard !failed, !isComplete, complete || input.count >= retryAt else { return }
        guard let base = input.baseAddress else {
            if complete { failed = true }
            return
        }
        if stream == nil, !readCodes(base: base, count: input.count, complete: complete) { return }
        decodeRows(input, complete: complete)
    }

    /// Reads the transforms and the codes from the start of the stream; false when they are
    /// not all there yet (or bad).
    private mutating func readCodes(base: UnsafePointer<UInt8>, count: Int, complete: Bool) -> Bool {
        var candidate = VP8LStream(reader: LSBBitReader(base: base, count: count), cancellation: cancellation)
        do throws(ImageError) {
            let (transforms, codedWidth) = try candidate.readTransforms(width: width, height: height)
            let codes = try candidate.readEntropyCodes(width: codedWidth, height: height, mainImage: true)
            self.transforms = transforms
            self.codedWidth = codedWidth
            self.codes = codes
            coded = [UInt32](repeating: 0, count: codedWidth * height)
            cache = [UInt32](repeating: 0, count: codes.cacheBits == 0 ? 0 : 1 << codes.cacheBits)
            stream = candidate
            return true
        } catch {
            if complete { failed = true } else { retryAt = max(count * 2, count + 256) }
            return false
        }
    }

    private mutating func decodeRows(_ input: UnsafeBufferPointer<UInt8>, complete: Bool) {
        guard var stream, let codes else { return }
        stream.reader.rebase(input, dropping: 0)
        let total = codedWidth * height
        // The cache as it stood at the start: a rollback restores it and re-enters the pixels
        // since (they are final) the next time the cache is read.
        let cacheAtStart = cache, cachedAtStart = cursor.cached
        var ranOut = false
        var cursor = self.cursor
        var retryAt = self.retryAt
        var bytesRead = self.bytesRead
        let codedWidth = self.codedWidth
        // Moved out (not copied) so the closures below touch locals only.
        var coded = self.coded, cache = self.cache
        self.coded = []
        self.cache = []
        coded.withUnsafeMutableBufferPointer { out in
            cache.withUnsafeMutableBufferPointer { cache in
                while cursor.position < total {
                    let saved = stream, savedCursor = cursor
                    let rowEnd = (cursor.position / codedWidth + 1) * codedWidth
                    do throws(ImageError) {
                        try stream.decodePixels(into: out.baseAddress!, width: codedWidth, total: total, until: rowEnd,
                                                cursor: &cursor, cache: cache, tables: codes.tables, map: codes.map,
                                                mainImage: true)
                        bytesRead += stream.reader.position - saved.reader.position
                    } catch {
                        let consumed = stream.reader.position - saved.reader.position
                        bytesRead += consumed
                        stream = saved
                        cursor = savedCursor
                        ranOut = true
                        if !complete { retryAt = input.count + max(consumed, 256) }
                        return
                    }
                }
            }
        }
        self.coded = coded
        self.retryAt = retryAt
        self.bytesRead = bytesRead
        if ranOut {
            if complete {
                failed = true
                return
            }
            cache = cacheAtStart
            cursor.cached = cachedAtStart
        }
        self.cache = cache
        self.stream = stream
        self.cursor = cursor
        let rows = cursor.position / codedWidth
        while rowsDone < rows {
            undoTransforms(rowCount: min(rows - rowsDone, 64))
        }
    }

    /// Undoes the transforms on the next `count` decoded rows and writes them as RGBA.
    private mutating func undoTransforms(rowCount count: Int) {
        let stride = max(width, codedWidth)
        // Row slot 0 is for the row above (the predictor's); the band starts at `stride`.
        var band = [UInt32](repeating: 0, count: (count + 1) * stride)
        var spare = transforms.contains { if case .colorIndexing = $0 { true } else { false } }
            ? [UInt32](repeating: 0, count: (count + 1) * stride) : []
        let firstRow = rowsDone
        band.withUnsafeMutableBufferPointer { band in
            coded.withUnsafeBufferPointer { coded in
                (band.baseAddress! + stride).update(from: coded.baseAddress! + firstRow * codedWidth,
                                                    count: count * codedWidth)
            }
        }
        for transform in transforms.reversed() {
            let rowWidth = transform.width
            var isPredictor = false
            if case .predictor = transform { isPredictor = true }
            if isPredictor && firstRow > 0 {
                band.withUnsafeMutableBufferPointer { band in
                    predictorRow.withUnsafeBufferPointer { row in
                        (band.baseAddress! + stride - rowWidth).update(from: row.baseAddress!, count: rowWidth)
                    }
                }
            }
            let wroteSpare = band.withUnsafeMutableBufferPointer { band in
                spare.withUnsafeMutableBufferPointer { spare in
                    transform.invertRows(band.baseAddress! + stride, firstRow: firstRow, count: count,
                                         into: (spare.baseAddress ?? band.baseAddress!) + stride)
                }
            }
            if wroteSpare { swap(&band, &spare) }
            if isPredictor {
                let last = stride + (count - 1) * rowWidth
                predictorRow = Array(band[last..<last + rowWidth])
            }
        }
        let opaque = self.opaque, width = self.width
        rgba.withUnsafeMutableBytes { rgba in
            band.withUnsafeBufferPointer { band in
                VP8LDecoder.storeRGBA(band.baseAddress! + stride, count: count * width,
                                      to: rgba.baseAddress! + firstRow * width * 4, opaque: opaque)
            }
        }
        rowsDone += count
    }
}
