import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
import OspreyCodecs
import OspreyTestSupport

/// The Mozilla and jpeg-decoder reftests (`jpeg/reftest/**.jpg`, each beside
/// an ImageMagick decode `.png`) must come out within PSNR ≥ 40 dB. They live only in the shared
/// corpus (their provenance keeps them out of the vendored set), so the test runs when it is
/// present; `disabled.list` names the files the upstream suite skips (and one PNG in disguise).
@Suite("JPEG reftests against ImageMagick", .offCooperativePool)
struct JPEGReftestTests {
    static let folder = "jpeg/reftest"

    /// Pairs of (jpeg, png) relative paths in the shared corpus, minus the disabled ones.
    static var pairs: [(String, String)] {
        guard let root = Corpus.sharedRoot else { return [] }
        let base = root.appendingPathComponent(folder)
        let disabled = Set(((try? String(contentsOf: base.appendingPathComponent("disabled.list"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") })
        return Corpus.files(below: root, folder: folder, extensions: ["jpg"]).compactMap { url in
            let relative = String(url.path.dropFirst(base.path.count + 1))
            let png = url.deletingPathExtension().appendingPathExtension("png")
            guard !disabled.contains(relative), FileManager.default.fileExists(atPath: png.path) else { return nil }
            return (Corpus.relativePath(url), Corpus.relativePath(png))
        }
    }

    @Test("every enabled reftest JPEG is within 40 dB PSNR of its ImageMagick decode",
          .enabled(if: Corpus.hasSharedCorpus, "the reftests are only in the shared corpus"))
    func reftests() throws {
        let pairs = Self.pairs
        #expect(pairs.count >= 25)
        var failures: [String] = []
        var worst: (String, Double) = ("", .infinity)
        for (jpeg, png) in pairs {
            do {
                let data = try JPEGTestSupport.corpusData(jpeg)
                // Decoded through the registry: `mozilla/jpg-size-6x6.jpg` is a PNG (disabled
                // upstream, and sniffed correctly here), any other non-JPEG would show up too.
                let image = try ImageCoders.shared.decode(data, options: DecodeOptions())
                let expected = try PNGDecoder().decode(try JPEGTestSupport.corpusData(png), options: DecodeOptions()).firstFrame
                guard image.pixelSize == expected.size else {
                    failures.append("\(jpeg): size \(image.pixelSize) vs \(expected.size)")
                    continue
                }
                let score = JPEGTestSupport.psnr(image.firstFrame, expected)
                if score < worst.1 { worst = (jpeg, score) }
                if score < 40 { failures.append("\(jpeg): \(String(format: "%.2f", score)) dB") }
            } catch {
                failures.append("\(jpeg): \(error)")
            }
        }
        print("JPEG reftests: \(pairs.count) files, worst \(worst.0) at \(String(format: "%.2f", worst.1)) dB")
        #expect(failures.isEmpty, "\(failures.count) files: \(failures.joined(separator: "; "))")
    }
}
