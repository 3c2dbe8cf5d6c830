import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

@Suite("Toolkit YCbCr and chroma upsampling", .offCooperativePool)
struct YCbCrTests {
    @Test("JFIF: libjpeg-turbo's fixed point gives the float formula's rounding within 1, exact greys and primaries")
    func jfif() {
        #expect(YCbCrConverter.jfif(y: 0, cb: 128, cr: 128) == (0, 0, 0))
        #expect(YCbCrConverter.jfif(y: 255, cb: 128, cr: 128) == (255, 255, 255))
        #expect(YCbCrConverter.jfif(y: 76, cb: 85, cr: 255) == (254, 0, 0))     // JFIF red
        var worst = 0.0
        for y in stride(from: 0, through: 255, by: 5) {
            for cb in stride(from: 0, through: 255, by: 15) {
                for cr in stride(from: 0, through: 255, by: 15) {
                    let (r, g, b) = YCbCrConverter.jfif(y: y, cb: cb, cr: cr)
                    let fr = Double(y) + 1.402 * Double(cr - 128)
                    let fg = Double(y) - 0.344136 * Double(cb - 128) - 0.714136 * Double(cr - 128)
                    let fb = Double(y) + 1.772 * Double(cb - 128)
                    for (value, exact) in [(r, fr), (g, fg), (b, fb)] {
                        worst = max(worst, abs(Double(value) - min(255, max(0, exact))))
                    }
                }
            }
        }
        #expect(worst <= 1.0)
    }

    @Test("WebP: studio range — Y 16 is black, Y 235 white, within 1.5 of BT.601's float formula")
    func webp() {
        #expect(YCbCrConverter.webp(y: 16, u: 128, v: 128) == (0, 0, 0))
        #expect(YCbCrConverter.webp(y: 235, u: 128, v: 128) == (255, 255, 255))
        var worst = 0.0
        for y in stride(from: 16, through: 235, by: 7) {
            for u in stride(from: 16, through: 240, by: 16) {
                for v in stride(from: 16, through: 240, by: 16) {
                    let (r, g, b) = YCbCrConverter.webp(y: y, u: u, v: v)
                    let luma = 1.164 * Double(y - 16)
                    let fr = luma + 1.596 * Double(v - 128)
                    let fg = luma - 0.391 * Double(u - 128) - 0.813 * Double(v - 128)
                    let fb = luma + 2.018 * Double(u - 128)
                    for (value, exact) in [(r, fr), (g, fg), (b, fb)] {
                        worst = max(worst, abs(Double(value) - min(255, max(0, exact))))
                    }
                }
            }
        }
        #expect(worst <= 1.5)
    }

    @Test("a row converts to RGBA with opaque alpha")
    func row() {
        let y: [UInt8] = [0, 255, 76], cb: [UInt8] = [128, 128, 85], cr: [UInt8] = [128, 128, 255]
        var rgba = [UInt8](repeating: 9, count: 12)
        rgba.withUnsafeMutableBufferPointer { out in
            YCbCrConverter.convertRow(y: y, cb: cb, cr: cr, into: out.baseAddress!, count: 3, matrix: .jfif)
        }
        #expect(rgba == [0, 0, 0, 255, 255, 255, 255, 255, 254, 0, 0, 255])
    }

    @Test("h2v1 fancy: ¾ own + ¼ neighbour with libjpeg-turbo's alternating rounding; edges repeat; odd widths")
    func h2v1() {
        let input: [UInt8] = [0, 100, 200]
        var output = [UInt8](repeating: 0, count: 6)
        output.withUnsafeMutableBufferPointer { ChromaUpsampler.fancyH2V1(input, into: $0.baseAddress!, outputWidth: 6) }
        // 0, (0·3+100+2)>>2, (300+0+1)>>2, (300+200+2)>>2, (600+100+1)>>2, 200
        #expect(output == [0, 25, 75, 125, 175, 200])
        var odd = [UInt8](repeating: 0, count: 5)
        odd.withUnsafeMutableBufferPointer { ChromaUpsampler.fancyH2V1(input, into: $0.baseAddress!, outputWidth: 5) }
        #expect(odd == Array(output.prefix(5)))
        var single = [UInt8](repeating: 0, count: 2)
        single.withUnsafeMutableBufferPointer { ChromaUpsampler.fancyH2V1([77], into: $0.baseAddress!, outputWidth: 2) }
        #expect(single == [77, 77])
        var box = [UInt8](repeating: 0, count: 5)
        box.withUnsafeMutableBufferPointer { ChromaUpsampler.boxH2(input, into: $0.baseAddress!, outputWidth: 5) }
        #expect(box == [0, 0, 100, 100, 200])
    }

    @Test("h2v2 fancy: a flat plane stays flat, a vertical step is weighted ¾/¼ with +8/+7 rounding")
    func h2v2() {
        var output = [UInt8](repeating: 0, count: 4)
        output.withUnsafeMutableBufferPointer {
            ChromaUpsampler.fancyH2V2(near: [90, 90], far: [90, 90], into: $0.baseAddress!, outputWidth: 4)
        }
        #expect(output == [90, 90, 90, 90])
        output.withUnsafeMutableBufferPointer {
            ChromaUpsampler.fancyH2V2(near: [0, 160], far: [64, 64], into: $0.baseAddress!, outputWidth: 4)
        }
        // Column sums 3·near + far: 64, 544. Out: (64·4+8)>>4, (64·3+544+7)>>4, (544·3+64+8)>>4, (544·4+7)>>4.
        #expect(output == [16, 46, 106, 136])
    }
}
