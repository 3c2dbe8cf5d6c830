import OspreyCore
/// The entropy-coded-segment reader: MSB-first bits, `0xFF00` unstuffed, stopping at markers.
///
/// Seam: this is the JPEG-private reader. When the shared toolkit's MSB reader lands, the
/// decoder only needs `refill`, `peek`, `consume`, `receive` and the marker/overrun state
/// below, so it can be swapped behind the same names.
///
/// Past a marker or the end of the data it feeds zero bits (as libjpeg-turbo does), so a
/// truncated scan still finishes its MCUs; ``overrun`` tells the scan loop that it is now
/// reading invented bits and should stop filling blocks.
struct JPEGBitReader {
    /// The whole file; every read is checked against `end`.
    let base: UnsafePointer<UInt8>
    /// One past the last byte of the file.
    let end: Int
    /// The next byte to load into `bits`.
    private(set) var position: Int
    /// Valid bits, left-aligned (bit 63 is the next one read).
    private var bits: UInt64 = 0
    /// How many of `bits` are valid, real or padding.
    private var count: Int = 0
    /// Zero bits appended after a marker or the end of the data. They sit at the low end of
    /// `bits`, so once `count < padding` some of them have been consumed.
    private var padding: Int = 0

    init(base: UnsafePointer<UInt8>, end: Int, position: Int) {
        self.base = base
        self.end = end
        self.position = position
    }

    /// Whether bits past the segment's real data have been consumed.
    var overrun: Bool { padding > 0 && count < padding }

    /// Whether the reader stopped at a marker or the end rather than still reading data.
    var stopped: Bool { padding > 0 }

    /// Loads bytes until at least 57 bits are valid.
    @inline(__always)
    mutating func refill() {
        while count <= 56 {
            var byte: UInt64 = 0
            if padding == 0, position < end {
                let b = base[position]
                if b == 0xFF {
                    // A stuffed 0xFF00 is data; anything else is a marker: stay in front of it.
                    if position + 1 < end, base[position + 1] == 0x00 {
                        byte = 0xFF
                        position += 2
                    } else {
                        padding += 8
                        count += 8
                        continue
                    }
                } else {
                    byte = UInt64(b)
                    position += 1
                }
            } else {
                padding += 8
                count += 8
                // Bounded so a long run of zeros cannot overflow; `count` never exceeds 64, so
                // `count < padding` stays true once it is.
                if padding > 1 << 20 { padding = 1 << 20 }
                continue
            }
            bits |= byte << UInt64(56 - count)
            count += 8
        }
    }

    /// The next `n` (1…16) bits without consuming them; call ``refill()`` first.
    @inline(__always)
    func peek(_ n: Int) -> Int {
        Int(truncatingIfNeeded: bits >> UInt64(64 - n))
    }

    /// Drops `n` bits (at most the valid count).
    @inline(__always)
    mutating func consume(_ n: Int) {
        bits <<= UInt64(n)
        count -= n
    }

    /// One bit.
    @inline(__always)
    mutating func bit() -> Int {
        if count < 1 { refill() }
        let value = Int(truncatingIfNeeded: bits >> 63)
        consume(1)
        return value
    }

    /// `n` (0…16) raw bits as an unsigned number.
    @inline(__always)
    mutating func receive(_ n: Int) -> Int {
        guard n > 0 else { return 0 }
        if count < n { refill() }
        let value = peek(n)
        consume(n)
        return value
    }

    /// `n` bits as a signed magnitude category value (T.81 F.2.2.1 EXTEND).
    @inline(__always)
    mutating func receiveExtend(_ n: Int) -> Int {
        guard n > 0, n <= 16 else { return 0 }
        let value = receive(n)
        return value < (1 << (n - 1)) ? value - (1 << n) + 1 : value
    }

    /// Forgets buffered bits, e.g. before a restart marker, and resumes at `position`.
    mutating func reset() {
        bits = 0
        count = 0
        padding = 0
    }

    /// Moves to `newPosition` with an empty buffer.
    mutating func seek(to newPosition: Int) {
        reset()
        position = min(max(newPosition, 0), end)
    }
}
