/// The entropy-coded output of a JPEG encoder: the MSB-first writer beside the toolkit's
/// ``MSBBitReader``, with T.81's byte stuffing (a 0x00 after every 0xFF data byte).
///
/// Bits collect in a 64-bit buffer and leave eight bytes at a time; only a word that holds an
/// 0xFF byte takes the byte-by-byte stuffing path, so the common case is one store. Markers
/// and segments go through the same byte array (``appendBytes(_:)``) between scans.
struct JPEGBitWriter {
    /// Every byte written so far.
    private(set) var bytes: [UInt8]
    /// Pending bits, right-aligned: the oldest bit is the highest of the `filled` low bits.
    private var buffer: UInt64 = 0
    /// How many bits of `buffer` are pending (0…63).
    private var filled = 0

    /// An empty writer with room for about `capacity` bytes.
    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends `count` (≤ 32) low bits of `value`, most significant first.
    @inline(__always)
    mutating func write(_ value: UInt32, count: Int) {
        let free = 64 &- filled
        if count < free {
            buffer = buffer &<< UInt64(count) | UInt64(value)
            filled &+= count
            return
        }
        // Fill the word, emit it, keep what did not fit.
        let spill = count &- free
        let word = buffer &<< UInt64(free) | UInt64(value) &>> UInt64(spill)
        emit(word)
        buffer = UInt64(value) & ((1 &<< UInt64(spill)) &- 1)
        filled = spill
    }

    /// Writes a full word, stuffing a zero after each 0xFF byte.
    @inline(__always)
    private mutating func emit(_ word: UInt64) {
        // A byte of the word is 0xFF exactly when the same byte of ~word is zero.
        let inverted = ~word
        let hasFF = (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080
        if hasFF == 0 {
            withUnsafeBytes(of: word.bigEndian) { bytes.append(contentsOf: $0) }
            return
        }
        for shift in stride(from: 56, through: 0, by: -8) {
            let byte = UInt8(truncatingIfNeeded: word &>> UInt64(shift))
            bytes.append(byte)
            if byte == 0xFF { bytes.append(0) }
        }
    }

    /// Pads the pending bits to a byte boundary with 1 bits (T.81 F.1.2.3) and writes them.
    mutating func flush() {
        let padding = (8 &- filled % 8) % 8
        buffer = buffer &<< UInt64(padding) | ((1 &<< UInt64(padding)) &- 1)
        filled &+= padding
        while filled > 0 {
            filled &-= 8
            let byte = UInt8(truncatingIfNeeded: buffer &>> UInt64(filled))
            bytes.append(byte)
            if byte == 0xFF { bytes.append(0) }
        }
        buffer = 0
    }

    /// Appends bytes verbatim (markers, segments); the bit buffer must be flushed.
    mutating func appendBytes<Bytes: Sequence<UInt8>>(_ more: Bytes) {
        bytes.append(contentsOf: more)
    }

    /// Appends a marker `0xFF code`; the bit buffer must be flushed.
    mutating func appendMarker(_ code: UInt8) {
        bytes.append(0xFF)
        bytes.append(code)
    }

    /// Appends a marker segment: marker, big-endian length (payload + 2), payload.
    mutating func appendSegment(_ code: UInt8, _ payload: [UInt8]) {
        appendMarker(code)
        let length = payload.count + 2
        bytes.append(UInt8(length >> 8))
        bytes.append(UInt8(length & 0xFF))
        bytes.append(contentsOf: payload)
    }
}
