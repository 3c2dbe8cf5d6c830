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
    /// ``VP8RangeTable/entries``, held so that the hot loops find it in a register.
    private let renormalisation = VP8RangeTable.entries
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

    /// One bit whose probability of being 0 is `probability` / 256 (1…255).
    @inline(__always)
    mutating func bit(_ probability: Int) -> Bool {
        let range = self.range
        if bits < 0 { loadNewBytes() }
        // 0 ≤ bits < 64 here, so the masking shift is exact and spares a range check.
        let position = UInt64(truncatingIfNeeded: bits)
        let split = (range &* UInt32(truncatingIfNeeded: probability)) &>> 8
        let current = UInt32(truncatingIfNeeded: value &>> position)
        let one = current > split
        // The new range minus one: `range - split - 1` for a 1, `split` for a 0 (split < range
        // since probability < 256, so neither wraps; both ≤ 253).
        if one {
            // Written as `(range - split) - 1` so that the `- 1` folds into the table address
            // and only one subtraction is on the chain.
            renormalise(Int(range &- split) &- 1)
            value &-= UInt64(split &+ 1) &<< position
        } else {
            renormalise(Int(split))
        }
        return one
    }

    /// Brings `newRange` (the range minus one after a decision) back to 127…254 and consumes
    /// the bits that took (``VP8RangeTable``).
    @inline(__always)
    private mutating func renormalise(_ newRange: Int) {
        range = UInt32(renormalisation[newRange])
        bits &-= Int(renormalisation[256 &+ newRange])
    }

    /// ``bit(_:)`` as a mask, -1 for a 1 and 0 for a 0, decoded without a branch on the bit.
    ///
    /// For bits that only feed arithmetic — coefficient signs, a token's extra bits: they are
    /// close to random, so a branch on each would be mispredicted about half the time (libwebp
    /// reads its signs branch-free for the same reason). Same arithmetic as ``bit(_:)``, so the
    /// same bits and the same state afterwards.
    @inline(__always)
    mutating func bitMask(_ probability: Int) -> Int {
        let range = self.range
        if bits < 0 { loadNewBytes() }
        let position = UInt64(truncatingIfNeeded: bits)
        let split = (range &* UInt32(truncatingIfNeeded: probability)) &>> 8
        let current = UInt32(truncatingIfNeeded: value &>> position)
        // Both are below 256 (the unread value never exceeds the range), so the sign of
        // `split - current` is the decoded bit: all ones when current > split.
        let mask = UInt32(bitPattern: Int32(bitPattern: split &- current) &>> 31)
        let newRange = ((range &- 1 &- split) & mask) | (split & ~mask)
        value &-= UInt64(truncatingIfNeeded: (split &+ 1) & mask) &<< position
        renormalise(Int(newRange))
        return Int(Int32(bitPattern: mask))
    }

    /// `magnitude` with a sign read as one even bit (libwebp `VP8GetSigned`), branch-free.
    @inline(__always)
    mutating func signed(_ magnitude: Int) -> Int {
        let mask = bitMask(128)
        return (magnitude ^ mask) &- mask
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
    /// waits in the value). A progressive decoder (``VP8ResumableFrame``) checks a row read
    /// only bytes that had arrived.
    var nextUnloadedByte: UnsafePointer<UInt8> { cursor }
}
