import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// PngSuite and the APNG (vendored in `Tests/Fixtures`), plus the extra PNGs of the shared corpus
/// when present, against the manifest's reference decode (frame 0 as RGBA8, 16-bit samples
/// reduced with `v >> 8`).
@Suite("PNG conformance", .offCooperativePool)
struct PNGConformanceTests {
    static let pngFiles = Corpus.files(in: "png", extensions: ["png"])

    static var validFiles: [URL] {
        pngFiles.filter { !$0.lastPathComponent.hasPrefix("x") || !Corpus.relativePath($0).contains("pngsuite") }
    }

    static var corruptFiles: [URL] {
        pngFiles.filter { $0.lastPathComponent.hasPrefix("x") && Corpus.relativePath($0).contains("pngsuite") }
    }

    @Test("the corpus has the expected PNG files")
    func corpusPresent() {
        #expect(Self.corruptFiles.count == 14)
        // The vendored set alone: PngSuite's 161 valid files and the APNG, each in the manifest.
        let vendored = Corpus.files(below: Corpus.vendoredRoot, folder: "png", extensions: ["png"])
        #expect(vendored.count == 176)
        #expect(vendored.allSatisfy { Corpus.manifest[Corpus.relativePath($0)] != nil })
        #expect(Self.validFiles.count >= (Corpus.hasSharedCorpus ? 180 : 162))
    }

    @Test("every valid PNG decodes pixel-exact to the manifest")
    func validFilesMatchManifest() throws {
        var failures: [String] = []
        for url in Self.validFiles {
            let path = Corpus.relativePath(url)
            let entry = try #require(Corpus.manifest[path], "\(path) missing from the manifest")
            do {
                let image = try PNGDecoder().decode(try Data(contentsOf: url), options: DecodeOptions())
                if image.pixelWidth != entry.width || image.pixelHeight != entry.height {
                    failures.append("\(path): size \(image.pixelSize)")
                } else if image.firstFrame.rgbaSHA256 != entry.rgba_sha256 {
                    failures.append("\(path): pixels differ")
                }
                #expect(image.format == .png)
            } catch {
                failures.append("\(path): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) files: \(failures.joined(separator: "; "))")
    }

    @Test("every PngSuite x* file is rejected as bad image data")
    func corruptFilesAreRejected() throws {
        for url in Self.corruptFiles {
            let data = try Data(contentsOf: url)
            #expect(PNGTestHelpers.decodeFailure(data) == .badImageData, "\(url.lastPathComponent)")
        }
    }

    @Test("the APNG's frames match the manifest")
    func apngFrames() throws {
        for url in Corpus.files(in: "png/apng", extensions: ["png"]) {
            let path = Corpus.relativePath(url)
            let entry = try #require(Corpus.manifest[path])
            let image = try PNGDecoder().decode(try Data(contentsOf: url), options: DecodeOptions())
            #expect(image.frames.count == entry.frames)
            let expected = try #require(entry.frame_rgba_sha256)
            #expect(image.frames.map(\.pixels.rgbaSHA256) == expected, "\(path)")
            #expect(image.isAnimated)
            #expect(image.frames.allSatisfy { $0.duration > 0 })
        }
    }

    @Test("the registry decodes PNG through ImageFormat detection")
    func registryDecodes() throws {
        let url = try #require(Corpus.file("png/pngsuite/basn6a08.png"))
        let image = try ImageCoders.shared.decode(try Data(contentsOf: url), options: DecodeOptions())
        #expect(image.firstFrame.rgbaSHA256 == Corpus.manifest["png/pngsuite/basn6a08.png"]?.rgba_sha256)
        #expect(ImageCoders.builtInDecoders.contains { $0 is PNGDecoder })
    }
}
