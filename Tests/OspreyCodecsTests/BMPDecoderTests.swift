import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The BMP decoder on files the tests write: every layout the corpus lacks, the limits,
/// cancellation, thumbnails, and damaged data.
@Suite("BMP decoder", .offCooperativePool)
struct BMPDecoderTests {
    typealias W = BMPTestWriter

    @Test("24-bit, bottom-up and top-down, decode to the same pixels")
    func rowOrder() throws {
        let pattern = W.pattern(width: 13, height: 7)
        let bottomUp = try BMPDecoder().decode(W.rgb24(pattern), options: DecodeOptions())
        let topDown = try BMPDecoder().decode(W.rgb24(pattern, topDown: true), options: DecodeOptions())
        #expect(bottomUp.frames[0].pixels == pattern)
        #expect(topDown.frames[0].pixels == pattern)
        #expect(bottomUp.format == .bmp)
    }

    @Test("2-bit palette (Pillow refuses it), with an index past a short palette")
    func twoBit() throws {
        let palette: [UInt8] = [0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 0]   // red, green, blue (3 of 4)
        // One row: indices 0, 1, 2, 3 → 0b00_01_10_11.
        let header = W.infoHeader(width: 4, height: 1, bitCount: 2, compression: 0, colors: 3)
        let image = try BMPDecoder().decode(W.file(header: header, palette: palette, pixels: [0b0001_1011, 0, 0, 0]),
                                            options: DecodeOptions())
        #expect(image.frames[0].pixels.bytes == [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 0, 255])
    }

    @Test("16-bit RGBA 4444 bit fields in a V5 header: alpha from the mask")
    func bitFieldsWithAlpha() throws {
        let header = W.infoHeader(size: 124, width: 2, height: 1, bitCount: 16, compression: 3,
                                  masks: [0x0F00, 0x00F0, 0x000F, 0xF000])
        // (r, g, b, a) nibbles: (15, 0, 0, 15) and (0, 15, 0, 8).
        let pixels: [UInt8] = W.le16(0xFF00) + W.le16(0x80F0)
        let image = try BMPDecoder().decode(W.file(header: header, pixels: pixels), options: DecodeOptions())
        #expect(image.frames[0].pixels.bytes == [255, 0, 0, 255, 0, 255, 0, 136])
    }

    @Test("32-bit without bit fields is opaque, whatever the fourth byte says")
    func thirtyTwoBitOpaque() throws {
        let header = W.infoHeader(width: 1, height: 1, bitCount: 32, compression: 0)
        let image = try BMPDecoder().decode(W.file(header: header, pixels: [10, 20, 30, 0]), options: DecodeOptions())
        #expect(image.frames[0].pixels.bytes == [30, 20, 10, 255])
    }

    @Test("RLE8: runs, absolute runs, delta and end of line; pixels never set are transparent")
    func runLength() throws {
        let palette: [UInt8] = [0, 0, 0, 0, 0, 0, 255, 0, 0, 255, 0, 0]   // black, red, green
        // 4×3, bottom-up. Bottom row: 2 red, end of line. Middle row: absolute (green, red, green),
        // pad byte, end of line. Top row: delta right 2, then 2 green, end of bitmap.
        let runs: [UInt8] = [2, 1, 0, 0, 0, 3, 2, 1, 2, 0, 0, 0, 0, 2, 2, 0, 2, 2, 0, 1]
        let header = W.infoHeader(width: 4, height: 3, bitCount: 8, compression: 1, colors: 3)
        let image = try BMPDecoder().decode(W.file(header: header, palette: palette, pixels: runs), options: DecodeOptions())
        let red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 255], none: [UInt8] = [0, 0, 0, 0]
        #expect(image.frames[0].pixels.bytes == none + none + green + green
            + green + red + green + none
            + red + red + none + none)
    }

    @Test("BI_PNG: the embedded PNG decodes through the registry and reports BMP")
    func embeddedPNG() throws {
        let pattern = W.pattern(width: 9, height: 5)
        let png = try [UInt8](PNGEncoder().encode(DecodedImage(pixels: pattern), format: .png))
        let header = W.infoHeader(width: 9, height: 5, bitCount: 0, compression: 5)
        let image = try ImageCoders.shared.decode(W.file(header: header, pixels: png), options: DecodeOptions())
        #expect(image.format == .bmp)
        #expect(image.frames[0].pixels == pattern)
        // A BI_PNG whose data is not a PNG is refused, not handed to another decoder.
        let bogus = W.file(header: header, pixels: [UInt8](W.rgb24(pattern)))
        #expect(throws: ImageError.self) { try BMPDecoder().decode(bogus, options: DecodeOptions()) }
    }

    @Test("a thumbnail streams uncompressed rows: the same pixels as a full decode shrunk")
    func thumbnail() throws {
        let pattern = W.pattern(width: 300, height: 200)
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 64, height: 64)
        for topDown in [false, true] {
            let image = try BMPDecoder().decode(W.rgb24(pattern, topDown: topDown), options: options)
            #expect(image.pixelSize == PixelSize(width: 64, height: 43))
            #expect(image.frames[0].pixels == StreamingResampler.resize(pattern, to: PixelSize(width: 64, height: 43)))
        }
        // Streamed, its source may exceed maxPixelCount (only the output and rows are held).
        options.maxPixelCount = 64 * 43 + 300 * DecodeOptions.streamingPixelsPerSourceColumn
        #expect(try BMPDecoder().decode(W.rgb24(pattern), options: options).pixelWidth == 64)
    }

    @Test("a header claiming more pixels than maxPixelCount fails before allocating")
    func pixelLimit() {
        // 100,000 × 100,000 claimed, 4 bytes of data.
        let header = W.infoHeader(width: 100_000, height: 100_000, bitCount: 24, compression: 0)
        let data = W.file(header: header, pixels: [0, 0, 0, 0])
        #expect { try BMPDecoder().decode(data, options: DecodeOptions()) } throws: {
            ($0 as? ImageError)?.code == .imageTooLarge
        }
        var options = DecodeOptions()
        options.maxPixelCount = 99
        #expect { try BMPDecoder().decode(W.rgb24(W.pattern(width: 10, height: 10)), options: options) } throws: {
            ($0 as? ImageError)?.code == .imageTooLarge
        }
        options = DecodeOptions()
        options.decodeWorkBudget = 99
        #expect { try BMPDecoder().decode(W.rgb24(W.pattern(width: 10, height: 10)), options: options) } throws: {
            ($0 as? ImageError)?.code == .imageTooLarge
        }
    }

    @Test("cancellation stops the decode between row bands")
    func cancellation() {
        var options = DecodeOptions()
        let flag = DecodeCancellation(cancelAfterChecks: 2)
        options.cancellation = flag
        let data = W.rgb24(W.pattern(width: 8, height: BMPRaster.rowsPerCheck * 4))
        #expect { try BMPDecoder().decode(data, options: options) } throws: { ($0 as? ImageError)?.code == .cancelled }
        #expect(flag.checkCount == 2)
    }

    @Test("progressive loading finds BMP and ICO from the first bytes and ends as the one-shot decode")
    func incremental() throws {
        let bmp = W.rgb24(W.pattern(width: 20, height: 10))
        let ico = W.icon([(8, 8, 32, W.iconBitmap(W.pattern(width: 8, height: 8), bitCount: 32) { _, _ in false })])
        for data in [bmp, ico] {
            let head = data.prefix(ImageCoders.incrementalDetectionLength)
            let decoder = try #require(ImageCoders.shared.incrementalDecoder(for: head, options: DecodeOptions()))
            decoder.append(data.prefix(data.count / 2))
            #expect(decoder.currentImage() == nil)   // a truncated bitmap has no partial image
            decoder.append(data.dropFirst(data.count / 2))
            let whole = try ImageCoders.shared.decode(data, options: DecodeOptions())
            #expect(try decoder.finish().frames[0].pixels == whole.frames[0].pixels)
        }
        #expect(ImageCoders.shared.incrementalDecoder(for: .bmp, options: DecodeOptions()) != nil)
    }

    @Test("every truncation of every vendored BMP ends in an image, badImageData or imageTooLarge")
    func truncations() throws {
        for url in Corpus.files(below: Corpus.vendoredRoot, folder: "bmp", extensions: ["bmp"]) {
            let data = try Data(contentsOf: url)
            for length in Set([0, 2, 14, 18, 30, 54, 60, data.count / 2, data.count - 1]) where length < data.count {
                do {
                    _ = try BMPDecoder().decode(data.prefix(length), options: DecodeOptions())
                } catch {
                    #expect([.badImageData, .imageTooLarge].contains(error.code), "\(url.lastPathComponent) cut at \(length)")
                }
            }
        }
    }
}
