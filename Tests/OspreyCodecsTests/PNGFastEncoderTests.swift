import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The PNG encoder's fast mode: pixel-exact, a standard zlib stream, and the options API.
@Suite("PNG encoder, fast mode", .offCooperativePool)
struct PNGFastEncoderTests {
    @Test("fast PNGs decode pixel-exact at odd sizes and every colour type",
          arguments: [(1, 1), (17, 9), (64, 48), (3, 200), (1100, 70)])
    func roundTrip(width: Int, height: Int) throws {
        for opaque in [false, true] {
            let pixels = PNGTestHelpers.gradientNoise(width: width, height: height, opaque: opaque)
            let data = try PNGEncoder.encode(pixels, level: 6, fast: true)
            #expect(try PNGDecoder().decode(data, options: DecodeOptions()).firstFrame == pixels)
        }
        var grey = PixelBuffer(width: width, height: height)
        for y in 0..<height { for x in 0..<width { grey[x, y] = (UInt8(x % 256), UInt8(x % 256), UInt8(x % 256), 255) } }
        #expect(try PNGDecoder().decode(PNGEncoder.encode(grey, level: 6, fast: true), options: DecodeOptions()).firstFrame == grey)
    }

    @Test("rows outside the sampled ones (the Huffman code's sample) still encode: every symbol has a code")
    func unsampledSymbols() throws {
        // Rows 0, 8, 16, … are flat; the others are noise with every byte value and run length.
        var pixels = PixelBuffer(width: 300, height: 64)
        var generator = SeededGenerator(seed: 9)
        for y in 0..<64 {
            var x = 0
            while x < 300 {
                let value = UInt8(truncatingIfNeeded: generator.next())
                let run = y % 8 == 0 ? 300 : Int(generator.next() % 70) + 1
                for _ in 0..<run where x < 300 {
                    pixels[x, y] = y % 8 == 0 ? (9, 9, 9, 255) : (value, value &* 3, value &+ 1, UInt8(truncatingIfNeeded: generator.next()))
                    x += 1
                }
            }
        }
        let data = try PNGEncoder.encode(pixels, level: 6, fast: true)
        #expect(try PNGDecoder().decode(data, options: DecodeOptions()).firstFrame == pixels)
    }

    @Test("flat and repetitive images compress well in the fast mode")
    func flat() throws {
        let pixels = PixelBuffer(width: 500, height: 400, bytes: [UInt8](repeating: 200, count: 500 * 400 * 4))
        let data = try PNGEncoder.encode(pixels, level: 6, fast: true)
        #expect(data.count < 5_000)
    }

    @Test("options select the fast mode and the level through the registry; the stream inflates with Python's zlib",
          .enabled(if: PNGTestHelpers.pythonZlibAvailable, "needs python3 with zlib"))
    func options() throws {
        let pixels = PNGTestHelpers.gradientNoise(width: 40, height: 30, seed: 4)
        let image = DecodedImage(pixels: pixels)
        let fast = try ImageCoders.shared.encode(image, format: .png, options: ImageEncodeOptions(fastPNG: true))
        let stored = try ImageCoders.shared.encode(image, format: .png, options: ImageEncodeOptions(compressionLevel: 0))
        #expect(stored.count > fast.count)
        #expect(try PNGDecoder().decode(fast, options: DecodeOptions()).firstFrame == pixels)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-fastpng-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("fast.png")
        try fast.write(to: file)
        let script = """
        import sys, struct, zlib
        data = open(sys.argv[1], 'rb').read()
        pos, idat = 8, b''
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            if kind == b'IDAT': idat += data[pos + 8:pos + 8 + length]
            pos += 12 + length
        print(len(zlib.decompress(idat)))
        """
        #expect(try PNGTestHelpers.runPython(script, arguments: [file.path]) == String(30 * (1 + 40 * 4)))
    }

    @Test("incompressible pixels outgrow the first output guess and span several IDAT chunks, all CRC-checked on decode")
    func growthAndChunks() throws {
        var generator = SeededGenerator(seed: 77)
        let pixels = PixelBuffer(width: 600, height: 300,
                                 bytes: (0..<600 * 300 * 4).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        let data = try PNGEncoder.encode(pixels, level: 6, fast: true)
        // Noise does not compress: the stream is larger than the photo-sized guess (5/8 of the rows).
        #expect(data.count > 600 * 300 * 4 / 8 * 5)
        #expect(try PNGDecoder().decode(data, options: DecodeOptions()).firstFrame == pixels)
        let bytes = [UInt8](data)
        var position = 8, imageChunks = 0
        while position + 8 <= bytes.count {
            let length = bytes[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[position + 4..<position + 8], as: UTF8.self) == "IDAT" { imageChunks += 1 }
            position += 12 + length
        }
        #expect(position == bytes.count)
        #expect(imageChunks >= 2)
    }

    @Test("an animation in the fast mode: frame data chunks numbered in sequence, frames decode pixel-exact")
    func animatedFast() throws {
        let frames = (0..<3).map { index in
            ImageFrame(pixels: PNGTestHelpers.gradientNoise(width: 300, height: 120, seed: UInt64(index + 40)), duration: 0.1)
        }
        let image = DecodedImage(frames: frames, format: .png, loopCount: 0)
        let data = try PNGEncoder(level: 6, fast: true).encode(image, format: .png)
        let decoded = try PNGDecoder().decode(data, options: DecodeOptions())
        #expect(decoded.frames.map(\.pixels) == frames.map(\.pixels))
    }
}
