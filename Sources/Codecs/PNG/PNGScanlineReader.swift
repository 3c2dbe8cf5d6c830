import OspreyCore
/// Streams the image data of one PNG (or APNG frame) as reconstructed rows: inflates into a
/// sliding window, unfilters each row into a small scratch buffer, and hands it on.
///
/// Memory stays at the compressed data plus a window of 32 KiB of history and about 256 KiB
/// of fresh output (or two rows, if rows are longer), never the whole filtered image. The
/// inflater may produce at most the exact filtered size the header implies: a stream that
/// wants more, ends early, or fails its checksum is ``ImageError/Code/badImageData``.
///
/// With a ``DecodeCancellation``, the reader checks it before the first row and after every
/// band of about ``cancellationBand`` pixels, and throws ``ImageError/Code/cancelled``.
final class PNGScanlineReader {
    private static let history = 32 * 1024
    private static let freshOutput = 256 * 1024
    /// Pixels between two cancellation checks: a few milliseconds of work in a debug build,
    /// well under one in release, and a lock taken only every 256 Ki pixels.
    static let cancellationBand = 256 * 1024

    private let header: PNGHeader
    private let cancellation: DecodeCancellation?
    private let inflater: Inflater
    private let expectedSize: Int
    private let window: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// `window[0..<filled]` holds output; rows start at `consumed`.
    private var filled = 0
    private var consumed = 0
    private var finished = false

    /// Prepares to read the rows of `data`, a zlib stream of image data laid out as `header` says.
    init(header: PNGHeader, data: [UInt8], cancellation: DecodeCancellation? = nil) throws(ImageError) {
        self.header = header
        self.cancellation = cancellation
        expectedSize = try header.filteredDataSize
        inflater = try Inflater(zlib: data)
        let longestRow = header.rowBytes(pixels: header.width) + 1
        capacity = max(1, min(expectedSize, Self.history + max(Self.freshOutput, 2 * longestRow)))
        window = .allocate(capacity: capacity)
    }

    deinit { window.deallocate() }

    /// Calls `body` with every reconstructed row (`header.rowBytes(pixels: pass.width)`
    /// bytes, valid only during the call): pass by pass, top to bottom, with the row's index
    /// within its pass. Then checks that the stream ends exactly there.
    func readRows(_ body: (PNGPass, Int, UnsafePointer<UInt8>) throws(ImageError) -> Void) throws(ImageError) {
        let longestRow = header.rowBytes(pixels: header.width)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * max(longestRow, 1))
        defer { scratch.deallocate() }
        let stride = header.filterStride
        try cancellation?.check()
        var pixelsSinceCheck = 0
        for pass in header.passes {
            let rowBytes = header.rowBytes(pixels: pass.width)
            var previous = scratch
            var current = scratch + longestRow
            previous.update(repeating: 0, count: rowBytes)
            for row in 0..<pass.height {
                let raw = try nextRow(length: rowBytes + 1)
                try PNGUnfilter.unfilter(type: raw[0], source: raw + 1, previous: previous,
                                         destination: current, count: rowBytes, stride: stride)
                try body(pass, row, current)
                swap(&previous, &current)
                pixelsSinceCheck += pass.width
                if pixelsSinceCheck >= Self.cancellationBand, let cancellation {
                    pixelsSinceCheck = 0
                    try cancellation.check()
                }
            }
        }
        try finish()
    }

    /// The next `length` bytes of filtered data, inflating (and sliding the window) as needed.
    private func nextRow(length: Int) throws(ImageError) -> UnsafePointer<UInt8> {
        while filled - consumed < length {
            guard !finished else { throw ImageError(.badImageData) }
            if filled == capacity { try slide() }
            let limit = min(capacity, filled + (expectedSize - inflater.totalOut))
            guard limit > filled else { throw ImageError(.badImageData) }
            let (end, status) = try inflater.inflate(into: window, from: filled, to: limit)
            filled = end
            finished = status == .finished
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

    /// After the last row: the stream must end here (a final block and a good checksum),
    /// without any more output.
    private func finish() throws(ImageError) {
        guard !finished else { return }
        let (_, status) = try inflater.inflate(into: window, from: filled, to: filled)
        guard status == .finished else { throw ImageError(.badImageData) }
    }
}
