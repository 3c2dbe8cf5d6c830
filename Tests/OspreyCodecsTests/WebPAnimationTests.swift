import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// WebP animations: offsets, durations, blend / no blend, dispose none / background, loop
/// count, key frames, budgets, `firstFrameOnly` and thumbnails. Synthetic files come from
/// ``WebPTestWriter``; their frames are compared with Pillow's (libwebp's `WebPAnimDecoder`)
/// where Pillow is installed, and checked pixel by pixel on the opaque parts everywhere.
@Suite("WebP animation", .offCooperativePool)
struct WebPAnimationTests {
    static func solid(_ width: Int, _ height: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) -> PixelBuffer {
        PixelBuffer(width: width, height: height,
                    bytes: Array((0..<width * height).map { _ in [rgba.0, rgba.1, rgba.2, rgba.3] }.joined()))
    }

    /// A noisy, partly transparent frame (alpha 0…255), deterministic.
    static func noise(_ width: Int, _ height: Int, seed: UInt32) -> PixelBuffer {
        var state = seed
        var bytes: [UInt8] = []
        for _ in 0..<width * height * 4 {
            state = state &* 1_103_515_245 &+ 12_345
            bytes.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }

    /// Every case the composer distinguishes: a full opaque key frame, a blended partly
    /// transparent frame, a non-blended frame disposed to background, a blended frame over
    /// the cleared rectangle (copied there, blended elsewhere), a frame after a full-canvas clear.
    static let sample: [UInt8] = WebPTestWriter.animationFile(canvas: PixelSize(width: 12, height: 10), frames: [
        .init(pixels: noise(12, 10, seed: 1).withAlpha(255), milliseconds: 40),
        .init(pixels: noise(6, 4, seed: 2), x: 2, y: 2, milliseconds: 5),
        .init(pixels: solid(4, 4, (0, 200, 0, 255)), x: 6, y: 4, milliseconds: 70, blend: false, disposeToBackground: true),
        .init(pixels: noise(8, 6, seed: 3), x: 4, y: 2, milliseconds: 80, disposeToBackground: true),
        .init(pixels: noise(12, 10, seed: 4), milliseconds: 90, disposeToBackground: true),
        .init(pixels: noise(6, 6, seed: 5), x: 2, y: 2, milliseconds: 100),
    ], loops: 3)

    @Test("offsets, durations, loop count, blend and dispose on opaque pixels")
    func structure() throws {
        let image = try WebPDecoder().decode(Data(Self.sample), options: DecodeOptions())
        #expect(image.format == .webp)
        #expect(image.pixelSize == PixelSize(width: 12, height: 10))
        #expect(image.frames.count == 6)
        #expect(image.loopCount == 3)
        #expect(image.frames.map(\.duration) == [0.04, 0.1, 0.07, 0.08, 0.09, 0.1])
        // Frame 2: the green square replaced its area (no blend) …
        #expect(image.frames[2].pixels[7, 5] == (0, 200, 0, 255))
        // … and was cleared before frame 3, which is copied (not blended) over the cleared area:
        let frame3 = Self.noise(8, 6, seed: 3)
        #expect(image.frames[3].pixels[7, 5] == frame3[3, 3])
        // Frame 0 is opaque noise everywhere; frame 1 kept it outside its rectangle.
        #expect(image.frames[1].pixels[0, 0] == image.frames[0].pixels[0, 0])
    }

    @Test("frames equal Pillow's (libwebp WebPAnimDecoder) exactly", .enabled(if: WebPPillow.available, "needs Pillow"))
    func matchesPillow() throws {
        let image = try WebPDecoder().decode(Data(Self.sample), options: DecodeOptions())
        let expected = try WebPPillow.frameDigests(Self.sample)
        #expect(image.frames.map(\.pixels.rgbaSHA256) == expected)
    }

    @Test("the vendored animations: frame count, loop count and every frame exact")
    func vendored() throws {
        for name in ["random_lossless.webp", "random_lossy.webp"] {
            let path = "webp/image-webp/animated/\(name)"
            let url = try #require(Corpus.file(path))
            let entry = try #require(Corpus.manifest[path])
            do {
                let image = try WebPDecoder().decode(try Data(contentsOf: url), options: DecodeOptions())
                #expect(image.frames.count == entry.frames)
                #expect(image.loopCount == 0)
                #expect(image.frames.map(\.pixels.rgbaSHA256) == entry.frame_rgba_sha256, "\(name)")
            } catch where (error as? ImageError)?.underlying is VP8NotYetAvailable {
                #expect(name == "random_lossy.webp", "only the lossy animation may wait for VP8Decoder")
            }
        }
    }

    @Test("firstFrameOnly composes frame 0 alone, as a still image")
    func firstFrameOnly() throws {
        var options = DecodeOptions()
        options.firstFrameOnly = true
        let image = try WebPDecoder().decode(Data(Self.sample), options: options)
        let all = try WebPDecoder().decode(Data(Self.sample), options: DecodeOptions())
        #expect(image.frames.count == 1)
        #expect(image.frames[0].duration == 0)
        #expect(image.loopCount == 0)
        #expect(!image.framesDroppedByBudget)
        #expect(image.firstFrame == all.firstFrame)
    }

    @Test("an animation over the memory or work budget falls back to its first frame")
    func budget() throws {
        for shrink in [\DecodeOptions.animationMemoryBudget, \DecodeOptions.decodeWorkBudget] {
            var options = DecodeOptions()
            options[keyPath: shrink] = 12 * 10 * 4   // less than two frames' worth
            let image = try WebPDecoder().decode(Data(Self.sample), options: options)
            #expect(image.frames.count == 1)
            #expect(image.framesDroppedByBudget)
        }
    }

    @Test("a thumbnail shrinks every frame")
    func thumbnail() throws {
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 6, height: 6)
        let image = try WebPDecoder().decode(Data(Self.sample), options: options)
        #expect(image.frames.count == 6)
        #expect(image.pixelWidth <= 6 && image.pixelHeight <= 6)
    }

    @Test("a truncated animation keeps the frames that arrived, or fails cleanly")
    func truncated() throws {
        let file = Self.sample
        for length in stride(from: 0, to: file.count, by: 7) {
            do {
                let image = try WebPDecoder().decode(Data(file.prefix(length)), options: DecodeOptions())
                #expect(image.frames.count <= 6)
            } catch {
                #expect(error.code == .badImageData, "cut at \(length): \(error)")
            }
        }
    }
}

extension PixelBuffer {
    /// A copy with every alpha set to `alpha`.
    func withAlpha(_ alpha: UInt8) -> PixelBuffer {
        var copy = self
        for index in stride(from: 3, to: copy.bytes.count, by: 4) { copy.bytes[index] = alpha }
        return copy
    }
}

/// Pillow (over libwebp) as a reference decoder for synthetic files.
enum WebPPillow {
    static let available: Bool = {
        (try? PNGTestHelpers.runPython("from PIL import WebPImagePlugin, features; print(features.check('webp'))",
                                       arguments: [])) == "True"
    }()

    /// The RGBA SHA-256 of every frame Pillow decodes from `file`.
    static func frameDigests(_ file: [UInt8]) throws -> [String] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-webp-\(UUID().uuidString).webp")
        try Data(file).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let script = """
        import sys, hashlib
        from PIL import Image
        im = Image.open(sys.argv[1])
        for i in range(getattr(im, 'n_frames', 1)):
            im.seek(i)
            print(hashlib.sha256(im.convert('RGBA').tobytes()).hexdigest())
        """
        return try PNGTestHelpers.runPython(script, arguments: [url.path]).split(separator: "\n").map(String.init)
    }
}
