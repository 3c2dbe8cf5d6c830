import OspreyCore
/// Writes a deflate stream's bits, least-significant bit first, through a 64-bit buffer.
struct BitWriter {
    /// The finished bytes (whole bytes only; up to 31 more bits wait in the buffer).
    private(set) var bytes: [UInt8]
    private var buffer: UInt64 = 0
    private var bitCount = 0

    /// A writer whose output starts with `prefix` (e.g. the zlib header).
    init(prefix: [UInt8] = [], capacity: Int = 0) {
        bytes = prefix
        bytes.reserveCapacity(capacity)
    }

    /// Appends the low `count` bits of `value` (at most 32).
    @inline(__always)
    mutating func write(_ value: Int, bits count: Int) {
        buffer |= UInt64(truncatingIfNeeded: value) &<< UInt64(bitCount)
        bitCount &+= count
        if bitCount >= 32 {
            let word = UInt32(truncatingIfNeeded: buffer)
            bytes.append(UInt8(truncatingIfNeeded: word))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            buffer >>= 32
            bitCount &-= 32
        }
    }

    /// Pads with zero bits to the next byte boundary and flushes everything.
    mutating func alignToByte() {
        while bitCount > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            bitCount = max(0, bitCount - 8)
        }
        buffer = 0
    }

    /// Appends whole bytes; the writer must be byte-aligned (after ``alignToByte()``).
    mutating func append<Bytes: Sequence<UInt8>>(contentsOf other: Bytes) {
        precondition(bitCount == 0, "BitWriter.append needs a byte boundary")
        bytes.append(contentsOf: other)
    }
}

extension BitWriter {
    /// Ends a zlib stream whose uncompressed bytes were `data`: pads to a byte and appends the
    /// big-endian Adler-32 trailer (RFC 1950), then returns the whole stream.
    mutating func finishingZlib(of data: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        alignToByte()
        var adler = Adler32()
        adler.update(UnsafeRawBufferPointer(data))
        let checksum = adler.value
        append(contentsOf: [UInt8(checksum >> 24), UInt8(checksum >> 16 & 0xFF),
                            UInt8(checksum >> 8 & 0xFF), UInt8(checksum & 0xFF)])
        return bytes
    }
}
