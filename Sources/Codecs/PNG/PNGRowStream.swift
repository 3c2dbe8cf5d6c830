import OspreyCore
/// The rows of one PNG image (or APNG frame) from its zlib stream: inflates into a sliding
/// window, unfilters each row into a small scratch buffer and hands it on. The one row engine of
/// the PNG decoder: a whole stream given at once (``init(header:zlib:cancellation:)``) and one
/// fed in pieces as it arrives (``init(header:cancellation:)`` and ``append(_:)``) run the same
/// code, the first simply never running out of input.
///
/// Each row is inflated, unfiltered and handed on exactly once; nothing is decoded twice.
/// Memory: the compressed bytes not yet inflated, the window (32 KiB of history and about
/// 256 KiB of fresh output, or two rows) and two rows of unfilter scratch. The inflater may
/// produce at most the exact filtered size the header implies: a stream that wants more, ends
/// early, or fails its checksum is ``ImageError/Code/badImageData``.
///
/// With a ``DecodeCancellation``, ``pump(_:)`` checks it before the first row and after every
/// band of about ``cancellationBand`` pixels, and throws ``ImageError/Code/cancelled``.
final class PNGRowStream {
    private static let history = 32 * 1024
    private static let freshOutput = 256 * 1024
    /// Pixels between two cancellation checks: a few milliseconds of work in a debug build,
    /// well under one in release, and a lock taken only every 256 Ki pixels.
    static let cancellationBand = 256 * 1024

    /// Where the stream is.
    enum Progress {
        /// Every row that the data so far allows was handed on; more data is needed.
        case needsData
        /// Every row was handed on and the zlib stream ended properly after them.
        case complete
    }

    private let header: PNGHeader
    private let cancellation: DecodeCancellation?
    private let inflater: Inflater
    private let expectedSize: Int
    private let window: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// `window[0..<filled]` holds output; the next row starts at `consumed`.
    private var filled = 0
    private var consumed = 0
    private var streamEnded = false
    private let passes: [PNGPass]
    private var passIndex = 0
    private var rowInPass = 0
    private let longestRow: Int
    /// Two rows: the previous (unfiltered) row and the one being unfiltered.
    private let scratch: UnsafeMutablePointer<UInt8>
    private var previousIsFirst = true
    private var isComplete = false
    private var checkedOnce = false
    private var pixelsSinceCheck = 0

    /// Prepares for the image data of `header`, fed in pieces with ``append(_:)``.
    convenience init(header: PNGHeader, cancellation: DecodeCancellation? = nil) throws(ImageError) {
        try self.init(header: header, inflater: Inflater(), cancellation: cancellation)
    }

    /// Prepares for `data`, the whole zlib stream of `header`'s image data (not copied).
    convenience init(header: PNGHeader, zlib data: [UInt8], cancellation: DecodeCancellation? = nil) throws(ImageError) {
        try self.init(header: header, inflater: Inflater(zlib: data), cancellation: cancellation)
    }

    private init(header: PNGHeader, inflater: Inflater, cancellation: DecodeCancellation?) throws(ImageError) {
        self.header = header
        self.inflater = inflater
        self.cancellation = cancellation
        expectedSize = try header.filteredDataSize
        passes = header.passes
        longestRow = header.rowBytes(pixels: header.width)
        capacity = max(1, min(expectedSize, Self.history + max(Self.freshOutput, 2 * (longestRow + 1))))
        window = .allocate(capacity: capacity)
        scratch = .allocate(capacity: 2 * max(longestRow, 1))
        if let first = passes.first { scratch.update(repeating: 0, count: header.rowBytes(pixels: first.width)) }
    }

    deinit {
        window.deallocate()
        scratch.deallocate()
    }

    /// Bytes of the window and the unfilter scratch (the compressed input aside).
    var windowBytes: Int { capacity + 2 * max(longestRow, 1) }
    /// Compressed bytes the inflater holds now.
    var bufferedInputBytes: Int { inflater.bufferedInputCount }

    /// Input bytes the inflater moved after they were appended (for the linearity tests).
    var inputBytesMoved: Int { inflater.inputBytesMoved }

    /// Appends the next piece of the zlib stream.
    func append(_ bytes: UnsafeRawBufferPointer) {
        inflater.append(bytes)
    }

    /// No more data comes: from now on a row or trailer that is not complete is corrupt data.
    func endData() {
        inflater.endInput()
    }

    /// Hands every row the data so far completes to `body` (its pass, its index in
    /// `header.passes`, its row within the pass, and its unfiltered bytes, valid during the
    /// call), in file order.
    func pump(_ body: (PNGPass, Int, Int, UnsafePointer<UInt8>) throws(ImageError) -> Void) throws(ImageError) -> Progress {
        guard !isComplete else { return .complete }
        if !checkedOnce {
            checkedOnce = true
            try cancellation?.check()
        }
        let stride = header.filterStride
        while passIndex < passes.count {
            let pass = passes[passIndex]
            let rowBytes = header.rowBytes(pixels: pass.width)
            guard let raw = try nextRow(length: rowBytes + 1) else { return .needsData }
            let previous = previousIsFirst ? scratch : scratch + longestRow
            let current = previousIsFirst ? scratch + longestRow : scratch
            try PNGUnfilter.unfilter(type: raw[0], source: raw + 1, previous: previous,
                                     destination: current, count: rowBytes, stride: stride)
            try body(pass, passIndex, rowInPass, current)
            previousIsFirst.toggle()
            rowInPass += 1
            if rowInPass == pass.height {
                rowInPass = 0
                passIndex += 1
                if passIndex < passes.count {
                    // A new pass starts from a row of zeros.
                    let next = previousIsFirst ? scratch : scratch + longestRow
                    next.update(repeating: 0, count: header.rowBytes(pixels: passes[passIndex].width))
                }
            }
            pixelsSinceCheck += pass.width
            if pixelsSinceCheck >= Self.cancellationBand, let cancellation {
                pixelsSinceCheck = 0
                try cancellation.check()
            }
        }
        // After the last row the stream must end: a final block and a good checksum, no more output.
        if !streamEnded {
            let (_, status) = try inflater.inflate(into: window, from: filled, to: filled)
            switch status {
            case .needsInput: return .needsData
            case .outputFull: throw ImageError(.badImageData)
            case .finished: streamEnded = true
            }
        }
        isComplete = true
        return .complete
    }

    /// Every row of a stream whose input is complete (whole at init, or ended with
    /// ``endData()``); a stream that stops short is ``ImageError/Code/badImageData``.
    func readAll(_ body: (PNGPass, Int, Int, UnsafePointer<UInt8>) throws(ImageError) -> Void) throws(ImageError) {
        guard try pump(body) == .complete else { throw ImageError(.badImageData) }
    }

    /// The next `length` bytes of filtered data, or nil when the data so far does not reach
    /// that far (what it does reach stays in the window).
    private func nextRow(length: Int) throws(ImageError) -> UnsafePointer<UInt8>? {
        while filled - consumed < length {
            guard !streamEnded else { throw ImageError(.badImageData) }
            if filled == capacity { try slide() }
            let limit = min(capacity, filled + (expectedSize - inflater.totalOut))
            guard limit > filled else { throw ImageError(.badImageData) }
            let (end, status) = try inflater.inflate(into: window, from: filled, to: limit)
            filled = end
            switch status {
            case .finished: streamEnded = true
            case .needsInput: if filled - consumed < length { return nil }
            case .outputFull: break
            }
        }
        defer { consumed += length }
        return UnsafePointer(window + consumed)
    }

    /// Moves the unread rows and the last 32 KiB of output (what matches may still copy from)
    /// to the front of the window.
    private func slide() throws(ImageError) {
        let keepFrom = min(consumed, max(0, filled - Self.history))
        guard keepFrom > 0 else { throw ImageError(.badImageData) }
        window.update(from: window + keepFrom, count: filled - keepFrom)
        filled -= keepFrom
        consumed -= keepFrom
    }
}
