import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Every simple lossy WebP (a bare `VP8 ` chunk) in the fixtures, and in the shared corpus
/// when present, decodes to exactly the manifest's `rgba_sha256` (Pillow 13 / libwebp 1.6,
/// fancy upsampling).
@Suite("WebP lossy conformance", .cpuBound)
struct WebPLossyConformanceTests {
    @Test("every simple lossy WebP decodes exactly as libwebp")
    func exactDecodes() throws {
        let files = WebPLossyTestSupport.simpleLossyFiles
        #expect(files.count >= (Corpus.hasSharedCorpus ? 36 : 30))
        var failures: [String] = []
        var exact = 0
        for (url, entry) in files {
            guard let expected = entry.rgba_sha256, entry.reference_ok == true else { continue }
            let name = url.lastPathComponent
            guard let payload = WebPLossyTestSupport.vp8Payload(try Data(contentsOf: url)) else {
                failures.append("\(name): no VP8 chunk")
                continue
            }
            do {
                let image = try WebPLossyTestSupport.decode(payload)
                if image.width != entry.width || image.height != entry.height {
                    failures.append("\(name): size \(image.width)×\(image.height)")
                } else if image.rgbaSHA256 != expected {
                    failures.append("\(name): not exact")
                } else {
                    exact += 1
                }
            } catch {
                failures.append("\(name): \(error)")
            }
        }
        print("WebP lossy: \(exact) of \(files.count) exact")
        #expect(failures.isEmpty, "\(failures.count) files: \(failures.joined(separator: "; "))")
    }
}
