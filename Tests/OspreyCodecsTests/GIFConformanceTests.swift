import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The gif-test-suite (vendored in `Tests/Fixtures/gif`) against its expected composited
/// frames (`frames/NAME-i.png`, browsers' rendering: "restore to background" clears to
/// transparent), and every GIF of the corpus against the manifest's frame 0.
///
/// The expected PNGs are palette images whose fully transparent pixels carry arbitrary colours
/// (e.g. (255, 160, 122, 0)); Osprey writes transparent as (0, 0, 0, 0). Both sides are
/// therefore compared with the colour of alpha-0 pixels zeroed: every visible pixel and every
/// alpha value must still match exactly.
@Suite("GIF conformance", .offCooperativePool)
struct GIFConformanceTests {
    static let suiteFiles = Corpus.files(in: "gif/gif-test-suite", extensions: ["gif"])

    /// The expected frames of `gif`: `frames/NAME-0.png`, `-1`, … or `frames/NAME.png` for a still.
    static func expectedFrames(of gif: URL) throws -> [PixelBuffer] {
        let folder = gif.deletingLastPathComponent().appendingPathComponent("frames")
        let name = gif.deletingPathExtension().lastPathComponent
        let still = folder.appendingPathComponent("\(name).png")
        if FileManager.default.fileExists(atPath: still.path) {
            return [canonical(try PNGDecoder().decode(Data(contentsOf: still), options: DecodeOptions()).firstFrame)]
        }
        var frames: [PixelBuffer] = []
        while true {
            let url = folder.appendingPathComponent("\(name)-\(frames.count).png")
            guard FileManager.default.fileExists(atPath: url.path) else { return frames }
            frames.append(canonical(try PNGDecoder().decode(Data(contentsOf: url), options: DecodeOptions()).firstFrame))
        }
    }

    /// `pixels` with the colour of every fully transparent pixel set to 0.
    static func canonical(_ pixels: PixelBuffer) -> PixelBuffer {
        var bytes = pixels.bytes
        for pixel in stride(from: 0, to: bytes.count, by: 4) where bytes[pixel + 3] == 0 {
            bytes[pixel] = 0; bytes[pixel + 1] = 0; bytes[pixel + 2] = 0
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, bytes: bytes)
    }

    @Test("the vendored gif-test-suite is there")
    func suitePresent() {
        #expect(Self.suiteFiles.count == 13)
    }

    @Test("every gif-test-suite frame equals its expected PNG exactly")
    func suiteFramesMatch() throws {
        var failures: [String] = []
        for url in Self.suiteFiles {
            let name = url.lastPathComponent
            let expected = try Self.expectedFrames(of: url)
            let image = try GIFDecoder().decode(try Data(contentsOf: url), options: DecodeOptions())
            #expect(image.format == .gif)
            guard image.frames.count == expected.count else {
                failures.append("\(name): \(image.frames.count) frames, expected \(expected.count)")
                continue
            }
            for (index, (frame, want)) in zip(image.frames, expected).enumerated() where Self.canonical(frame.pixels) != want {
                failures.append("\(name) frame \(index) differs")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
    }

    @Test("every corpus GIF's frame 0 and frame count match the manifest")
    func corpusFrameZero() throws {
        var failures: [String] = []
        var checked = 0
        for url in Corpus.files(in: "gif", extensions: ["gif"]) {
            let path = Corpus.relativePath(url)
            guard let entry = Corpus.manifest[path], entry.reference_ok == true else { continue }
            // Pillow grows the logical screen to hold a frame outside it (as Chrome does);
            // Osprey clips, as the suite's reference frames (Firefox) show: checked above.
            if path.hasSuffix("frames_out_of_bounds.gif") { continue }
            checked += 1
            do {
                let image = try GIFDecoder().decode(try Data(contentsOf: url), options: DecodeOptions())
                if image.pixelWidth != entry.width || image.pixelHeight != entry.height {
                    failures.append("\(path): size \(image.pixelSize)")
                } else if image.firstFrame.rgbaSHA256 != entry.rgba_sha256 {
                    failures.append("\(path): frame 0 differs")
                }
                if let frames = entry.frames, frames != image.frames.count {
                    failures.append("\(path): \(image.frames.count) frames, manifest \(frames)")
                }
            } catch {
                failures.append("\(path): \(error)")
            }
        }
        #expect(checked >= 12)
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
    }

    @Test("delays and loop counts as browsers play them")
    func delaysAndLoops() throws {
        let loop = try decode("gif/gif-test-suite/animated_loop.gif")
        #expect(loop.loopCount == 0)
        #expect(loop.isAnimated)
        let noLoop = try decode("gif/gif-test-suite/animated_noloop.gif")
        #expect(noLoop.loopCount == 1, "no NETSCAPE2.0 extension plays once")
        let variable = try decode("gif/gif-test-suite/animated_loop_variable_delay.gif")
        #expect(Set(variable.frames.map(\.duration)).count > 1)
        #expect(variable.frames.allSatisfy { $0.duration >= 0.02 })
        let still = try decode("gif/gif-test-suite/static_nontransparent.gif")
        #expect(!still.isAnimated && still.firstFrame.size == still.pixelSize)
        #expect(still.frames[0].duration == 0)
    }

    @Test("the registry decodes GIF through format detection")
    func registryDecodes() throws {
        let url = try #require(Corpus.file("gif/gif-test-suite/animated_loop.gif"))
        let image = try ImageCoders.shared.decode(try Data(contentsOf: url), options: DecodeOptions())
        #expect(image.format == .gif)
        #expect(ImageCoders.builtInDecoders.contains { $0 is GIFDecoder })
    }

    private func decode(_ path: String, options: DecodeOptions = DecodeOptions()) throws -> DecodedImage {
        let url = try #require(Corpus.file(path))
        return try GIFDecoder().decode(try Data(contentsOf: url), options: options)
    }
}
