import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// WebP lossless (VP8L) against libwebp: every lossless file of the corpus (the vendored
/// libwebp-test-data, plus image-webp's when the shared corpus is present) must decode to the
/// manifest's `rgba_sha256` (Pillow over libwebp) exactly.
@Suite("WebP lossless", .offCooperativePool)
struct WebPLosslessTests {
    /// The corpus's WebP files whose first image chunk is `VP8L`, or whose VP8X image is lossless.
    static func losslessFiles() -> [URL] {
        Corpus.files(in: "webp", extensions: ["webp"]).filter { url in
            guard let data = try? Data(contentsOf: url) else { return false }
            let container = try? WebPContainer([UInt8](data))
            return container?.still?.lossless == true
                || (container?.frames.isEmpty == false && container!.frames.allSatisfy(\.image.lossless))
        }
    }

    @Test("every lossless corpus file equals libwebp's pixels exactly")
    func corpusExact() throws {
        var failures: [String] = []
        var checked = 0
        for url in Self.losslessFiles() {
            let path = Corpus.relativePath(url)
            guard let entry = Corpus.manifest[path], entry.reference_ok == true else { continue }
            checked += 1
            do {
                let image = try WebPDecoder().decode(try Data(contentsOf: url), options: DecodeOptions())
                if image.pixelWidth != entry.width || image.pixelHeight != entry.height {
                    failures.append("\(path): size \(image.pixelSize)")
                } else if image.firstFrame.rgbaSHA256 != entry.rgba_sha256 {
                    failures.append("\(path): pixels differ")
                }
                if let frames = entry.frame_rgba_sha256 {
                    let got = image.frames.map(\.pixels.rgbaSHA256)
                    if got != frames { failures.append("\(path): frames differ (\(got.count) vs \(frames.count))") }
                }
            } catch {
                failures.append("\(path): \(error)")
            }
        }
        // 26 vendored VP8L files; the shared corpus adds image-webp's regression and animated ones.
        #expect(checked >= (Corpus.hasSharedCorpus ? 31 : 26))
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
