import Foundation
import OspreyCore

/// Adler-32 (RFC 1950), the checksum at the end of every zlib stream.
///
/// The two running sums are reduced modulo 65521 only every 5552 bytes, the largest run for
/// which they cannot overflow 32 bits, so the inner loop is just two additions per byte.
struct Adler32 {
    private static let modulus: UInt32 = 65521
    /// Bytes that can be summed before `b` may overflow a `UInt32`.
    private static let maxRun = 5552

    private var a: UInt32 = 1
    private var b: UInt32 = 0

    /// A checksum over no bytes (value 1).
    init() {}

    /// The checksum of everything fed so far.
    var value: UInt32 { b << 16 | a }

    /// Feeds `bytes` into the checksum.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var p = base.assumingMemoryBound(to: UInt8.self)
        var remaining = bytes.count
        var a = self.a
        var b = self.b
        while remaining > 0 {
            let run = min(remaining, Self.maxRun)
            remaining -= run
            var left = run
            let blocks = left / 16
            if blocks > 0 {
                (a, b) = Self.sumBlocks(p, count: blocks, a: a, b: b)
                p += blocks * 16
                left -= blocks * 16
            }
            while left > 0 {
                a &+= UInt32(p[0]); b &+= a
                p += 1
                left -= 1
            }
            a %= Self.modulus
            b %= Self.modulus
        }
        self.a = a
        self.b = b
    }

    /// Adds `count` 16-byte blocks (at most 347, one modulo run) to the sums, 16 lanes at a
    /// time: lane i accumulates the bytes at offset i (`sums`) and, per block, the sums of
    /// all blocks before it (`prefix`). Then b gains 16·a per block, 16 × the prefix sums,
    /// and each byte weighted by its distance from the block's end (16 − i); a gains all bytes.
    @inline(__always)
    private static func sumBlocks(_ p: UnsafePointer<UInt8>, count: Int, a: UInt32, b: UInt32) -> (UInt32, UInt32) {
        var sums = SIMD16<UInt32>()
        var prefix = SIMD16<UInt32>()
        let raw = UnsafeRawPointer(p)
        for block in 0..<count {
            prefix &+= sums
            sums &+= SIMD16<UInt32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: block * 16, as: SIMD16<UInt8>.self))
        }
        let weights = SIMD16<UInt32>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
        let newA = UInt64(a) + UInt64(sums.wrappedSum())
        let newB = UInt64(b) + 16 * UInt64(count) * UInt64(a) + 16 * UInt64(prefix.wrappedSum())
            + UInt64((sums &* weights).wrappedSum())
        return (UInt32(newA % UInt64(modulus)), UInt32(newB % UInt64(modulus)))
    }

    /// The checksum of `bytes`.
    static func checksum<Bytes: ContiguousBytes>(_ bytes: Bytes) -> UInt32 {
        var adler = Adler32()
        bytes.withUnsafeBytes { adler.update($0) }
        return adler.value
    }
}
