/// The entropy-coded output of a JPEG encoder: the MSB-first writer beside the toolkit's
/// ``MSBBitReader``, with T.81's byte stuffing (a 0x00 after every 0xFF data byte).
///
/// Bits collect in a 64-bit buffer and leave eight bytes at a time; only a word that holds an
/// 0xFF byte takes the byte-by-byte stuffing path, so the common case is one 8-byte store.
/// The output array is kept larger than what was written (``count`` bytes are valid) and grows
/// by doubling, so that a store is a single capacity check, never an `append`. Markers and
/// segments go through the same storage between scans.
struct JPEGBitWriter {
    /// Written bytes, then unused room.
    private var storage: [UInt8]
    /// `storage.count`, kept here: the array's own getter is an out-of-line call in the loops.
    private var capacity: Int
    /// How many bytes of `storage` are written.
    private(set) var count = 0
    /// Pending bits, right-aligned: the oldest bit is the highest of the `filled` low bits.
    private var buffer: UInt64 = 0
    /// How many bits of `buffer` are pending (0…63).
    private var filled = 0

    /// An empty writer with room for about `capacity` bytes.
    init(capacity: Int) {
        storage = Self.room(max(64, capacity), keeping: [], count: 0)
        self.capacity = storage.count
    }

    /// An array of `size` bytes whose first `count` are those of `old`, the rest not
    /// zero-filled: the writer stores every byte before it counts it, never reads past
    /// ``count``, and drops the unwritten tail in ``takeBytes()``. Zero-filling the room up
    /// front was a pass over about a third of the image size on every encode.
    private static func room(_ size: Int, keeping old: [UInt8], count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            // `UInt8` is a trivial type: the bytes past `count` need no initialisation to be
            // dropped or overwritten later.
            old.withUnsafeBufferPointer { source in
                if count > 0 { buffer.baseAddress!.initialize(from: source.baseAddress!, count: count) }
            }
            initialized = size
        }
    }

    /// Every byte written so far (the writer must be flushed).
    var bytes: [UInt8] { Array(storage[0..<count]) }

    /// The written bytes, without a copy; the writer is left empty.
    mutating func takeBytes() -> [UInt8] {
        var result: [UInt8] = []
        swap(&result, &storage)
        result.removeLast(result.count - count)
        count = 0
        capacity = 0
        return result
    }

    /// Makes sure `more` bytes fit after the written ones.
    @inline(__always)
    mutating func reserve(_ more: Int) {
        if count &+ more > capacity { grow(to: count + more) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        storage = Self.room(max(needed, storage.count * 2), keeping: storage, count: count)
        capacity = storage.count
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
        reserve(16)
        // A byte of the word is 0xFF exactly when the same byte of ~word is zero.
        let inverted = ~word
        let hasFF = (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080
        let at = count
        storage.withUnsafeMutableBytes { raw in
            if hasFF == 0 {
                raw.storeBytes(of: word.bigEndian, toByteOffset: at, as: UInt64.self)
                count = at &+ 8
                return
            }
            var next = at
            for shift in stride(from: 56, through: 0, by: -8) {
                let byte = UInt8(truncatingIfNeeded: word &>> UInt64(shift))
                raw[next] = byte
                raw[next &+ 1] = 0
                next &+= byte == 0xFF ? 2 : 1
            }
            count = next
        }
    }

    /// Appends entropy-coded bytes (the bit buffer must be flushed), stuffing a zero after
    /// each 0xFF: eight bytes at a time where a word holds none.
    mutating func appendStuffing(_ bytes: UnsafePointer<UInt8>, count length: Int) {
        reserve(2 &* length &+ 8)
        let at = count
        count = storage.withUnsafeMutableBytes { raw -> Int in
            let target = raw.baseAddress!
            var next = at
            var i = 0
            while i &+ 8 <= length {
                let word = UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self)
                // A byte is 0xFF exactly when the same byte of ~word is zero.
                let inverted = ~word
                if (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080 == 0 {
                    target.storeBytes(of: word, toByteOffset: next, as: UInt64.self)
                    next &+= 8
                    i &+= 8
                    continue
                }
                for j in i..<i &+ 8 {
                    target.storeBytes(of: bytes[j], toByteOffset: next, as: UInt8.self)
                    target.storeBytes(of: 0, toByteOffset: next &+ 1, as: UInt8.self)
                    next &+= bytes[j] == 0xFF ? 2 : 1
                }
                i &+= 8
            }
            while i < length {
                target.storeBytes(of: bytes[i], toByteOffset: next, as: UInt8.self)
                target.storeBytes(of: 0, toByteOffset: next &+ 1, as: UInt8.self)
                next &+= bytes[i] == 0xFF ? 2 : 1
                i &+= 1
            }
            return next
        }
    }

    /// Appends one byte (no stuffing).
    @inline(__always)
    private mutating func appendByte(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count &+= 1
    }

    /// Pads the pending bits to a byte boundary with 1 bits (T.81 F.1.2.3) and writes them.
    mutating func flush() {
        let padding = (8 &- filled % 8) % 8
        buffer = buffer &<< UInt64(padding) | ((1 &<< UInt64(padding)) &- 1)
        filled &+= padding
        while filled > 0 {
            filled &-= 8
            let byte = UInt8(truncatingIfNeeded: buffer &>> UInt64(filled))
            appendByte(byte)
            if byte == 0xFF { appendByte(0) }
        }
        buffer = 0
    }

    /// Appends bytes verbatim (markers, segments); the bit buffer must be flushed.
    mutating func appendBytes<Bytes: Collection<UInt8>>(_ more: Bytes) {
        reserve(more.count)
        for byte in more {
            storage[count] = byte
            count &+= 1
        }
    }

    /// Appends a marker `0xFF code`; the bit buffer must be flushed.
    mutating func appendMarker(_ code: UInt8) {
        appendByte(0xFF)
        appendByte(code)
    }

    /// Appends a marker segment: marker, big-endian length (payload + 2), payload.
    mutating func appendSegment(_ code: UInt8, _ payload: [UInt8]) {
        appendMarker(code)
        let length = payload.count + 2
        appendByte(UInt8(length >> 8))
        appendByte(UInt8(length & 0xFF))
        appendBytes(payload)
    }
}
