import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The ICO/CUR decoder on icons the tests write: entry choice, PNG and BMP entries, the AND
/// mask, limits.
@Suite("ICO decoder", .offCooperativePool)
struct ICODecoderTests {
    typealias W = BMPTestWriter

    /// An icon with a 16, a 48 (PNG) and a 32-pixel entry, each a different solid colour.
    static func threeSizes() throws -> Data {
        func solid(_ size: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> PixelBuffer {
            var pixels = PixelBuffer(width: size, height: size)
            for y in 0..<size { for x in 0..<size { pixels[x, y] = (r, g, b, 255) } }
            return pixels
        }
        let png = try [UInt8](PNGEncoder().encode(DecodedImage(pixels: solid(48, 0, 0, 255)), format: .png))
        return W.icon([
            (16, 16, 32, W.iconBitmap(solid(16, 255, 0, 0), bitCount: 32) { _, _ in false }),
            (48, 48, 32, png),
            (32, 32, 24, W.iconBitmap(solid(32, 0, 255, 0), bitCount: 24) { _, _ in false }),
        ])
    }

    @Test("a full decode takes the largest entry, here a PNG one")
    func largest() throws {
        let image = try ImageCoders.shared.decode(Self.threeSizes(), options: DecodeOptions())
        #expect(image.format == .ico)
        #expect(image.pixelSize == PixelSize(width: 48, height: 48))
        #expect(image.frames[0].pixels[0, 0] == (0, 0, 255, 255))
    }

    @Test("a thumbnail takes the nearest entry at or above its size", arguments: [
        (16, 16, (UInt8(255), UInt8(0), UInt8(0))),   // exactly 16
        (20, 20, (0, 255, 0)),                        // 32, shrunk to 20
        (32, 32, (0, 255, 0)),
        (40, 40, (0, 0, 255)),                        // 48, shrunk
        (64, 64, (0, 0, 255)),                        // nothing covers 64: the largest, not enlarged
    ] as [(Int, Int, (UInt8, UInt8, UInt8))])
    func nearest(width: Int, height: Int, colour: (UInt8, UInt8, UInt8)) throws {
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: width, height: height)
        let image = try ICODecoder().decode(Self.threeSizes(), options: options)
        #expect(image.pixelWidth == min(width, 48) && image.pixelHeight == min(height, 48))
        let pixel = image.frames[0].pixels[0, 0]
        #expect((pixel.r, pixel.g, pixel.b, pixel.a) == (colour.0, colour.1, colour.2, 255))
    }

    @Test("of two entries the same size, the deeper one is decoded")
    func deeperWins() throws {
        var red = PixelBuffer(width: 8, height: 8), blue = PixelBuffer(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { red[x, y] = (255, 0, 0, 255); blue[x, y] = (0, 0, 255, 200) } }
        let data = W.icon([(8, 8, 24, W.iconBitmap(red, bitCount: 24) { _, _ in false }),
                           (8, 8, 32, W.iconBitmap(blue, bitCount: 32) { _, _ in false })])
        #expect(try ICODecoder().decode(data, options: DecodeOptions()).frames[0].pixels[3, 3] == (0, 0, 255, 200))
    }

    @Test("a 24-bit entry's AND mask makes its set pixels transparent")
    func andMask() throws {
        let pattern = W.pattern(width: 5, height: 3)
        let masked: (Int, Int) -> Bool = { x, y in (x + y) % 2 == 0 }
        let data = W.icon([(5, 3, 24, W.iconBitmap(pattern, bitCount: 24, masked: masked))])
        let pixels = try ICODecoder().decode(data, options: DecodeOptions()).frames[0].pixels
        for y in 0..<3 {
            for x in 0..<5 {
                let expected = pattern[x, y], got = pixels[x, y]
                #expect((got.r, got.g, got.b) == (expected.r, expected.g, expected.b))
                #expect(got.a == (masked(x, y) ? 0 : 255))
            }
        }
    }

    @Test("a 32-bit entry keeps its alpha; with no alpha at all the mask decides")
    func thirtyTwoBitAlpha() throws {
        var pattern = W.pattern(width: 4, height: 2)
        pattern[1, 0] = (1, 2, 3, 77)
        let withAlpha = W.icon([(4, 2, 32, W.iconBitmap(pattern, bitCount: 32) { x, _ in x == 0 })])
        let kept = try ICODecoder().decode(withAlpha, options: DecodeOptions()).frames[0].pixels
        #expect(kept[1, 0] == (1, 2, 3, 77))
        #expect(kept[0, 0].a == 255)   // the mask is ignored when alpha is present
        var clear = pattern
        for y in 0..<2 { for x in 0..<4 { clear[x, y].a = 0 } }
        let noAlpha = W.icon([(4, 2, 32, W.iconBitmap(clear, bitCount: 32) { x, _ in x == 0 })])
        let masked = try ICODecoder().decode(noAlpha, options: DecodeOptions()).frames[0].pixels
        #expect(masked[0, 1].a == 0 && masked[1, 1].a == 255)
    }

    @Test("a cursor decodes like an icon")
    func cursor() throws {
        let pattern = W.pattern(width: 8, height: 8)
        let data = W.icon([(8, 8, 32, W.iconBitmap(pattern, bitCount: 32) { _, _ in false })], cursor: true)
        #expect(ImageFormat.detect(data) == .ico)
        #expect(try ImageCoders.shared.decode(data, options: DecodeOptions()).frames[0].pixels == pattern)
    }

    @Test("an entry claiming more pixels than maxPixelCount fails before allocating")
    func pixelLimit() {
        let header = W.infoHeader(width: 60_000, height: 120_000, bitCount: 32, compression: 0)
        let data = W.icon([(0, 0, 32, header + [1, 2, 3, 4])])
        #expect { try ICODecoder().decode(data, options: DecodeOptions()) } throws: {
            ($0 as? ImageError)?.code == .imageTooLarge
        }
    }

    @Test("every truncation of every vendored icon ends in an image or badImageData")
    func truncations() throws {
        for url in Corpus.files(below: Corpus.vendoredRoot, folder: "ico", extensions: ["ico"]) {
            let data = try Data(contentsOf: url)
            for length in stride(from: 0, to: data.count, by: max(1, data.count / 37)) {
                do {
                    _ = try ICODecoder().decode(data.prefix(length), options: DecodeOptions())
                } catch {
                    #expect(error.code == .badImageData, "\(url.lastPathComponent) cut at \(length)")
                }
            }
        }
    }
}
