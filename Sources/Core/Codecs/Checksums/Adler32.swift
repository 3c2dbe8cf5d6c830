import Foundation

/// Adler-32 (RFC 1950), the checksum at the end of every zlib stream.
///
/// The two running sums are reduced modulo 65521 only every 5552 bytes, the largest run for
/// which they cannot overflow 32 bits, so the inner loop is just two additions per byte.
package struct Adler32 {
    private static let modulus: UInt32 = 65521
    /// Bytes that can be summed before `b` may overflow a `UInt32`.
    private static let maxRun = 5552

    private var a: UInt32 = 1
    private var b: UInt32 = 0

    /// A checksum over no bytes (value 1).
    package init() {}

    /// The checksum of everything fed so far.
    package var value: UInt32 { b << 16 | a }

    /// Feeds `bytes` into the checksum.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var p = base.assumingMemoryBound(to: UInt8.self)
        var remaining = bytes.count
        var a = self.a
        var b = self.b
        while remaining > 0 {
            let run = min(remaining, Self.maxRun)
            remaining -= run
            var left = run
            // In blocks of 16: b gains 16·a plus the bytes weighted 16, 15, …, 1, and a gains
            // their sum. The two sums are independent, so the compiler can vectorise them.
            while left >= 16 {
                var sum: UInt32 = 0
                var weighted: UInt32 = 0
                for i in 0..<16 {
                    let byte = UInt32(p[i])
                    sum &+= byte
                    weighted &+= UInt32(16 - i) &* byte
                }
                b &+= 16 &* a &+ weighted
                a &+= sum
                p += 16
                left -= 16
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

    /// The checksum of `bytes`.
    package static func checksum<Bytes: ContiguousBytes>(_ bytes: Bytes) -> UInt32 {
        var adler = Adler32()
        bytes.withUnsafeBytes { adler.update($0) }
        return adler.value
    }
}
