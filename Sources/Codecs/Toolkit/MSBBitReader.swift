import OspreyCore
/// Reads a JPEG entropy-coded segment most-significant bit first, undoing the `0xFF00` byte
/// stuffing and stopping at the next marker (ITU T.81 §B.1.1.5, §F.1.2.3).
///
/// Bits sit left-aligned in a 64-bit window. A refill takes bytes until the window holds at
/// least 57 bits: `FF 00` yields one `FF` data byte; `FF FF` is fill and skipped; `FF` followed
/// by anything else is a marker, which ends the segment — the reader records it in ``marker``,
/// does not consume it, and from then on supplies zero bits. Zero bits supplied past the
/// segment's end are counted (``paddingBitsConsumed``), so a decoder can tell a scan that ends
/// exactly at a marker (fine) from one that needed more data (truncated or corrupt).
///
/// Works on an array it owns a copy-on-write reference to: every byte access is bounds checked
/// once per byte, never per bit.
struct MSBBitReader {
    private var bytes: [UInt8]
    /// The next byte to read.
    private(set) var position: Int
    /// Pending bits, the next one in bit 63.
    private var window: UInt64 = 0
    /// How many bits of ``window`` are valid (data or padding).
    private var bitCount = 0
    /// Padding zeros appended to the window so far. Padding only ever follows the data, so the
    /// window's last `min(bitCount, paddingAppended)` bits are padding and the rest of it was
    /// consumed: ``consume(_:)`` needs no bookkeeping of its own.
    private var paddingAppended = 0
    /// Zero bits consumed beyond the segment's data.
    var paddingBitsConsumed: Int { max(0, paddingAppended - bitCount) }
    /// The marker code (the byte after `FF`) that ended the segment, once reached.
    private(set) var marker: UInt8?
    /// Whether a refill ran into the end of the bytes (not a marker): the bits after that point
    /// are unknown, not zero, when the bytes are a prefix of a file still arriving.
    private(set) var reachedEnd = false

    /// A reader starting at `start` in `bytes`.
    init(_ bytes: [UInt8], start: Int = 0) {
        self.bytes = bytes
        self.position = min(max(0, start), bytes.count)
    }

    /// Swaps the storage for `bytes`, which must begin with the bytes read so far (the same
    /// file, more of it), or be empty to let go of the storage while the reader is parked.
    /// Lets an incremental decoder keep a reader between pieces without pinning a copy of its
    /// growing buffer (which would make every append copy the whole buffer).
    mutating func rebind(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Data bits still available before the marker or the end (not counting padding).
    var dataBitsLeft: Int { max(0, bitCount - paddingAppended) }

    /// Tops the window up to at least 57 bits (data, then zero padding at a marker or the end).
    @inline(__always)
    mutating func refill() {
        guard bitCount <= 56 else { return }
        if marker == nil, paddingAppended == 0,
           Self.fill(&window, &bitCount, from: bytes, at: &position) { return }
        refillByBytes()
    }

    /// The fast refill: the next 8 bytes loaded at once. When none of the bytes that fit is 0xFF
    /// (the usual case: stuffing and markers are rare), they are all plain data and go into
    /// `window` (holding `count` ≤ 56 bits) with one shift instead of a per-byte loop; false
    /// (nothing done) otherwise, or when fewer than 8 bytes are left. Static and on its
    /// arguments, so that a hot loop's register copy (``MSBBits``) is filled in place.
    @inline(__always)
    private static func fill(_ window: inout UInt64, _ count: inout Int, from bytes: [UInt8],
                             at position: inout Int) -> Bool {
        guard position &+ 8 <= bytes.count else { return false }
        let word = UInt64(bigEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: UInt64.self) })
        let take = (64 &- count) >> 3
        // A byte of `word` is 0xFF when the same byte of `~word` is zero (SWAR zero-byte test:
        // exact for the first zero byte, conservative after it — a false alarm only costs
        // the slow path). Only the `take` leading bytes matter.
        let inverted = ~word
        let zeroBytes = (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080
        let leading = take == 8 ? ~UInt64(0) : ~(~UInt64(0) &>> UInt64(truncatingIfNeeded: take &* 8))
        guard zeroBytes & leading == 0 else { return false }
        window |= (word & leading) &>> UInt64(truncatingIfNeeded: count)
        count &+= take &* 8
        position &+= take
        return true
    }

    /// The general refill, one byte at a time: stuffing, fill bytes, markers and the end.
    /// Kept out of line so that the inlined ``refill()`` stays small in decoders' hot loops.
    @inline(never)
    private mutating func refillByBytes() {
        while bitCount <= 56 {
            guard marker == nil, position < bytes.count else {
                if marker == nil { reachedEnd = true }
                bitCount += 8
                paddingAppended += 8
                continue
            }
            var byte = bytes[position]
            if byte == 0xFF {
                // Skip fill bytes (FF FF …); FF 00 is a stuffed data FF; FF xx is a marker.
                var next = position + 1
                while next < bytes.count && bytes[next] == 0xFF { next += 1 }
                guard next < bytes.count else {
                    position = bytes.count
                    reachedEnd = true
                    continue
                }
                if bytes[next] == 0x00 {
                    position = next + 1
                } else {
                    marker = bytes[next]
                    position = next - 1   // leave the reader at the marker's FF
                    continue
                }
                byte = 0xFF
            } else {
                position += 1
            }
            window |= UInt64(byte) << UInt64(56 - bitCount)
            bitCount += 8
        }
    }

    /// The next `bits` bits (1…32) without consuming them.
    @inline(__always)
    mutating func peek(_ bits: Int) -> Int {
        if bitCount < bits { refill() }
        // Masking shifts: `bits` is 1…32, so the amount is in range and needs no checks.
        return Int(truncatingIfNeeded: window &>> UInt64(truncatingIfNeeded: 64 &- bits))
    }

    /// Drops `bits` bits (at most what the last ``peek(_:)`` guaranteed).
    @inline(__always)
    mutating func consume(_ bits: Int) {
        window &<<= UInt64(truncatingIfNeeded: bits)
        bitCount &-= bits
    }

    /// Reads a `bits`-bit unsigned number (0…32; 0 reads nothing).
    @inline(__always)
    mutating func read(_ bits: Int) -> Int {
        guard bits > 0 else { return 0 }
        let value = peek(bits)
        consume(bits)
        return value
    }

    /// Reads `bits` bits as a JPEG magnitude category value (T.81 F.2.2.1 EXTEND): a leading
    /// 0 bit means negative, `value − (2^bits − 1)`.
    @inline(__always)
    mutating func readSigned(_ bits: Int) -> Int {
        guard bits > 0 else { return 0 }
        let value = read(bits)
        return value < 1 &<< (bits &- 1) ? value &- (1 &<< bits) &+ 1 : value
    }

    /// After a segment: drops the buffered bits and, when the reader stopped at a marker,
    /// consumes it and returns its code (e.g. RSTn, `0xD0…0xD7`), so that reading resumes after it.
    mutating func takeMarker() -> UInt8? {
        window = 0
        bitCount = 0
        paddingAppended = 0
        if marker == nil {
            // The window may have stopped just before a marker: look for one at the position.
            while position + 1 < bytes.count && bytes[position] == 0xFF && bytes[position + 1] == 0xFF { position += 1 }
            guard position + 1 < bytes.count, bytes[position] == 0xFF, bytes[position + 1] != 0 else { return nil }
            marker = bytes[position + 1]
        }
        let code = marker
        position = min(bytes.count, position + 2)
        marker = nil
        return code
    }
}

/// The window as plain values, for hot loops: the reader's own fields stay in memory across a
/// loop that may call the out-of-line refill, so every peek and consume would load and store
/// them; an ``MSBBits`` copy lives in registers. Take it with ``MSBBitReader/bits``, peek and consume
/// on it (after making sure it holds enough bits, ``MSBBitReader/refill(_:)``), and put it back
/// before the reader is used again.
struct MSBBits {
    /// Pending bits, the next one in bit 63.
    var window: UInt64
    /// How many of them are valid.
    var count: Int

    /// The next `bits` bits (1…32; the caller made sure `count` ≥ `bits`).
    @inline(__always)
    func peek(_ bits: Int) -> Int {
        Int(truncatingIfNeeded: window &>> UInt64(truncatingIfNeeded: 64 &- bits))
    }

    /// Drops `bits` bits (at most `count`).
    @inline(__always)
    mutating func consume(_ bits: Int) {
        window &<<= UInt64(truncatingIfNeeded: bits)
        count &-= bits
    }

    /// Reads `bits` bits (1…16, at most `count`) as a JPEG magnitude category value (T.81
    /// F.2.2.1 EXTEND): a leading 0 bit means negative, `value − (2^bits − 1)`.
    @inline(__always)
    mutating func receiveExtend(_ bits: Int) -> Int {
        let value = peek(bits)
        consume(bits)
        return value < 1 &<< (bits &- 1) ? value &- (1 &<< bits) &+ 1 : value
    }
}

extension MSBBitReader {
    /// The window and its count, taken out for a hot loop or put back after it (see ``MSBBits``).
    var bits: MSBBits {
        @inline(__always) get { MSBBits(window: window, count: bitCount) }
        @inline(__always) set {
            window = newValue.window
            bitCount = newValue.count
        }
    }

    /// Tops `bits` (taken from this reader, not yet put back) up to at least 57 bits: the fast
    /// path fills the copy where it is (no round trip through the reader's fields, which
    /// would put a store and a load on the hot loop's critical path), the rest goes through
    /// the reader.
    @inline(__always)
    mutating func refill(_ bits: inout MSBBits) {
        guard bits.count <= 56 else { return }
        if marker == nil, paddingAppended == 0,
           Self.fill(&bits.window, &bits.count, from: bytes, at: &position) { return }
        self.bits = bits
        refillByBytes()
        bits = self.bits
    }
}
