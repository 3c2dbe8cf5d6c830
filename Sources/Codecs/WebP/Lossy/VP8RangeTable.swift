/// The boolean decoder's renormalisation by table lookup (the idea of libwebp's former
/// `kVP8NewRange` / `kVP8Log2Range` tables), instead of a leading-zero count and a shift.
///
/// Why: the decoder is bound by the latency of one bit's chain through `range` (multiply,
/// compare, new range, renormalise, next multiply). Without `lzcnt` in the baseline x86-64
/// instruction set the count is `bsr` plus fix-ups, and the shift follows it; two independent
/// byte loads indexed by the unnormalised range shorten that chain by a few cycles a bit.
///
/// Indexed by the new range minus one (0…254, as ``VP8BoolDecoder`` holds it before
/// renormalising): `entries[i]` is the renormalised range minus one, `entries[256 + i]` how
/// many bits that consumed.
enum VP8RangeTable {
    /// The 512 bytes, made once and never freed (they are needed for the life of the process).
    // Safety: written only inside this initialiser, before the pointer is published; read-only
    // afterwards, so sharing it between threads is safe.
    nonisolated(unsafe) static let entries: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)
        for index in 0..<256 {
            let range = UInt32(index + 1)   // 1…256
            let shift = max(0, range.leadingZeroBitCount - 24)
            table[index] = UInt8(truncatingIfNeeded: (range << UInt32(shift)) - 1)
            table[256 + index] = UInt8(shift)
        }
        return UnsafePointer(table)
    }()
}
