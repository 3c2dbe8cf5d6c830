import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs

/// The encoder's 4:2:0 planes (colour conversion fused with the 2 × 2 downsampling) against
/// libjpeg's order in plain integers: every pixel converted with `jccolor.c`'s matrix, the
/// rows padded by repeating the last pixel, then 2 × 2 averages with its alternating bias.
@Suite("JPEG encoder planes", .offCooperativePool)
struct JPEGEncoderPlaneTests {
    /// Round(c · a + bg · (255 − a)) / 255, as the encoder flattens.
    static func flatten(_ c: Int, _ a: Int, _ bg: Int) -> Int {
        let t = c * a + bg * (255 - a) + 128
        return (t + (t >> 8)) >> 8
    }

    /// Random pixels, some of them partly transparent when `alpha` is set.
    static func pixels(width: Int, height: Int, alpha: Bool, seed: UInt64) -> PixelBuffer {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<bytes.count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes[i] = UInt8(truncatingIfNeeded: state >> 33)
            if i % 4 == 3, !alpha || (state >> 40) % 3 != 0 { bytes[i] = 255 }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }

    @Test("fused 4:2:0 planes: luma exact, chroma within one level of convert-then-average, opaque and flattened",
          arguments: [(1, 1), (17, 9), (37, 21), (64, 16), (100, 35)])
    func halved(width: Int, height: Int) {
        for alpha in [false, true] {
            let source = Self.pixels(width: width, height: height, alpha: alpha, seed: UInt64(width * 1000 + height))
            let background = ImageEncodeOptions.RGB(red: 20, green: 200, blue: 90)
            let paddedWidth = (width + 15) / 16 * 16
            let builder = JPEGPlaneBuilder(pixels: source, grayscale: false, horizontal: 2, vertical: 2,
                                           paddedWidth: paddedWidth, background: background)
            var worst = 0
            for mcuRow in 0..<(height + 15) / 16 {
                builder.load(mcuRow: mcuRow)
                // libjpeg's order on the 16 rows of this MCU row, edges replicated.
                var cb = [[Int]](repeating: [Int](repeating: 0, count: paddedWidth), count: 16)
                var cr = cb
                for line in 0..<16 {
                    let y = min(height - 1, mcuRow * 16 + line)
                    for x in 0..<paddedWidth {
                        let p = source[min(width - 1, x), y]
                        let a = Int(p.a)
                        let r = Self.flatten(Int(p.r), a, Int(background.red))
                        let g = Self.flatten(Int(p.g), a, Int(background.green))
                        let b = Self.flatten(Int(p.b), a, Int(background.blue))
                        let luma = (19595 * r + 38470 * g + 7471 * b + 32768) >> 16
                        #expect(Int(builder.planes[0][line * paddedWidth + x]) == luma)
                        cb[line][x] = (-11059 * r - 21709 * g + 32768 * b + 8_421_375) >> 16
                        cr[line][x] = (32768 * r - 27439 * g - 5329 * b + 8_421_375) >> 16
                    }
                }
                for line in 0..<8 {
                    for x in 0..<paddedWidth / 2 {
                        let bias = 1 + x % 2
                        let expectedCb = (cb[2 * line][2 * x] + cb[2 * line][2 * x + 1] + cb[2 * line + 1][2 * x]
                            + cb[2 * line + 1][2 * x + 1] + bias) >> 2
                        let expectedCr = (cr[2 * line][2 * x] + cr[2 * line][2 * x + 1] + cr[2 * line + 1][2 * x]
                            + cr[2 * line + 1][2 * x + 1] + bias) >> 2
                        let gotCb = Int(builder.planes[1][line * builder.strides[1] + x])
                        let gotCr = Int(builder.planes[2][line * builder.strides[2] + x])
                        worst = max(worst, abs(gotCb - expectedCb), abs(gotCr - expectedCr))
                    }
                }
            }
            #expect(worst <= 1, "\(width)×\(height) alpha \(alpha): chroma off by \(worst)")
        }
    }
}
