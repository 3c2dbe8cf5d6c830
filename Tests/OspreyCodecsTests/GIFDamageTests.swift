import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Damaged GIFs end cleanly: truncated frames show what arrived, bad codes and bad minimum
/// code sizes end the frame or the animation, floods of empty blocks end, and seeded
/// mutations of the corpus decode or throw an `ImageError` (never trap or hang).
@Suite("GIF damage", .timeLimit(.minutes(20)), .cpuBound)
struct GIFDamageTests {
    static let palette = GIFDecoderTests.palette

    /// Two 16 × 16 frames of incompressible indices (about one byte of data per pixel).
    static func twoFrames() -> (file: [UInt8], first: [UInt8], second: [UInt8]) {
        var generator = SeededGenerator(seed: 77)
        let first = (0..<256).map { _ in UInt8(generator.next(below: 256)) }
        let second = (0..<256).map { _ in UInt8(generator.next(below: 256)) }
        let file = GIFTestWriter.gif(width: 16, height: 16, palette: palette,
                                     frames: [GIFTestWriter.Frame(width: 16, height: 16, indices: first, delay: 10),
                                              GIFTestWriter.Frame(width: 16, height: 16, indices: second, delay: 10)])
        return (file, first, second)
    }

    @Test("a truncated last frame shows the rows that arrived over the frame before")
    func truncatedLastFrame() throws {
        let (file, first, second) = Self.twoFrames()
        // The second frame starts where a file of the first frame alone would end.
        let secondStart = GIFTestWriter.gif(width: 16, height: 16, palette: Self.palette,
                                            frames: [GIFTestWriter.Frame(width: 16, height: 16, indices: first, delay: 10)],
                                            trailer: false).count
        // Cut in the middle of the second frame's data.
        let cut = Array(file.prefix(secondStart + 10 + (file.count - secondStart) / 2))
        let image = try GIFDecoderTests.decode(cut)
        #expect(image.frames.count == 2)
        let shown = image.frames[1].pixels.bytes
        let expectedTop = GIFDecoderTests.rgba(Array(second.prefix(16)))
        let expectedBottom = GIFDecoderTests.rgba(Array(first.suffix(16)))
        #expect(Array(shown.prefix(64)) == expectedTop, "the first row arrived")
        #expect(Array(shown.suffix(64)) == expectedBottom, "the last row did not: frame 0 shows through")
    }

    @Test("every truncation of a two-frame GIF decodes what arrived or throws badImageData")
    func everyTruncation() throws {
        let (file, _, _) = Self.twoFrames()
        var decoded = 0
        for length in 0..<file.count {
            do {
                let image = try GIFDecoder().decode(Data(file.prefix(length)), options: DecodeOptions())
                #expect(image.frames.count <= 2 && image.pixelSize == PixelSize(width: 16, height: 16))
                decoded += 1
            } catch {
                #expect(error.code == .badImageData)
            }
        }
        #expect(decoded >= 500, "every cut after the first frame's first data bytes decodes")
    }

    @Test("a bad minimum code size: alone it is badImageData, later it ends the animation",
          arguments: [0, 9, 12, 255])
    func badMinimumCodeSize(size: Int) throws {
        var bad = GIFTestWriter.Frame(width: 2, height: 2, indices: [1, 2, 3, 4])
        bad.minimumCodeSize = size
        bad.rawData = GIFTestWriter.lzw([1, 2, 3, 4], minimumCodeSize: 8)
        let alone = GIFTestWriter.gif(width: 2, height: 2, palette: Self.palette, frames: [bad])
        #expect(GIFDecoderTests.failure(alone) == .badImageData)
        let good = GIFTestWriter.Frame(width: 2, height: 2, indices: [5, 6, 7, 8])
        let image = try GIFDecoderTests.decode(GIFTestWriter.gif(width: 2, height: 2, palette: Self.palette,
                                                                 frames: [good, bad, good]))
        #expect(image.frames.count == 1 && image.firstFrame.bytes == GIFDecoderTests.rgba([5, 6, 7, 8]))
    }

    @Test("a code out of range ends the frame: the pixels before it show")
    func codeOutOfRange() throws {
        // Minimum code size 2: clear (4), literals 1, 2, 3 (adding codes 6 and 7, so codes
        // are 4 bits wide from here and the next free code is 8), then code 15: out of range.
        var packer = GIFTestWriter.BitPacker()
        for code in [4, 1, 2, 3] { packer.write(code, bits: 3) }
        packer.write(15, bits: 4)
        packer.write(1, bits: 4)    // never read
        var frame = GIFTestWriter.Frame(width: 5, height: 1, indices: [], minimumCodeSize: 2)
        frame.rawData = packer.flushed
        let image = try GIFDecoderTests.decode(GIFTestWriter.gif(width: 5, height: 1, palette: Self.palette, frames: [frame]))
        let bytes = image.firstFrame.bytes
        #expect(Array(bytes.prefix(12)) == GIFDecoderTests.rgba([1, 2, 3]))
        #expect(bytes[15] == 0 && bytes[19] == 0, "pixels that never arrived stay transparent")
    }

    @Test("a flood of empty blocks and stray bytes after a frame ends with that frame")
    func floodOfEmptyBlocks() throws {
        var file = GIFTestWriter.gif(width: 2, height: 2, palette: Self.palette,
                                     frames: [GIFTestWriter.Frame(width: 2, height: 2, indices: [1, 2, 3, 4])], trailer: false)
        for _ in 0..<100_000 { file += [0x21, 0xFE, 0x00, 0x00] }
        let image = try GIFDecoderTests.decode(file)
        #expect(image.frames.count == 1 && image.firstFrame.bytes == GIFDecoderTests.rgba([1, 2, 3, 4]))
    }

    @Test("tens of thousands of empty frames play lazily within the budgets, or fall back to the first frame")
    func floodOfEmptyFrames() throws {
        var file = GIFTestWriter.gif(width: 100, height: 100, palette: Self.palette,
                                     frames: [GIFTestWriter.Frame(width: 1, height: 1, indices: [9])], trailer: false)
        // 0 × 0 image descriptors, each with a minimum code size and an empty data stream.
        let empty: [UInt8] = [0x2C, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]
        for _ in 0..<50_000 { file += empty }
        // One pass reads the 100 × 100 canvas 50,001 times: within the default work budget,
        // so the frames are kept lazily (all of them composed would be 2 GB).
        let image = try GIFDecoderTests.decode(file)
        #expect(image.isLazy && image.frameCount == 50_001 && !image.framesDroppedByBudget)
        // The frame records (96 bytes each: 4.8 MB) and at most 4 MiB of keyframes, plus cursors
        // and window of 100 × 100.
        #expect(image.cost < 10 * 1024 * 1024)
        #expect(image.frame(at: 50_000).pixels == image.firstFrame)
        var options = DecodeOptions()
        options.decodeWorkBudget = 50_000 * 100 * 100
        let first = try GIFDecoderTests.decode(file, options: options)
        #expect(first.frameCount == 1 && first.framesDroppedByBudget)
    }

    @Test("seeded mutations of every corpus GIF decode or throw a decoding error")
    func seededMutations() throws {
        let files = Corpus.files(in: "gif", extensions: ["gif"]).compactMap { try? [UInt8](Data(contentsOf: $0)) }
        #expect(files.count >= 13)
        var generator = SeededGenerator(seed: 0x61F)
        var decoded = 0, total = 0
        for file in files {
            for round in 0..<150 {
                var bytes = file
                for _ in 0..<(1 + generator.next(below: 8)) {
                    let at = generator.next(below: bytes.count)
                    switch generator.next(below: 4) {
                    case 0: bytes[at] = UInt8(generator.next(below: 256))
                    case 1: bytes[at] ^= UInt8(1 << generator.next(below: 8))
                    case 2: bytes.removeSubrange(at..<min(bytes.count, at + 1 + generator.next(below: 16)))
                    default: bytes.insert(contentsOf: [UInt8](repeating: UInt8(generator.next(below: 256)), count: 1 + generator.next(below: 8)), at: at)
                    }
                    if bytes.isEmpty { bytes = [0] }
                }
                var options = DecodeOptions()
                options.maxPixelCount = 1 << 22
                options.firstFrameOnly = round % 3 == 1
                if round % 3 == 2 { options.thumbnailPixelSize = PixelSize(width: 7, height: 5) }
                total += 1
                do {
                    let image = try GIFDecoder().decode(Data(bytes), options: options)
                    let size = image.pixelWidth * image.pixelHeight * 4
                    #expect(image.frames.allSatisfy { $0.pixels.bytes.count == size })
                    decoded += 1
                } catch {
                    #expect([.badImageData, .imageTooLarge].contains(error.code))
                }
            }
        }
        #expect(decoded > total / 4, "most mutations keep a decodable frame (\(decoded) of \(total))")
    }
}
