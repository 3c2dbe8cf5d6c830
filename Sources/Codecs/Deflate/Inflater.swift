import OspreyCore
/// Decompresses a zlib stream (RFC 1950 around RFC 1951 deflate) into caller-provided memory,
/// in as many calls as the caller likes, with the input whole at init or fed in pieces.
///
/// Each ``inflate(into:from:to:)`` call writes into `window[start..<limit]` and may copy
/// matches from anywhere in `window[0..<start]`, which must hold the most recent output
/// (at least the last 32 KiB once that much was produced). The caller decides how big the
/// output may get: a PNG decoder passes the exact size of the image data, so a stream that
/// wants to write more is caught as soon as it tries (no zip bomb can grow memory).
///
/// **Streaming input** (``init()``, ``append(_:)``, ``endInput()``): while more input may come,
/// a call that runs out of input mid-symbol, mid-header or mid-trailer puts the reader back
/// where that step began and returns ``Status/needsInput``; the next call, after more bytes
/// were appended, takes the step again. Bytes are copied once into the input buffer (which
/// grows geometrically), and bytes already read are dropped from its front once they make up
/// half of it, so feeding a stream in pieces costs time linear in its length
/// (``inputBytesMoved`` counts the copying, for tests). Whole input at init is not copied
/// when it is an array.
///
/// Corrupt input throws ``ImageError/Code/badImageData``; every read and write is checked
/// against the buffer bounds, the fast path by its loop condition, the careful path per step.
/// Not thread-safe; one instance belongs to one decode.
final class Inflater {
    /// Why ``inflate(into:from:to:)`` returned.
    enum Status: Equatable {
        /// `limit` was reached and the stream has more to write.
        case outputFull
        /// The final block ended and the Adler-32 checksum matched.
        case finished
        /// Streaming only: the input appended so far is used up; append more (or end it).
        case needsInput
    }

    enum BlockState {
        case header
        case stored(remaining: Int)
        case huffman
        case done
    }

    static let literalRootBits = 10
    static let distanceRootBits = 8
    /// Room for a root table plus a worst-case set of subtables.
    static let literalCapacity = (1 << literalRootBits) + 288 * 32
    static let distanceCapacity = (1 << distanceRootBits) + 32 * 32
    /// Read bytes are dropped from the input's front only past this many, so a stream fed in
    /// small pieces is not shifted for every piece.
    static let compactionThreshold = 64 * 1024

    /// The compressed stream (streaming: the part not yet dropped); ``reader`` points into it
    /// during each call.
    private var input: [UInt8]
    /// False while a streaming caller may still append.
    private(set) var isInputComplete: Bool
    /// Whether the input is fed in pieces (only then are read bytes dropped).
    private let isStreaming: Bool
    /// Whether the two-byte zlib header was read and checked.
    private var headerChecked = false
    var reader: LSBBitReader
    var state = BlockState.header
    var isFinalBlock = false
    /// A match cut short by `limit`: what is left to copy on the next call.
    var pendingLength = 0
    var pendingDistance = 0
    let literalTable: UnsafeMutablePointer<UInt32>
    let distanceTable: UnsafeMutablePointer<UInt32>
    private var adler = Adler32()
    /// Bytes produced so far.
    private(set) var totalOut = 0
    /// Input bytes moved in memory after they were appended (buffer growth, compaction).
    private(set) var inputBytesMoved = 0

    /// Prepares to inflate `data`, a whole zlib stream (kept, not copied, when it is an array).
    /// Throws ``ImageError/Code/badImageData`` for a bad zlib header (not deflate, a window
    /// over 32 KiB, a failed header check, or a preset dictionary).
    init<Bytes: Collection<UInt8>>(zlib data: Bytes) throws(ImageError) {
        let input = Array(data)
        // Too short for a header; also guarantees every rebase has a base address.
        guard input.count >= 2 else { throw ImageError(.badImageData) }
        self.input = input
        isInputComplete = true
        isStreaming = false
        // The address is only a placeholder: every call that reads rebases first.
        reader = input.withUnsafeBufferPointer { LSBBitReader(base: $0.baseAddress!, count: $0.count) }
        literalTable = .allocate(capacity: Self.literalCapacity)
        distanceTable = .allocate(capacity: Self.distanceCapacity)
        try checkHeader()
    }

    /// Prepares to inflate a zlib stream that will be fed with ``append(_:)``.
    init() {
        input = []
        isInputComplete = false
        isStreaming = true
        literalTable = .allocate(capacity: Self.literalCapacity)
        distanceTable = .allocate(capacity: Self.distanceCapacity)
        // A placeholder address (never read: the count is 0); every call that reads rebases
        // first, and none does before the two header bytes are there.
        reader = LSBBitReader(base: UnsafeRawPointer(distanceTable).assumingMemoryBound(to: UInt8.self), count: 0)
    }

    /// Input bytes held now (streaming: appended and not yet dropped), for the memory tests.
    var bufferedInputCount: Int { input.count }

    /// Appends the next piece of a streamed input. Ignored after ``endInput()``.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard !isInputComplete, !bytes.isEmpty else { return }
        let capacity = input.capacity
        input.append(contentsOf: bytes)
        if input.capacity != capacity { inputBytesMoved += input.count - bytes.count }
    }

    /// Says no more input comes: from now on running out of input is corrupt data.
    func endInput() {
        isInputComplete = true
    }

    /// Reads and checks the zlib header; the input holds at least two bytes.
    private func checkHeader() throws(ImageError) {
        let header = try input.withUnsafeBufferPointer { (input) throws(ImageError) -> (Int, Int) in
            reader.rebase(input, dropping: 0)
            return (try reader.read(8), try reader.read(8))
        }
        let (cmf, flags) = header
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (cmf << 8 | flags) % 31 == 0, flags & 0x20 == 0 else {
            throw ImageError(.badImageData)
        }
        headerChecked = true
    }

    /// Whether an error just thrown may only mean that input is missing: more may come and
    /// the reader has taken in every byte there is.
    var mayNeedInput: Bool {
        !isInputComplete && reader.position >= reader.count
    }

    deinit {
        literalTable.deallocate()
        distanceTable.deallocate()
    }

    /// Writes output into `window[start..<limit]` until `limit` is reached or the stream ends,
    /// and returns the index after the last byte written and why it stopped.
    func inflate(into window: UnsafeMutablePointer<UInt8>, from start: Int,
                 to limit: Int) throws(ImageError) -> (end: Int, status: Status) {
        if !headerChecked {
            guard input.count >= 2 else {
                if isInputComplete { throw ImageError(.badImageData) }
                return (start, .needsInput)
            }
            try checkHeader()
        }
        compactIfWorthIt()
        return try input.withUnsafeBufferPointer { (input) throws(ImageError) in
            reader.rebase(input, dropping: 0)
            return try inflateRebased(into: window, from: start, to: limit)
        }
    }

    /// Drops the bytes the reader is done with once they are over half the buffer (and over
    /// ``compactionThreshold``): each byte is moved at most about once.
    private func compactIfWorthIt() {
        guard isStreaming else { return }
        // Keep one byte, so the buffer never becomes empty (an empty array has no address).
        let dropped = reader.position - 1
        guard dropped >= Self.compactionThreshold, dropped * 2 >= input.count else { return }
        input.removeFirst(dropped)
        inputBytesMoved += input.count
        input.withUnsafeBufferPointer { reader.rebase($0, dropping: dropped) }
    }

    private func inflateRebased(into window: UnsafeMutablePointer<UInt8>, from start: Int,
                                to limit: Int) throws(ImageError) -> (end: Int, status: Status) {
        var out = start
        defer {
            adler.update(UnsafeRawBufferPointer(start: window + start, count: out - start))
            totalOut += out - start
        }
        if pendingLength > 0 {
            let count = min(pendingLength, limit - out)
            copyMatchCarefully(window, at: out, length: count, distance: pendingDistance)
            out += count
            pendingLength -= count
            if pendingLength > 0 { return (out, .outputFull) }
        }
        while true {
            switch state {
            case .done:
                return (out, .finished)
            case .header:
                // A header or trailer cut off by the end of the input so far is read again,
                // from its start, once more input is there.
                let saved = (reader, isFinalBlock)
                do throws(ImageError) {
                    if isFinalBlock {
                        try verifyChecksum(window, start: start, end: out)
                        state = .done
                    } else {
                        try readBlockHeader()
                    }
                } catch {
                    guard mayNeedInput else { throw error }
                    (reader, isFinalBlock) = saved
                    state = .header
                    return (out, .needsInput)
                }
            case .stored(let remaining):
                if remaining > 0 && out == limit { return (out, .outputFull) }
                let copied = reader.copyBytes(to: window + out, limit: min(remaining, limit - out))
                if copied == 0 && remaining > 0 {
                    guard mayNeedInput else { throw ImageError(.badImageData) }
                    return (out, .needsInput)
                }
                out += copied
                state = remaining - copied == 0 ? .header : .stored(remaining: remaining - copied)
            case .huffman:
                let (end, outcome) = try decodeHuffman(window, from: out, to: limit)
                out = end
                switch outcome {
                case .blockEnded: state = .header
                case .outputFull: return (out, .outputFull)
                case .needsInput: return (out, .needsInput)
                }
            }
        }
    }

    /// Checks the Adler-32 trailer against everything produced (including this call's
    /// `window[start..<end]`, not yet counted).
    private func verifyChecksum(_ window: UnsafeMutablePointer<UInt8>, start: Int, end: Int) throws(ImageError) {
        reader.alignToByte()
        var expected: UInt32 = 0
        for _ in 0..<4 { expected = expected << 8 | UInt32(try reader.read(8)) }
        var adler = self.adler
        adler.update(UnsafeRawBufferPointer(start: window + start, count: end - start))
        guard adler.value == expected else { throw ImageError(.badImageData) }
    }

    /// Copies a match one byte at a time (source and destination may overlap).
    func copyMatchCarefully(_ window: UnsafeMutablePointer<UInt8>, at out: Int, length: Int, distance: Int) {
        var source = window + out - distance
        var destination = window + out
        for _ in 0..<length {
            destination.pointee = source.pointee
            destination += 1
            source += 1
        }
    }
}

extension Inflater {
    /// Inflates a whole zlib stream that must produce exactly `size` bytes: fewer or more
    /// is ``ImageError/Code/badImageData``. Allocates `size` bytes up front.
    static func decompress<Bytes: Collection<UInt8>>(zlib data: Bytes, size: Int) throws(ImageError) -> [UInt8] {
        let inflater = try Inflater(zlib: data)
        var result = [UInt8]()
        var failure: ImageError?
        result = [UInt8](unsafeUninitializedCapacity: max(size, 1)) { buffer, count in
            do throws(ImageError) {
                let (end, status) = try inflater.inflate(into: buffer.baseAddress!, from: 0, to: size)
                guard status == .finished, end == size else { throw ImageError(.badImageData) }
            } catch {
                failure = error
            }
            count = size
        }
        if let failure { throw failure }
        return result
    }
}
