import OspreyCore

/// Reads a bit stream least-significant bit first, through a 64-bit buffer: deflate (inflate),
/// GIF's LZW codes (after joining the sub-blocks) and WebP lossless all pack bits this way.
///
/// The buffer is refilled eight bytes at a time while eight bytes remain (``refillFast()``),
/// else byte by byte (``refill()``). Bits above ``bitCount`` are either zero or copies of the
/// input bytes that come next, so OR-ing a later load over them is harmless: this is what
/// lets the fast refill load a whole word without first masking.
///
/// It holds a raw pointer to the input, which its owner (e.g. ``Inflater``) sets with
/// ``rebase(_:)`` at the start of every call that reads, from inside `withUnsafeBufferPointer`:
/// the owner keeps the bytes alive and unmoved while the reader is used. Every read is bounds
/// checked against `count` (refills stop at the end; ``ensure(_:)`` throws past it).
struct LSBBitReader {
    private var base: UnsafePointer<UInt8>
    /// Input bytes available (a streaming owner grows it with ``rebase(_:dropping:)``).
    private(set) var count: Int
    /// The next input byte not yet in ``buffer``.
    private(set) var position: Int = 0
    /// Pending bits, the next one in bit 0.
    private(set) var buffer: UInt64 = 0
    /// How many bits of ``buffer`` are valid.
    private(set) var bitCount: Int = 0

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// Points the reader at the input's current address (same bytes, same count).
    mutating func rebase(_ input: UnsafeBufferPointer<UInt8>) {
        precondition(input.count == count, "LSBBitReader.rebase with different input")
        base = input.baseAddress!
    }

    /// Points the reader at `input` after its owner appended bytes to the end and/or dropped
    /// `dropped` already-read bytes from the front (streaming inflate): the bits not yet
    /// consumed stay where they are in the stream. Requires `dropped <= position`.
    mutating func rebase(_ input: UnsafeBufferPointer<UInt8>, dropping dropped: Int) {
        precondition(dropped <= position && input.count >= count - dropped, "LSBBitReader.rebase lost unread input")
        base = input.baseAddress!
        position -= dropped
        count = input.count
    }

    /// Whether ``refillFast()`` may be called: at least eight unread input bytes.
    @inline(__always) var canRefillFast: Bool { position &+ 8 <= count }

    /// Tops the buffer up to at least 56 bits. Requires ``canRefillFast``.
    @inline(__always) mutating func refillFast() {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
        buffer |= word &<< UInt64(truncatingIfNeeded: bitCount)
        position &+= (63 &- bitCount) >> 3
        bitCount |= 56
    }

    /// Tops the buffer up byte by byte, as far as the input goes (at most 64 bits).
    @inline(__always) mutating func refill() {
        if canRefillFast {
            refillFast()
            return
        }
        while bitCount <= 56 && position < count {
            buffer |= UInt64(base[position]) &<< UInt64(truncatingIfNeeded: bitCount)
            position &+= 1
            bitCount &+= 8
        }
    }

    /// Refills and throws when fewer than `bits` bits are left in the whole stream.
    @inline(__always) mutating func ensure(_ bits: Int) throws(ImageError) {
        if bitCount < bits { refill() }
        guard bitCount >= bits else { throw ImageError(.badImageData) }
    }

    /// The next `bits` bits without consuming them (zero-padded past the valid bits).
    @inline(__always) func peek(_ bits: Int) -> Int {
        Int(truncatingIfNeeded: buffer & ((1 &<< UInt64(truncatingIfNeeded: bits)) &- 1))
    }

    /// Drops `bits` bits; the caller has checked that they are there.
    @inline(__always) mutating func consume(_ bits: Int) {
        buffer &>>= UInt64(truncatingIfNeeded: bits)
        bitCount &-= bits
    }

    /// Reads a `bits`-bit number (at most 32), throwing at the end of the input.
    @inline(__always) mutating func read(_ bits: Int) throws(ImageError) -> Int {
        try ensure(bits)
        let value = peek(bits)
        consume(bits)
        return value
    }

    /// Skips to the next byte boundary (before a stored block).
    mutating func alignToByte() {
        consume(bitCount & 7)
    }

    /// Copies up to `limit` whole bytes of the stream (buffered ones first) to `destination`
    /// and returns how many it copied.
    mutating func copyBytes(to destination: UnsafeMutablePointer<UInt8>, limit: Int) -> Int {
        var copied = 0
        while copied < limit && bitCount >= 8 {
            destination[copied] = UInt8(truncatingIfNeeded: buffer)
            consume(8)
            copied += 1
        }
        guard copied < limit else { return copied }
        // The buffer is drained: forget its look-ahead copies and read straight from the input.
        buffer = 0
        bitCount = 0
        let direct = min(limit - copied, count - position)
        (destination + copied).update(from: base + position, count: direct)
        position += direct
        return copied + direct
    }
}
