import OspreyCore

/// Decodes a VP8 key frame macroblock row by macroblock row while its bytes arrive, handing
/// finished pixel rows to `Output` (a full-size image or a downsampler). A one-shot decode is
/// this decoder given the whole payload at once (``VP8Decoder``), so the two are the same
/// decode.
///
/// Rows go through ``VP8RowConverter`` (fancy upsampling, exact), or, for a thumbnail at most
/// a quarter of the size, through a ``VP8MacroblockReducer`` (no loop filter, no planes).
///
/// The payload is copied into a buffer of its declared size whose missing tail reads as
/// zeros. A row is decoded once the first partition (and the partition size table) is in;
/// afterwards the token partition it read must not have loaded a byte past those received
/// (libwebp's incremental decoder checks the same). If it did, or the row failed before
/// every byte was in, the row is rolled back: the decoder's parameters (bool decoders), the
/// contexts above, the unfiltered row above, the work area and the rows of the row above that
/// the loop filter changes are restored, and the row is tried again once more bytes arrive
/// (at least as many as it read, so retrying stays linear). A token partition's decoder is
/// made again, over bytes that arrived, before its first row (its first load happens when it
/// is made). With every byte in, nothing is saved and nothing is rolled back.
///
/// Not `Sendable`: its owner keeps it behind a lock.
final class VP8ResumableFrame<Output: VP8RowSink> {
    let info: VP8PictureInfo
    private let payload: UnsafeMutableRawBufferPointer
    private(set) var received = 0
    private var frame: VP8FrameDecoder?
    private var converter: VP8RowConverter?
    private let reducer: VP8MacroblockReducer?
    private let windowRows: Int?
    private(set) var output: Output
    private var nextRow = 0
    private var retryAt = 0
    /// The frame decoder was made before every byte was in: each token partition's decoder is
    /// made again before its first row.
    private var madeEarly = false
    /// Why the frame cannot be decoded, once that is certain (every byte was in, or the decode
    /// was cancelled).
    private(set) var failure: ImageError?
    private var snapshot: VP8RowSnapshot?
    /// Token bytes the rows loaded in all, rolled-back attempts included (for the tests that
    /// check retrying stays linear).
    private(set) var bytesRead = 0

    /// The largest payload buffered ahead for a picture of `pixels` pixels: about what its
    /// planes cost anyway (real files stay well below 2 bytes a pixel). A larger declared size
    /// waits for the whole chunk instead, so a hostile size allocates nothing ahead of the data.
    static func payloadLimit(pixels: Int) -> Int { max(1 << 20, 2 * pixels) }

    /// A decoder for a payload of `size` bytes whose picture header is `info`, writing to
    /// `output`; with `reducer`, macroblocks are shrunk by it (and `output` takes its rows).
    /// The planes slide (``VP8FrameDecoder``); `windowRows` sets their size (tests).
    init(info: VP8PictureInfo, size: Int, output: Output, reducer: VP8MacroblockReducer? = nil,
         windowRows: Int? = nil) {
        self.info = info
        self.output = output
        self.reducer = reducer
        self.windowRows = windowRows
        payload = .allocate(byteCount: size, alignment: 16)
        payload.initializeMemory(as: UInt8.self, repeating: 0)
    }

    deinit { payload.deallocate() }

    var isComplete: Bool { frame.map { nextRow == $0.rows } ?? false }

    /// Copies the next payload bytes in (never past the declared size).
    func append(_ bytes: UnsafeRawBufferPointer) {
        let count = min(bytes.count, payload.count - received)
        guard count > 0, let source = bytes.baseAddress else { return }
        (payload.baseAddress! + received).copyMemory(from: source, byteCount: count)
        received += count
    }

    /// Decodes every row the bytes received allow.
    func advance(cancellation: DecodeCancellation?) {
        let complete = received == payload.count
        guard failure == nil, !isComplete, complete || received >= retryAt else { return }
        if frame == nil {
            // The first partition and the partition size table (at most 7 × 3 bytes).
            guard complete || received >= 10 + info.firstPartitionSize + 21 else { return }
            do throws(ImageError) {
                let frame = try VP8FrameDecoder(payload: UnsafeRawBufferPointer(payload), info: info, reducer: reducer,
                                                slidingPlanes: true, windowRows: windowRows)
                self.frame = frame
                madeEarly = !complete
                if reducer == nil { converter = VP8RowConverter(frame: frame) }
            } catch {
                // Decided by the bytes in, but tried again on the whole payload to be sure.
                if complete { failure = error } else { retryAt = payload.count }
                return
            }
        }
        guard let frame else { return }
        let base = UnsafePointer(payload.baseAddress!.assumingMemoryBound(to: UInt8.self))
        let available = base + received
        let partitions = frame.parameters.tokenPartitions.count
        while nextRow < frame.rows {
            let partition = nextRow % partitions
            if nextRow < partitions && madeEarly {
                frame.parameters.tokenPartitions[partition] = VP8BoolDecoder(partitionBytes(partition, of: frame))
            }
            let start = frame.parameters.tokenPartitions[partition].nextUnloadedByte
            if start > available {
                // The row's partition has not arrived (several partitions come one after the
                // other): wait for it without trying the row.
                retryAt = start - base + 256
                return
            }
            frame.prepareRow(nextRow)
            if !complete {
                if snapshot == nil { snapshot = VP8RowSnapshot(frame) }
                snapshot?.save(frame, row: nextRow)
            }
            var ranOut: Bool
            do throws(ImageError) {
                try cancellation?.check()
                try frame.decodeRow(nextRow)
                ranOut = !complete && frame.parameters.tokenPartitions[partition].nextUnloadedByte > available
            } catch {
                if complete || error.code == .cancelled {
                    failure = error
                    return
                }
                ranOut = true
            }
            let end = frame.parameters.tokenPartitions[partition].nextUnloadedByte
            bytesRead += end > start ? end - start : 0
            if ranOut {
                snapshot?.restore(frame, row: nextRow)
                retryAt = received + max(256, start < available ? available - start : 0)
                return
            }
            if let reducer {
                reducer.emitRows(ofMacroblockRow: nextRow, into: &output)
            } else {
                converter?.emitFinishedRows(afterMacroblockRow: nextRow, into: &output)
            }
            nextRow += 1
        }
    }

    /// Token partition `index`'s bytes, found as ``VP8FrameParameters`` finds them.
    private func partitionBytes(_ index: Int, of frame: VP8FrameDecoder) -> UnsafeRawBufferPointer {
        let count = frame.parameters.tokenPartitions.count
        let bytes = UnsafeRawBufferPointer(payload)
        let firstEnd = 10 + info.firstPartitionSize
        var start = firstEnd + 3 * (count - 1)
        for p in 0..<count {
            var end = bytes.count
            if p < count - 1 {
                let field = firstEnd + 3 * p
                let size = Int(bytes[field]) | Int(bytes[field + 1]) << 8 | Int(bytes[field + 2]) << 16
                end = min(start + size, bytes.count)
            }
            if p == index { return UnsafeRawBufferPointer(rebasing: bytes[start..<max(start, end)]) }
            start = end
        }
        return UnsafeRawBufferPointer(rebasing: bytes[0..<0])
    }
}

/// What a macroblock row changes outside its own plane rows, saved before it is decoded.
private struct VP8RowSnapshot {
    var parameters: VP8FrameParameters?
    var contexts: [UInt8] = []
    var planes: [UInt8] = []
    /// Rows of the row above that the loop filter may change (it writes at most 3).
    static let filteredRows = 4

    init(_ frame: VP8FrameDecoder) {
        contexts = [UInt8](repeating: 0, count: Self.contextBytes(frame))
        if frame.reducer == nil {
            planes = [UInt8](repeating: 0, count: Self.filteredRows * (frame.yStride + 2 * frame.uvStride))
        }
    }

    private static func contextBytes(_ frame: VP8FrameDecoder) -> Int {
        VP8Prediction.stride * 27 + (frame.yStride + 4) + 2 * frame.uvStride + 6 * frame.columns
    }

    /// The spans saved: pointer and length, in order.
    private static func contextSpans(_ frame: VP8FrameDecoder) -> [(UnsafeMutablePointer<UInt8>, Int)] {
        [(frame.work, VP8Prediction.stride * 27), (frame.topY, frame.yStride + 4), (frame.topU, frame.uvStride),
         (frame.topV, frame.uvStride), (frame.modesAbove, 4 * frame.columns), (frame.nonZeroAbove, frame.columns),
         (frame.dcNonZeroAbove, frame.columns)]
    }

    /// The reducer path has no planes and no loop filter: nothing outside the row changes.
    private static func planeSpans(_ frame: VP8FrameDecoder, row: Int) -> [(UnsafeMutablePointer<UInt8>, Int)] {
        guard row > 0, frame.reducer == nil else { return [] }
        let lumaRow = 16 * row - filteredRows, chromaRow = 8 * row - filteredRows
        let chroma = frame.chromaRows(chromaRow)
        return [(frame.lumaRow(lumaRow), filteredRows * frame.yStride),
                (chroma.u, filteredRows * frame.uvStride),
                (chroma.v, filteredRows * frame.uvStride)]
    }

    mutating func save(_ frame: VP8FrameDecoder, row: Int) {
        parameters = frame.parameters
        Self.copy(Self.contextSpans(frame), into: &contexts)
        Self.copy(Self.planeSpans(frame, row: row), into: &planes)
    }

    func restore(_ frame: VP8FrameDecoder, row: Int) {
        if let parameters { frame.parameters = parameters }
        Self.copy(contexts, to: Self.contextSpans(frame))
        Self.copy(planes, to: Self.planeSpans(frame, row: row))
    }

    private static func copy(_ spans: [(UnsafeMutablePointer<UInt8>, Int)], into buffer: inout [UInt8]) {
        buffer.withUnsafeMutableBufferPointer { buffer in
            var offset = 0
            for (pointer, count) in spans {
                (buffer.baseAddress! + offset).update(from: pointer, count: count)
                offset += count
            }
        }
    }

    private static func copy(_ buffer: [UInt8], to spans: [(UnsafeMutablePointer<UInt8>, Int)]) {
        buffer.withUnsafeBufferPointer { buffer in
            var offset = 0
            for (pointer, count) in spans {
                pointer.update(from: buffer.baseAddress! + offset, count: count)
                offset += count
            }
        }
    }
}

extension VP8ResumableFrame where Output == VP8RGBAWriter {
    /// Lets `body` write into the output's RGBA bytes (the alpha plane, before any row).
    func withOutputBytes(_ body: (UnsafeMutablePointer<UInt8>) throws(ImageError) -> Void) throws(ImageError) {
        try output.withMutableBytes(body)
    }
}
