import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The PNG decoder's one shape: the one-shot decode is the incremental state fed the whole
/// file, so nothing is left to a second decode (APNG frames, late `eXIf`), and thumbnails hold
/// the thumbnail, not the image (Adam7 included).
@Suite("PNG one decoder", .offCooperativePool)
struct PNGOneDecoderTests {
    typealias H = PNGTestHelpers

    /// Adam7 image data (filter type 0 on every row) for `pixels`, zlib-compressed.
    static func adam7IDAT(_ pixels: PixelBuffer) -> [UInt8] {
        var raw: [UInt8] = []
        for pass in PNGPass.adam7(width: pixels.width, height: pixels.height) where !pass.isEmpty {
            for row in 0..<pass.height {
                raw.append(0)
                let y = pass.y + row * pass.dy
                for column in 0..<pass.width {
                    let at = (y * pixels.width + pass.x + column * pass.dx) * 4
                    raw += pixels.bytes[at..<at + 4]
                }
            }
        }
        return Deflater.compress(raw, level: 1)
    }

    static func adam7PNG(_ pixels: PixelBuffer) -> Data {
        H.png([("IHDR", H.ihdr(width: pixels.width, height: pixels.height, interlaced: true)),
               ("IDAT", adam7IDAT(pixels)), ("IEND", [])])
    }

    @Test("an Adam7 thumbnail is the full image shrunk, pixel for pixel, for several sizes and boxes")
    func adam7ThumbnailExact() throws {
        for (width, height, box) in [(97, 61, 16), (64, 64, 8), (300, 7, 40), (13, 200, 9), (250, 180, 249)] {
            let pixels = H.gradientNoise(width: width, height: height, seed: UInt64(width))
            let file = Self.adam7PNG(pixels)
            var options = DecodeOptions()
            options.thumbnailPixelSize = PixelSize(width: box, height: box)
            let thumbnail = try PNGDecoder().decode(file, options: options)
            let full = try PNGDecoder().decode(file, options: DecodeOptions())
            #expect(full.firstFrame == pixels)
            let expected = StreamingResampler.resize(pixels, to: options.targetSize(for: pixels.size))
            #expect(thumbnail.firstFrame == expected, "\(width)×\(height) into \(box)")
            // Fed in pieces, with previews asked for: the same final pixels.
            let decoder = PNGIncrementalDecoder(options: options)
            let partials = feedPieces(file, chunkSize: 333, to: decoder)
            #expect(try decoder.finish().firstFrame == expected)
            #expect(partials.allSatisfy { $0.pixelSize == expected.size })
        }
    }

    @Test("an Adam7 thumbnail holds the thumbnail's sums, not the full-size canvas")
    func adam7ThumbnailMemory() throws {
        let pixels = H.gradientNoise(width: 1024, height: 768, seed: 5)
        let file = Self.adam7PNG(pixels)
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 64, height: 64)
        let decoder = PNGIncrementalDecoder(options: options)
        _ = feedPieces(file, chunkSize: file.count / 3 + 1, to: decoder)
        let held = decoder.inspect(\.canvasBytes)
        #expect(held > 0)
        #expect(held < 1024 * 768 * 4 / 16, "\(held) bytes held")
        let full = PNGIncrementalDecoder(options: DecodeOptions())
        _ = feedPieces(file, chunkSize: file.count / 3 + 1, to: full)
        #expect(full.inspect(\.canvasBytes) >= 1024 * 768 * 4)
        _ = try decoder.finish()
        _ = try full.finish()
    }

    @Test("a plain 12-megapixel thumbnail holds well under 4 MB besides the compressed bytes")
    func plainThumbnailMemory() throws {
        // Rows of one colour compress to almost nothing; the canvas and resampler are what count.
        let (width, height) = (4000, 3000)
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 4 + 1) * height)
        let row = [UInt8(0)] + [UInt8](repeating: 90, count: width * 4)
        for _ in 0..<height { raw += row }
        let file = H.png([("IHDR", H.ihdr(width: width, height: height)), ("IDAT", Deflater.compress(raw, level: 1)),
                          ("IEND", [])])
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 256, height: 256)
        let decoder = PNGIncrementalDecoder(options: options)
        _ = feedPieces(file, chunkSize: file.count / 2 + 1, to: decoder)
        let held = decoder.inspect(\.canvasBytes) + decoder.inspect(\.rowWindowBytes)
        #expect(held < 4_000_000, "\(held) bytes held")
        let image = try decoder.finish()
        #expect(image.pixelSize == PixelSize(width: 256, height: 192))
    }

    @Test("an APNG fed in pieces finishes without the bytes, equal to the one-shot decode, eager and lazy")
    func apngWithoutBytes() throws {
        let url = try #require(Corpus.file("png/apng/basic_f20.png") ?? Corpus.files(in: "png/apng").first)
        let data = try Data(contentsOf: url)
        var lazy = DecodeOptions()
        lazy.lazyAnimationThreshold = 0
        var thumbnail = DecodeOptions()
        thumbnail.thumbnailPixelSize = PixelSize(width: 20, height: 20)
        for options in [DecodeOptions(), lazy, thumbnail] {
            let expected = try PNGDecoder().decode(data, options: options)
            #expect(expected.isAnimated)
            for size in [1, 97, 4096] {
                let decoder = PNGIncrementalDecoder(options: options)
                _ = feedPieces(data, chunkSize: size, to: decoder)
                let image = try decoder.finish()
                #expect(image.frameCount == expected.frameCount)
                #expect(image.frameDurations == expected.frameDurations)
                #expect((0..<image.frameCount).allSatisfy { image.frame(at: $0).pixels == expected.frame(at: $0).pixels })
            }
        }
    }

    @Test("an eXIf after the image data: one-shot and incremental agree, and the thumbnail fits the box upright")
    func lateExif() throws {
        let pixels = H.gradientNoise(width: 80, height: 20, seed: 8)
        let file = H.png([("IHDR", H.ihdr(width: 80, height: 20)), ("IDAT", H.idat(pixels)),
                          ("eXIf", ExifOrientationTests.tiff(orientation: 6, bigEndian: false)), ("IEND", [])])
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 40, height: 40)
        let oneShot = try PNGDecoder().decode(file, options: options)
        #expect(oneShot.pixelSize.width <= 40 && oneShot.pixelSize.height <= 40)
        #expect(oneShot.pixelSize.height > oneShot.pixelSize.width)
        let decoder = PNGIncrementalDecoder(options: options)
        _ = feedPieces(file, chunkSize: 50, to: decoder)
        #expect(try decoder.finish().firstFrame == oneShot.firstFrame)
        // Full size: simply turned.
        #expect(try PNGDecoder().decode(file, options: DecodeOptions()).firstFrame == ImageOrientation.right.apply(to: pixels))
    }
}
