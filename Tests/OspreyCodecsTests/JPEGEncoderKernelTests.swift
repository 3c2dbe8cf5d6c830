import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs

/// The JPEG encoder's lane kernels against plain scalar references: the 16-bit forward DCT is
/// bit for bit the 32-bit islow arithmetic, the reciprocal quantiser matches rounded division,
/// and the zigzag mask names exactly the non-zero coefficients.
@Suite("JPEG encoder kernels", .offCooperativePool)
struct JPEGEncoderKernelTests {
    /// libjpeg's `jpeg_fdct_islow` arithmetic on one block, in plain integers, with the passes in
    /// the encoder's order (columns first, then rows); output natural order.
    static func referenceDCT(_ samples: [Int]) -> [Int] {
        func descale(_ x: Int, _ n: Int) -> Int { (x + (1 << (n - 1))) >> n }
        var data = samples.map { $0 - 128 }
        // Columns, then rows, of the same 1-D kernel.
        for pass in 0..<2 {
            for line in 0..<8 {
                func at(_ i: Int) -> Int { pass == 0 ? i * 8 + line : line * 8 + i }
                let d = (0..<8).map { data[at($0)] }
                let tmp0 = d[0] + d[7], tmp7 = d[0] - d[7], tmp1 = d[1] + d[6], tmp6 = d[1] - d[6]
                let tmp2 = d[2] + d[5], tmp5 = d[2] - d[5], tmp3 = d[3] + d[4], tmp4 = d[3] - d[4]
                let tmp10 = tmp0 + tmp3, tmp13 = tmp0 - tmp3, tmp11 = tmp1 + tmp2, tmp12 = tmp1 - tmp2
                let shift = pass == 0 ? 11 : 15
                var out = [Int](repeating: 0, count: 8)
                out[0] = pass == 0 ? (tmp10 + tmp11) << 2 : descale(tmp10 + tmp11, 2)
                out[4] = pass == 0 ? (tmp10 - tmp11) << 2 : descale(tmp10 - tmp11, 2)
                let z1 = (tmp12 + tmp13) * 4433
                out[2] = descale(z1 + tmp13 * 6270, shift)
                out[6] = descale(z1 - tmp12 * 15137, shift)
                let z5 = (tmp4 + tmp6 + tmp5 + tmp7) * 9633
                let m1 = (tmp4 + tmp7) * -7373, m2 = (tmp5 + tmp6) * -20995
                let m3 = (tmp4 + tmp6) * -16069 + z5, m4 = (tmp5 + tmp7) * -3196 + z5
                out[7] = descale(tmp4 * 2446 + m1 + m3, shift)
                out[5] = descale(tmp5 * 16819 + m2 + m4, shift)
                out[3] = descale(tmp6 * 25172 + m2 + m3, shift)
                out[1] = descale(tmp7 * 12299 + m1 + m4, shift)
                for i in 0..<8 { data[at(i)] = out[i] }
            }
        }
        return data
    }

    /// Blocks that reach the extremes of the transform's range, and random ones.
    static func blocks() -> [[Int]] {
        var blocks: [[Int]] = [
            [Int](repeating: 0, count: 64), [Int](repeating: 255, count: 64),
            (0..<64).map { ($0 / 8 + $0 % 8) % 2 == 0 ? 0 : 255 },
            (0..<64).map { ($0 / 8) % 2 == 0 ? 0 : 255 }, (0..<64).map { ($0 % 8) % 2 == 0 ? 255 : 0 },
            (0..<64).map { [0, 1, 6, 7].contains($0 / 8) ? 0 : 255 },
            (0..<64).map { [0, 1, 6, 7].contains($0 % 8) != [0, 1, 6, 7].contains($0 / 8) ? 0 : 255 },
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 { blocks.append((0..<64).map { _ in Int.random(in: 0...255, using: &random) }) }
        return blocks
    }

    @Test("the 16-bit forward DCT equals the 32-bit islow arithmetic bit for bit")
    func forwardDCT() {
        let samples = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        defer { samples.deallocate() }
        for block in Self.blocks() {
            for i in 0..<64 { samples[i] = UInt8(block[i]) }
            let lanes = JPEGForwardDCT.transform(samples, stride: 8)
            let vectors = [lanes.0, lanes.1, lanes.2, lanes.3, lanes.4, lanes.5, lanes.6, lanes.7]
            let expected = Self.referenceDCT(block)
            // Vector u lane v is coefficient (v, u).
            var mismatches = 0
            for u in 0..<8 { for v in 0..<8 where Int(vectors[u][v]) != expected[v * 8 + u] { mismatches += 1 } }
            #expect(mismatches == 0, "block \(block.prefix(8))…")
        }
    }

    @Test("the reciprocal quantiser rounds like division, and the mask names the non-zero coefficients",
          arguments: [1, 50, 85, 100])
    func quantizer(quality: Int) {
        let samples = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        let out = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
        defer { samples.deallocate(); out.deallocate() }
        for base in [JPEGQuantTables.luminance, JPEGQuantTables.chrominance] {
            let table = JPEGQuantTables.scaled(base, quality: quality)
            let quantizer = JPEGQuantizer(table: table)
            for block in Self.blocks().prefix(300) {
                for i in 0..<64 { samples[i] = UInt8(block[i]) }
                let mask = quantizer.quantize(JPEGForwardDCT.transform(samples, stride: 8), into: out)
                let coefficients = Self.referenceDCT(block)
                for natural in 0..<64 {
                    let d = table[natural] * 8
                    let x = coefficients[natural]
                    let exact = (abs(x) + d / 2) / d * (x < 0 ? -1 : 1)
                    let got = Int(out[(natural % 8) * 8 + natural / 8])
                    #expect(abs(got - exact) <= 1, "x \(x) d \(d): \(got) vs \(exact)")
                }
                for k in 1..<64 {
                    let value = out[JPEGZigzag.transposed[k]]
                    #expect((mask >> UInt64(k)) & 1 == (value != 0 ? 1 : 0))
                }
                #expect(mask & 1 == 0)
            }
        }
    }
}
