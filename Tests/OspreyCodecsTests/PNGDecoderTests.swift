import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Chunk rules, limits, zip bombs and thumbnails, on files built chunk by chunk.
@Suite("PNG decoder rules and limits", .offCooperativePool)
struct PNGDecoderTests {
    typealias H = PNGTestHelpers

    static let pixels = H.gradientNoise(width: 20, height: 10, seed: 3)
    static let header = ("IHDR", H.ihdr(width: 20, height: 10))
    static let data = ("IDAT", H.idat(pixels))
    static let end = ("IEND", [UInt8]())

    @Test("a minimal hand-built file decodes")
    func minimal() throws {
        let image = try PNGDecoder().decode(H.png([Self.header, Self.data, Self.end]), options: DecodeOptions())
        #expect(image.firstFrame == Self.pixels)
    }

    @Test("image data split into one-byte IDAT chunks, with ancillary chunks around it")
    func splitData() throws {
        let pieces = Self.data.1.map { ("IDAT", [$0]) }
        let chunks = [Self.header, ("tEXt", Array("Comment\u{0}hi".utf8)), ("prVt", [1, 2, 3])] + pieces + [Self.end]
        #expect(try PNGDecoder().decode(H.png(chunks), options: DecodeOptions()).firstFrame == Self.pixels)
    }

    @Test("chunk-level violations are badImageData", arguments: [
        "unknown critical chunk", "bad CRC in an ancillary chunk", "bad CRC in IDAT", "no IEND", "no IDAT",
        "IHDR not first", "two IHDRs", "palette image without PLTE", "PLTE after IDAT", "empty file after signature",
        "chunk length past the end", "non-letter chunk type", "IHDR of wrong length", "zero width",
        "bad filter type", "interlace method 2",
    ])
    func violations(name: String) {
        let data: Data = switch name {
        case "unknown critical chunk": H.png([Self.header, ("ABCD", [0]), Self.data, Self.end])
        case "bad CRC in an ancillary chunk": H.png([Self.header, ("tEXt", [65, 0, 66]), Self.data, Self.end], corruptCRCOf: "tEXt")
        case "bad CRC in IDAT": H.png([Self.header, Self.data, Self.end], corruptCRCOf: "IDAT")
        case "no IEND": H.png([Self.header, Self.data])
        case "no IDAT": H.png([Self.header, Self.end])
        case "IHDR not first": H.png([("tEXt", [65, 0, 66]), Self.header, Self.data, Self.end])
        case "two IHDRs": H.png([Self.header, Self.header, Self.data, Self.end])
        case "palette image without PLTE":
            H.png([("IHDR", H.ihdr(width: 1, height: 1, colorType: 3)), ("IDAT", Deflater.compress([0, 0])), Self.end])
        case "PLTE after IDAT":
            H.png([("IHDR", H.ihdr(width: 1, height: 1, colorType: 3)), ("IDAT", Deflater.compress([0, 0])),
                   ("PLTE", [1, 2, 3]), Self.end])
        case "empty file after signature": H.png([])
        case "chunk length past the end": Data(H.png([Self.header, Self.data, Self.end]).dropLast(1))
        case "non-letter chunk type": H.png([Self.header, ("t3Xt", [0]), Self.data, Self.end])
        case "IHDR of wrong length": H.png([("IHDR", H.ihdr(width: 20, height: 10) + [0]), Self.data, Self.end])
        case "zero width": H.png([("IHDR", H.ihdr(width: 0, height: 10)), Self.data, Self.end])
        case "bad filter type":
            H.png([("IHDR", H.ihdr(width: 1, height: 1)), ("IDAT", Deflater.compress([5, 1, 2, 3, 4])), Self.end])
        default: H.png([("IHDR", Array(H.ihdr(width: 20, height: 10).dropLast()) + [2]), Self.data, Self.end])
        }
        #expect(H.decodeFailure(data) == .badImageData, "\(name)")
    }

    @Test("a huge IHDR is imageTooLarge before anything is allocated")
    func hugeHeader() {
        // 100,000 × 100,000 RGBA would be 40 GB; the file has no image data at all.
        let data = H.png([("IHDR", H.ihdr(width: 100_000, height: 100_000)), Self.end])
        #expect(H.decodeFailure(data) == .imageTooLarge)
        let widest = H.png([("IHDR", H.ihdr(width: Int(Int32.max), height: Int(Int32.max))), Self.end])
        #expect(H.decodeFailure(widest) == .imageTooLarge)
    }

    @Test("maxPixelCount applies to the canvas")
    func pixelLimit() throws {
        let file = H.png([Self.header, Self.data, Self.end])
        var options = DecodeOptions()
        options.maxPixelCount = 199
        #expect(H.decodeFailure(file, options: options) == .imageTooLarge)
        options.maxPixelCount = 200
        #expect(try PNGDecoder().decode(file, options: options).firstFrame == Self.pixels)
    }

    @Test("a zip bomb (tiny IDAT inflating far past the image) is badImageData")
    func zipBomb() {
        // 16 MiB of zeros compress to ~18 KiB; the 16 × 16 image needs 16 × 65 bytes.
        let bomb = Deflater.compress([UInt8](repeating: 0, count: 16 << 20), level: 6)
        #expect(bomb.count < 40_000)
        let data = H.png([("IHDR", H.ihdr(width: 16, height: 16)), ("IDAT", bomb), Self.end])
        #expect(H.decodeFailure(data) == .badImageData)
        // One byte too many is already too many; one too few is truncated data.
        let exact = [UInt8](repeating: 0, count: 16 * 65)
        for raw in [exact + [0], Array(exact.dropLast())] {
            let file = H.png([("IHDR", H.ihdr(width: 16, height: 16)), ("IDAT", Deflater.compress(raw)), Self.end])
            #expect(H.decodeFailure(file) == .badImageData)
        }
        let good = H.png([("IHDR", H.ihdr(width: 16, height: 16)), ("IDAT", Deflater.compress(exact)), Self.end])
        #expect(H.decodeFailure(good) == nil)
    }

    @Test("thumbnails equal a box-filtered full decode", arguments: [false, true])
    func thumbnail(interlaced: Bool) throws {
        let url = try #require(Corpus.root?.appendingPathComponent(interlaced ? "png/pngsuite/basi6a08.png"
                                                                             : "png/pngsuite/basn6a08.png"))
        let data = try Data(contentsOf: url)
        let full = try PNGDecoder().decode(data, options: DecodeOptions())
        for size in [PixelSize(width: 8, height: 8), PixelSize(width: 5, height: 7), PixelSize(width: 1, height: 1)] {
            var options = DecodeOptions()
            options.thumbnailPixelSize = size
            options.preserveAspectRatio = false
            let thumbnail = try PNGDecoder().decode(data, options: options)
            #expect(thumbnail.pixelSize == size)
            #expect(thumbnail.firstFrame == AreaFilterReference.resize(full.firstFrame, to: size))
        }
    }

    @Test("a thumbnail keeps the aspect ratio and never enlarges")
    func thumbnailSizes() throws {
        let file = try PNGEncoder.encode(H.gradientNoise(width: 300, height: 100))
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 60, height: 60)
        #expect(try PNGDecoder().decode(file, options: options).pixelSize == PixelSize(width: 60, height: 20))
        options.thumbnailPixelSize = PixelSize(width: 1000, height: 1000)
        #expect(try PNGDecoder().decode(file, options: options).pixelSize == PixelSize(width: 300, height: 100))
    }

    @Test("one decoder instance decodes on many threads at once")
    func concurrentDecodes() throws {
        let file = try PNGEncoder.encode(H.gradientNoise(width: 64, height: 64, seed: 8))
        let expected = try PNGDecoder().decode(file, options: DecodeOptions()).firstFrame
        let decoder = PNGDecoder()
        let results = Locked([PixelBuffer?](repeating: nil, count: 16))
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let pixels = try? decoder.decode(file, options: DecodeOptions()).firstFrame
            results.withLock { $0[index] = pixels }
        }
        #expect(results.withLock { $0 }.allSatisfy { $0 == expected })
    }

    @Test("the box filter averages blocks and weights colour by alpha")
    func boxFilter() {
        // Four 1×1 blocks of a 2×2 image shrink to one pixel: opaque red and three transparent
        // pixels whose colour must not leak in.
        let source = PixelBuffer(width: 2, height: 2, bytes: [255, 0, 0, 255, 0, 255, 0, 0, 0, 0, 255, 0, 9, 9, 9, 0])
        let one = StreamingResampler.resize(source, to: PixelSize(width: 1, height: 1))
        #expect(one.bytes == [255, 0, 0, 64])
        let gray = PixelBuffer(width: 3, height: 1, bytes: [0, 0, 0, 255, 100, 100, 100, 255, 200, 200, 200, 255])
        #expect(StreamingResampler.resize(gray, to: PixelSize(width: 1, height: 1)).bytes == [100, 100, 100, 255])
    }
}
