import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

@Suite("ImageFormat.detect", .offCooperativePool)
struct ImageFormatDetectionTests {
    /// What each corpus file really is, by the manifest's independent sniffing (no sniffed
    /// format there means a broken signature, e.g. PngSuite's `xs1n0g01`), else by extension
    /// (the manifest lists every image; READMEs, licences and .ppm are no supported format).
    static func expectedFormat(of url: URL) -> ImageFormat {
        if let entry = Corpus.manifest[Corpus.relativePath(url)] {
            switch entry.sniffed_format?.uppercased() {
            case "PNG": return .png
            case "JPEG", "MPO": return .jpeg
            case "GIF": return .gif
            case "WEBP": return .webp
            case "BMP": return .bmp
            case "ICO", "CUR": return .ico
            default: return .unknown
            }
        }
        switch url.pathExtension.lowercased() {
        case "png": return .png
        case "jpg", "jpeg": return .jpeg
        case "gif": return .gif
        default: return .unknown
        }
    }

    @Test("every file of the corpus (vendored, and shared when present)")
    func corpus() throws {
        let files = Corpus.files()
        #expect(files.count > 300)
        var checked = 0
        for url in files {
            let data = try Data(contentsOf: url)
            #expect(ImageFormat.detect(data) == Self.expectedFormat(of: url), "\(Corpus.relativePath(url))")
            checked += 1
        }
        #expect(checked == files.count)
    }

    @Test("a PNG named .jpg is a PNG")
    func sniffsNotExtension() throws {
        // Mozilla's misnamed file lives in the shared corpus only; a vendored PNG saved under a
        // .jpg name stands in for it everywhere.
        let png = try #require(Corpus.file("png/pngsuite/basn2c08.png"))
        let renamed = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-\(UUID().uuidString).jpg")
        try Data(contentsOf: png).write(to: renamed)
        defer { try? FileManager.default.removeItem(at: renamed) }
        #expect(ImageFormat.detect(try Data(contentsOf: renamed)) == .png)
        if let mozilla = Corpus.file("jpeg/reftest/mozilla/jpg-size-6x6.jpg") {
            #expect(ImageFormat.detect(try Data(contentsOf: mozilla)) == .png)
        }
    }

    @Test("magic numbers", arguments: [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], ImageFormat.png),
        ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg),
        (Array("GIF87a".utf8), .gif),
        (Array("GIF89a".utf8) + [1, 0], .gif),
        (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), .webp),
        (Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + [40, 0, 0, 0], .bmp),
        // ICONDIR (icon), one entry of 16×16, 32-bit, 1128 bytes at offset 22.
        ([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0x68, 0x04, 0, 0, 22, 0, 0, 0], .ico),
        ([0, 0, 2, 0, 1, 0, 32, 32, 0, 0, 4, 0, 4, 0, 0x68, 0x04, 0, 0, 22, 0, 0, 0], .ico),   // a cursor
        (Array("II".utf8) + [0x2A, 0], .tiff),
        (Array("MM".utf8) + [0, 0x2A], .tiff),
        ([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8), .heic),
        ([0, 0, 0, 0x18] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1miaf".utf8), .heic),
        ([0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avifmif1miaf".utf8), .avif),
        ([0, 0, 0, 0x20] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1miafMA1Bavif".utf8), .avif),
    ] as [([UInt8], ImageFormat)])
    func magic(bytes: [UInt8], format: ImageFormat) {
        #expect(ImageFormat.detect(Data(bytes)) == format)
    }

    @Test("empty, truncated and look-alike data is unknown", arguments: [
        [], [0x89], [0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8], Array("GIF8".utf8), Array("GIF90a".utf8),
        Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVE".utf8), Array("RIFF".utf8),
        Array("BM".utf8), Array("BMW is a car, not a bitmap".utf8), Array("<html>".utf8),
        [0, 0, 1, 0], [0, 0, 1, 0, 0, 0] + [UInt8](repeating: 0, count: 16),   // an empty icon directory
        [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8),   // an MP4 video
    ] as [[UInt8]])
    func unknown(bytes: [UInt8]) {
        #expect(ImageFormat.detect(Data(bytes)) == .unknown)
    }

    @Test("every truncation of a corpus file's head is detected or unknown, never wrong")
    func truncations() throws {
        for url in Corpus.files(extensions: ["png", "gif", "jpg"]).prefix(40) {
            let data = try Data(contentsOf: url)
            let full = ImageFormat.detect(data)
            for length in 0..<min(data.count, 32) {
                let detected = ImageFormat.detect(data.prefix(length))
                #expect(detected == full || detected == .unknown)
            }
        }
    }

    @Test("detection works on a Data slice that does not start at index 0")
    func slice() {
        let data = Data([0, 0, 0] + [0xFF, 0xD8, 0xFF, 0xDB])
        #expect(ImageFormat.detect(data.dropFirst(3)) == .jpeg)
    }
}
