import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
import OspreyCodecs
import OspreyTestSupport

/// Every JPEG that has a reference decode (libjpeg-turbo via Pillow, accurate IDCT, fancy
/// upsampling) must come out within PSNR ≥ 45 dB of it: the five vendored ones always (a
/// fresh clone), all 58 of the shared corpus when it is present.
@Suite("JPEG conformance", .cpuBound)
struct JPEGConformanceTests {
    @Test("every JPEG with a reference decodes within 45 dB PSNR")
    func referencesMatch() throws {
        let references = JPEGTestSupport.references
        #expect(references.count >= (Corpus.hasSharedCorpus ? 50 : 5))
        var failures: [String] = []
        var scores: [(String, Double)] = []
        for reference in references {
            do {
                let image = try JPEGTestSupport.decodeUnoriented(try JPEGTestSupport.corpusData(reference.jpeg))
                let expected = try PNGDecoder().decode(try JPEGTestSupport.corpusData(reference.png),
                                                       options: DecodeOptions()).firstFrame
                guard image.pixelSize == expected.size else {
                    failures.append("\(reference.jpeg): size \(image.pixelSize) vs \(expected.size)")
                    continue
                }
                let score = JPEGTestSupport.psnr(image.firstFrame, expected)
                scores.append((reference.jpeg, score))
                if score < 45 { failures.append("\(reference.jpeg): \(String(format: "%.2f", score)) dB") }
            } catch {
                failures.append("\(reference.jpeg): \(error)")
            }
        }
        let sorted = scores.map(\.1).sorted()
        if !sorted.isEmpty {
            let finite = sorted.map { $0.isFinite ? $0 : 99 }
            print("JPEG PSNR over \(sorted.count) files: min \(String(format: "%.2f", finite[0])) dB, "
                  + "median \(String(format: "%.2f", finite[finite.count / 2])) dB (identical counted as 99)")
            for (file, score) in scores.sorted(by: { $0.1 < $1.1 }).prefix(8) {
                print("  \(file): \(String(format: "%.2f", score)) dB")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) files: \(failures.joined(separator: "; "))")
    }
}
