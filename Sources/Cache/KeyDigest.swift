/// A 64-bit digest of a memory-tier key's UTF-8 bytes, which the key then hands to `Hasher`
/// as one word.
///
/// `Hasher` fed the bytes themselves costs about 30 instructions per eight bytes (its
/// `combine` calls are not inlined), which made hashing a URL-long key a tenth of a memory
/// hit. Here each eight bytes cost one multiply. The digest is keyed by two secrets drawn once
/// per process, after the seeded multiply-and-fold hashes that hash tables of other runtimes
/// use for strings, so keys that collide cannot be planned from outside (image URLs can come
/// from anyone); `Hasher`, seeded per process too, then spreads the digest over the buckets.
enum KeyDigest {
    /// The per-process secrets; the second is odd, so multiplying by it loses no low bits.
    private static let secrets: (mask: UInt64, multiplier: UInt64) = {
        var generator = SystemRandomNumberGenerator()
        return (generator.next(), generator.next() | 1)
    }()

    /// The digest of `bytes`: eight bytes at a time, the last eight read where they end
    /// (overlapping the word before), then the length, so that every byte and the count count.
    static func digest(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let (mask, multiplier) = secrets
        let count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else { return fold(mask, multiplier) }
        @inline(__always) func step(_ state: UInt64, _ word: UInt64) -> UInt64 {
            fold(state ^ word ^ mask, multiplier)
        }
        var state = mask
        if count < 8 {
            var word: UInt64 = 0
            for byte in bytes { word = word << 8 | UInt64(byte) }
            state = step(state, word)
        } else {
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 < count {
                state = step(state, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            state = step(state, raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        return step(state, UInt64(count))
    }

    /// The 128-bit product folded to 64 bits: every bit of both factors reaches the result.
    @inline(__always)
    private static func fold(_ value: UInt64, _ multiplier: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: multiplier)
        return product.high ^ product.low
    }
}
