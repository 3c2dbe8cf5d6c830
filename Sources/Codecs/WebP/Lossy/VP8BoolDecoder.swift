/// The VP8 boolean entropy decoder (RFC 6386 §7), reading one partition.
///
/// The arithmetic mirrors libwebp's reader exactly, including *when* it notices the end of
/// the data: bytes are loaded 7 at a time while at least 8 remain, then one at a time; once
/// none remain, one zero byte is shifted in and ``isAtEnd`` turns true. libwebp rejects a
/// frame whose macroblock reads set that flag, so the decoder checks it at the same points
/// and accepts exactly the streams libwebp accepts.
///
/// `range` holds the real range minus one (127…254 between calls), `value` the unread bits,
/// of which the top `bits + 8` are meaningful. Reading never touches memory outside the
/// partition: the end is checked before every load.
struct VP8BoolDecoder {
    private var cursor: UnsafePointer<UInt8>
    private let end: UnsafePointer<UInt8>
    private var value: UInt64 = 0
    private var range: UInt32 = 255 - 1
    private var bits: Int = -8
    /// True once the decoder needed bytes past the end of its partition.
    private(set) var isAtEnd = false

    /// A decoder over `bytes` (may be empty: then every read sets ``isAtEnd``).
    init(_ bytes: UnsafeRawBufferPointer) {
        if let base = bytes.baseAddress, bytes.count > 0 {
            cursor = base.assumingMemoryBound(to: UInt8.self)
            end = cursor + bytes.count
        } else {
            // Any non-nil address will do: start == end, so it is never read.
            cursor = UnsafePointer(bitPattern: 8)!
            end = cursor
        }
        loadNewBytes()
    }

    @inline(__always)
    private mutating func loadNewBytes() {
        if end - cursor >= 8 {
            // Seven bytes, big-endian, below the bits still unread.
            let chunk = UInt64(bigEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self)) >> 8
            cursor += 7
            value = value << 56 | chunk
            bits += 56
        } else {
            // Through a copy, so that the caller's decoder never has its address taken and
            // can stay in registers.
            var copy = self
            copy.loadFinalBytes()
            self = copy
        }
    }

    private mutating func loadFinalBytes() {
        if cursor < end {
            bits += 8
            value = value << 8 | UInt64(cursor.pointee)
            cursor += 1
        } else if !isAtEnd {
            value <<= 8
            bits += 8
            isAtEnd = true
        } else {
            // Past the end: keep reading the same (zero-padded) bits; the caller stops soon.
            bits = 0
        }
    }

    /// One bit whose probability of being 0 is `probability` / 256.
    @inline(__always)
    mutating func bit(_ probability: Int) -> Bool {
        var range = self.range
        if bits < 0 { loadNewBytes() }
        // 0 ≤ bits < 64 here, and the shifts below are by less than 64 (resp. 8): the masking
        // shifts are exact and spare the compiler's range checks.
        let position = UInt64(truncatingIfNeeded: bits)
        let split = (range &* UInt32(truncatingIfNeeded: probability)) &>> 8
        let current = UInt32(truncatingIfNeeded: value &>> position)
        let one = current > split
        if one {
            range &-= split
            value &-= UInt64(split &+ 1) &<< position
        } else {
            range = split &+ 1
        }
        // Renormalise so that the real range is back in 128…255.
        let shift = range.leadingZeroBitCount &- 24
        range &<<= UInt32(truncatingIfNeeded: shift)
        bits &-= shift
        self.range = range &- 1
        return one
    }

    /// `value` with a sign read as one even bit (libwebp `VP8GetSigned`).
    @inline(__always)
    mutating func signed(_ magnitude: Int) -> Int {
        bit(128) ? -magnitude : magnitude
    }

    /// An unsigned `count`-bit literal, most significant bit first.
    mutating func literal(_ count: Int) -> Int {
        var result = 0
        for _ in 0..<count { result = result << 1 | (bit(128) ? 1 : 0) }
        return result
    }

    /// A `count`-bit magnitude followed by a sign bit (the header's signed fields).
    mutating func signedLiteral(_ count: Int) -> Int {
        let magnitude = literal(count)
        return bit(128) ? -magnitude : magnitude
    }

    /// A flag bit (probability one half).
    mutating func flag() -> Bool { bit(128) }
}

extension VP8BoolDecoder {
    /// The first byte of the partition not loaded yet: every byte before it was read (or
    /// waits in the value). A progressive decoder (``VP8IncrementalFrame``) checks a row read
    /// only bytes that had arrived.
    var nextUnloadedByte: UnsafePointer<UInt8> { cursor }
}
