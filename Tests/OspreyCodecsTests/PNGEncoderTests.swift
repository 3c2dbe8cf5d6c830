import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

@Suite("PNG encoder", .offCooperativePool)
struct PNGEncoderTests {
    /// The colour type byte of an encoded file's IHDR.
    static func colorType(of data: Data) -> UInt8 { data[data.startIndex + 25] }

    @Test("encode then decode is pixel-exact at every level", arguments: [0, 1, 4, 6, 9])
    func roundTripLevels(level: Int) throws {
        let pixels = PNGTestHelpers.gradientNoise(width: 97, height: 61, seed: UInt64(level))
        let data = try PNGEncoder.encode(pixels, level: level)
        #expect(ImageFormat.detect(data) == .png)
        let decoded = try PNGDecoder().decode(data, options: DecodeOptions())
        #expect(decoded.firstFrame == pixels)
        #expect(decoded.frames.count == 1)
    }

    @Test("the smallest lossless colour type is chosen", arguments: [
        ([10, 10, 10, 255], UInt8(0)),    // grey, opaque
        ([10, 20, 30, 255], 2),           // colour, opaque
        ([10, 10, 10, 128], 4),           // grey with alpha
        ([10, 20, 30, 0], 6),             // colour with alpha
    ] as [([UInt8], UInt8)])
    func colorTypes(pixel: [UInt8], expected: UInt8) throws {
        var pixels = PNGTestHelpers.solid(width: 9, height: 5, pixel)
        pixels[4, 2] = (pixel[0] &+ 3, pixel[1] &+ 3, pixel[2] &+ 3, pixel[3])
        let data = try PNGEncoder.encode(pixels)
        #expect(Self.colorType(of: data) == expected)
        #expect(try PNGDecoder().decode(data, options: DecodeOptions()).firstFrame == pixels)
    }

    @Test("odd sizes, a single pixel and a single row round-trip", arguments: [
        (1, 1), (1, 300), (300, 1), (3, 3), (255, 2), (17, 129),
    ])
    func odd(width: Int, height: Int) throws {
        let pixels = PNGTestHelpers.gradientNoise(width: width, height: height, seed: 42)
        let decoded = try PNGDecoder().decode(try PNGEncoder.encode(pixels), options: DecodeOptions())
        #expect(decoded.firstFrame == pixels)
    }

    @Test("flat images compress to a few hundred bytes")
    func flatCompresses() throws {
        let data = try PNGEncoder.encode(PNGTestHelpers.solid(width: 512, height: 512, [0, 128, 255, 255]))
        #expect(data.count < 2000)
    }

    @Test("an animated image becomes an APNG that decodes to the same frames")
    func animatedRoundTrip() throws {
        let frames = (0..<4).map { index in
            ImageFrame(pixels: PNGTestHelpers.gradientNoise(width: 40, height: 30, seed: UInt64(index)),
                       duration: [0.1, 0.25, 1.5, 0.04][index])
        }
        let image = DecodedImage(frames: frames, format: .png, loopCount: 3)
        let data = try PNGEncoder().encode(image, format: .png)
        let decoded = try PNGDecoder().decode(data, options: DecodeOptions())
        #expect(decoded.frames.map(\.pixels) == frames.map(\.pixels))
        #expect(decoded.frames.map(\.duration) == frames.map(\.duration))
        #expect(decoded.loopCount == 3)
        var firstOnly = DecodeOptions()
        firstOnly.firstFrameOnly = true
        let poster = try PNGDecoder().decode(data, options: firstOnly)
        #expect(poster.frames.count == 1)
        #expect(poster.firstFrame == frames[0].pixels)
    }

    @Test("the registry encodes PNG; other formats and empty images are refused")
    func registryAndErrors() throws {
        let image = DecodedImage(pixels: PNGTestHelpers.gradientNoise(width: 8, height: 8))
        let data = try ImageCoders.shared.encode(image, format: .png)
        #expect(try ImageCoders.shared.decode(data).firstFrame == image.firstFrame)
        #expect(PNGEncoder().canEncode(.png))
        #expect(!PNGEncoder().canEncode(.jpeg))
        #expect(throws: ImageError.self) { try PNGEncoder().encode(image, format: .jpeg) }
        do {
            _ = try PNGEncoder.encode(PixelBuffer(width: 0, height: 0))
            Issue.record("an empty image encoded")
        } catch {
            #expect(error.code == .badImageData)
        }
    }

    @Test("the encoder's files decode with Python's zlib and match PNG's layout",
          .enabled(if: PNGTestHelpers.pythonZlibAvailable, "needs python3 with zlib"))
    func independentInflate() throws {
        let pixels = PNGTestHelpers.gradientNoise(width: 64, height: 48, seed: 9)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("image.png")
        try PNGEncoder.encode(pixels).write(to: file)
        // Python walks the chunks, checks each CRC, inflates the joined IDAT and reports the size.
        let script = """
        import sys, struct, zlib
        data = open(sys.argv[1], 'rb').read()
        pos, idat = 8, b''
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 4:pos + 8 + length]
            assert zlib.crc32(body) == struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])[0]
            if kind == b'IDAT': idat += data[pos + 8:pos + 8 + length]
            pos += 12 + length
        print(len(zlib.decompress(idat)))
        """
        let size = try PNGTestHelpers.runPython(script, arguments: [file.path])
        #expect(size == String(48 * (1 + 64 * 4)))
    }
}
