import OspreyCore
/// Writes a deflate stream's bits, least-significant bit first, through a 64-bit buffer.
///
/// The output array is kept larger than what was written (``count`` bytes are valid): once
/// 32 bits are pending, all eight buffer bytes are stored at once and the count moves on by
/// four, so a write is a shift, an OR and at most one 8-byte store — never an `append`.
struct BitWriter {
    /// Written bytes, then unused room.
    private var storage: [UInt8]
    /// `storage.count`, kept here: the array's own getter is an out-of-line call in the loops.
    private var capacity: Int
    /// How many bytes of `storage` are written.
    private(set) var count: Int
    private var buffer: UInt64 = 0
    private var bitCount = 0

    /// A writer whose output starts with `prefix` (e.g. the zlib header).
    init(prefix: [UInt8] = [], capacity: Int = 0) {
        storage = [UInt8](repeating: 0, count: max(64, prefix.count + capacity + 16))
        self.capacity = storage.count
        for (index, byte) in prefix.enumerated() { storage[index] = byte }
        count = prefix.count
    }

    /// The finished bytes (whole bytes only; up to 31 more bits wait in the buffer).
    var bytes: [UInt8] { Array(storage[0..<count]) }

    /// Makes sure `more` bytes (plus the 8-byte store's slack) fit after the written ones.
    @inline(__always)
    mutating func reserve(_ more: Int) {
        if count &+ more &+ 8 > capacity { grow(to: count + more + 8) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        var bigger = [UInt8](repeating: 0, count: max(needed, storage.count * 2))
        bigger.withUnsafeMutableBufferPointer { target in
            storage.withUnsafeBufferPointer { source in
                target.baseAddress!.update(from: source.baseAddress!, count: count)
            }
        }
        storage = bigger
        capacity = bigger.count
    }

    /// Appends the low `count` bits of `value` (at most 32).
    @inline(__always)
    mutating func write(_ value: Int, bits count: Int) {
        buffer |= UInt64(truncatingIfNeeded: value) &<< UInt64(bitCount)
        bitCount &+= count
        if bitCount >= 32 {
            reserve(4)
            let at = self.count
            let word = buffer.littleEndian
            storage.withUnsafeMutableBytes { $0.storeBytes(of: word, toByteOffset: at, as: UInt64.self) }
            self.count = at &+ 4
            buffer >>= 32
            bitCount &-= 32
        }
    }

    /// Pads with zero bits to the next byte boundary and flushes everything.
    mutating func alignToByte() {
        reserve(8)
        while bitCount > 0 {
            storage[count] = UInt8(truncatingIfNeeded: buffer)
            count += 1
            buffer >>= 8
            bitCount = max(0, bitCount - 8)
        }
        buffer = 0
    }

    /// Appends whole bytes; the writer must be byte-aligned (after ``alignToByte()``).
    mutating func append<Bytes: Collection<UInt8>>(contentsOf other: Bytes) {
        precondition(bitCount == 0, "BitWriter.append needs a byte boundary")
        reserve(other.count)
        let at = count
        storage.withUnsafeMutableBufferPointer { target in
            _ = UnsafeMutableBufferPointer(rebasing: target[at..<at + other.count]).initialize(from: other)
        }
        count += other.count
    }

    /// The written bytes, without a copy; the writer is left empty.
    mutating func takeBytes() -> [UInt8] {
        var result: [UInt8] = []
        swap(&result, &storage)
        result.removeLast(result.count - count)
        count = 0
        capacity = 0
        return result
    }
}

/// The hot-loop form of ``BitWriter``: a raw output pointer with room reserved up front, so a
/// write is a shift, an OR and at most one 8-byte store, with no capacity or uniqueness check.
struct RawBitWriter {
    var out: UnsafeMutablePointer<UInt8>
    var buffer: UInt64
    var bitCount: Int

    /// Appends the low `count` bits of `value` (at most 32).
    @inline(__always)
    mutating func write(_ value: Int, bits count: Int) {
        buffer |= UInt64(truncatingIfNeeded: value) &<< UInt64(truncatingIfNeeded: bitCount)
        bitCount &+= count
        if bitCount >= 32 {
            UnsafeMutableRawPointer(out).storeBytes(of: buffer.littleEndian, as: UInt64.self)
            out += 4
            buffer >>= 32
            bitCount &-= 32
        }
    }
}

extension BitWriter {
    /// Runs `body` with a ``RawBitWriter`` over room for `bytes` more bytes; what it wrote
    /// becomes part of this writer.
    mutating func withRawWriter<Result>(reserving bytes: Int, _ body: (inout RawBitWriter) -> Result) -> Result {
        reserve(bytes + 8)
        let start = count
        var pending = (buffer, bitCount)
        var written = 0
        let result = storage.withUnsafeMutableBufferPointer { target -> Result in
            let base = target.baseAddress! + start
            var raw = RawBitWriter(out: base, buffer: pending.0, bitCount: pending.1)
            let result = body(&raw)
            written = raw.out - base
            pending = (raw.buffer, raw.bitCount)
            return result
        }
        count = start + written
        (buffer, bitCount) = pending
        return result
    }

    /// Ends a zlib stream whose uncompressed bytes had Adler-32 `checksum` (computed by the
    /// caller as it went): pads to a byte, appends it big-endian, returns the whole stream.
    mutating func finishingZlib(checksum: UInt32) -> [UInt8] {
        alignToByte()
        append(contentsOf: [UInt8(checksum >> 24), UInt8(checksum >> 16 & 0xFF),
                            UInt8(checksum >> 8 & 0xFF), UInt8(checksum & 0xFF)])
        return takeBytes()
    }

    /// Ends a zlib stream whose uncompressed bytes were `data`: pads to a byte and appends the
    /// big-endian Adler-32 trailer (RFC 1950), then returns the whole stream.
    mutating func finishingZlib(of data: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        alignToByte()
        var adler = Adler32()
        adler.update(UnsafeRawBufferPointer(data))
        let checksum = adler.value
        append(contentsOf: [UInt8(checksum >> 24), UInt8(checksum >> 16 & 0xFF),
                            UInt8(checksum >> 8 & 0xFF), UInt8(checksum & 0xFF)])
        return takeBytes()
    }
}
