import OspreyCore
/// Progressive frames (T.81 G.1.2): each scan's blocks decode through a
/// ``JPEGProgressiveScanDecoder``; the coefficients accumulate per component across scans and
/// are transformed once, when the last scan is in.
extension JPEGDecodeSession {
    /// Whether coefficients 1…63 of `block` are all zero (read eight at a time).
    @inline(__always)
    static func acIsZero(_ block: UnsafeMutablePointer<Int16>) -> Bool {
        let words = UnsafeRawPointer(block)
        var bits = words.loadUnaligned(as: UInt64.self) & ~UInt64(0xFFFF).littleEndian
        for i in 1..<16 { bits |= words.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self) }
        return bits == 0
    }
}
