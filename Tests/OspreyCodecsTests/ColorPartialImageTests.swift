import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Partial images during a download are shown as the final image will be: with
/// ``DecodeOptions/convertToSRGB`` a Display-P3-tagged PNG, APNG or WebP (lossless, lossy,
/// animated) gives converted partial images tagged sRGB; without it they are the decoded
/// pixels, untouched, carrying the file's profile.
@Suite("Colour conversion of partial images", .offCooperativePool)
struct ColorPartialImageTests {
    typealias H = PNGTestHelpers

    /// The Display P3 test profile's bytes.
    static func p3Profile() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Corpus.vendoredRoot.appendingPathComponent("color/profiles/display-p3.icc")))
    }

    /// The `iCCP` chunk's payload of the Display P3 PNG fixture (name, method, zlib stream).
    static func iccpPayload() throws -> [UInt8] {
        let png = [UInt8](try Data(contentsOf: Corpus.vendoredRoot.appendingPathComponent("color/display-p3.png")))
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            if type == "iCCP" { return Array(png[offset + 8..<offset + 8 + length]) }
            offset += 12 + length
        }
        throw ImageError(.badImageData)
    }

    /// The partial images of `data` fed in `chunkSize` pieces, with and without conversion.
    static func partials(_ data: Data, chunkSize: Int,
                         decoder: (DecodeOptions) -> any IncrementalImageDecoding) -> (plain: [DecodedImage], converted: [DecodedImage]) {
        var options = DecodeOptions()
        options.convertToSRGB = true
        return (feedPieces(data, chunkSize: chunkSize, to: decoder(DecodeOptions())),
                feedPieces(data, chunkSize: chunkSize, to: decoder(options)))
    }

    /// Each converted partial image is the same partial image, converted; each plain one is
    /// the decoded pixels as they are (every pixel either the final image's or not yet decoded).
    static func check(_ data: Data, chunkSize: Int, final: PixelBuffer, animated: Bool = false,
                      decoder: (DecodeOptions) -> any IncrementalImageDecoding) throws {
        let (plain, converted) = partials(data, chunkSize: chunkSize, decoder: decoder)
        let converter = try #require(SRGBConverter.make(for: ImageColorProfile(iccData: Data(try p3Profile()))))
        #expect(plain.count >= 2, "too few partial images to test")
        #expect(plain.count == converted.count)
        var changed = 0
        for (raw, done) in zip(plain, converted) {
            #expect(raw.colorProfile?.iccData == Data(try p3Profile()))
            #expect(done.colorProfile == .sRGB)
            var expected = raw.firstFrame
            converter.convert(&expected)
            #expect(done.firstFrame == expected)
            if done.firstFrame != raw.firstFrame { changed += 1 }
            if !animated {
                // Untouched: a decoded pixel is the final one, the rest transparent black.
                let got: [UInt8] = raw.firstFrame.bytes, want: [UInt8] = final.bytes
                #expect(got.count == want.count)
                var stray = 0
                for i in stride(from: 0, to: min(got.count, want.count), by: 4) {
                    let same = got[i] == want[i] && got[i + 1] == want[i + 1] && got[i + 2] == want[i + 2]
                        && got[i + 3] == want[i + 3]
                    let empty = got[i] == 0 && got[i + 1] == 0 && got[i + 2] == 0 && got[i + 3] == 0
                    if !same && !empty { stray += 1 }
                }
                #expect(stray == 0, "\(stray) pixels neither decoded nor empty")
            }
        }
        #expect(changed > 0, "no partial image was changed by the conversion")
    }

    @Test("PNG: partial images converted, or untouched without the option")
    func png() throws {
        let pixels = H.gradientNoise(width: 96, height: 64, opaque: true)
        let data = H.png([("IHDR", H.ihdr(width: 96, height: 64)), ("iCCP", try Self.iccpPayload()),
                          ("IDAT", H.idat(pixels)), ("IEND", [])])
        try Self.check(data, chunkSize: 2048, final: pixels) { PNGIncrementalDecoder(options: $0) }
    }

    @Test("APNG: the first frame's partial images converted too")
    func apng() throws {
        let first = H.gradientNoise(width: 64, height: 48, opaque: true)
        let second = H.gradientNoise(width: 64, height: 48, seed: 9, opaque: true)
        var bytes = [UInt8](APNGTests.apng(width: 64, height: 48, frames: [.init(pixels: first), .init(pixels: second)]))
        // The iCCP chunk goes right after IHDR (signature 8 bytes, IHDR 25).
        bytes.insert(contentsOf: [UInt8](H.png([("iCCP", try Self.iccpPayload())]).dropFirst(8)), at: 33)
        try Self.check(Data(bytes), chunkSize: 1024, final: first, animated: true) { PNGIncrementalDecoder(options: $0) }
    }

    /// A VP8X still with the P3 profile around `imageChunk` (a whole `VP8L`/`VP8 ` chunk).
    static func webpStill(_ imageChunk: [UInt8], size: PixelSize) throws -> Data {
        var header = [UInt8](repeating: 0, count: 10)
        header[0] = 0x20   // ICC profile present
        for i in 0..<3 {
            header[4 + i] = UInt8(((size.width - 1) >> (8 * i)) & 0xFF)
            header[7 + i] = UInt8(((size.height - 1) >> (8 * i)) & 0xFF)
        }
        return Data(WebPTestWriter.riff([WebPTestWriter.chunk("VP8X", header),
                                         WebPTestWriter.chunk("ICCP", try p3Profile()), imageChunk]))
    }

    @Test("WebP lossless: partial images converted, or untouched without the option")
    func webpLossless() throws {
        let pixels = H.gradientNoise(width: 96, height: 64, opaque: true)
        let data = try Self.webpStill(WebPTestWriter.chunk("VP8L", WebPTestWriter.vp8l(pixels, alphaHint: false)),
                                      size: pixels.size)
        try Self.check(data, chunkSize: 1024, final: pixels) { WebPIncrementalDecoder(options: $0) }
    }

    @Test("WebP lossy: partial images converted, or untouched without the option")
    func webpLossy() throws {
        let file = [UInt8](try Data(contentsOf: Corpus.vendoredRoot
            .appendingPathComponent("webp/libwebp-test-data/segment01.webp")))
        let final = try WebPDecoder().decode(Data(file), options: DecodeOptions()).firstFrame
        let data = try Self.webpStill(Array(file[12...]), size: final.size)
        try Self.check(data, chunkSize: 512, final: final) { WebPIncrementalDecoder(options: $0) }
    }

    @Test("WebP animation: the composed frames shown converted")
    func webpAnimation() throws {
        let first = H.gradientNoise(width: 64, height: 48, opaque: true)
        let second = H.gradientNoise(width: 64, height: 48, seed: 5, opaque: true)
        var animation = WebPTestWriter.animationFile(canvas: first.size, frames: [.init(pixels: first), .init(pixels: second)],
                                                     alpha: false)
        let vp8x = 12 + 8   // RIFF header, then the VP8X chunk's header
        animation[vp8x] |= 0x20
        animation.insert(contentsOf: WebPTestWriter.chunk("ICCP", try Self.p3Profile()), at: vp8x + 10)
        let size = animation.count - 8
        for index in 0..<4 { animation[4 + index] = UInt8((size >> (8 * index)) & 0xFF) }
        try Self.check(Data(animation), chunkSize: 1024, final: first, animated: true) { WebPIncrementalDecoder(options: $0) }
    }
}
