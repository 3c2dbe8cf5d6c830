import Foundation
import OspreyTestTraits
import Testing
import Osprey
import OspreyTestSupport

/// `osprey convert`: a photo to JPEG (baseline, progressive, thumbnail) and to PNG, each
/// decodable at the expected size; bad extensions are refused.
@Suite("osprey command-line tool, convert", .offCooperativePool)
struct CLIConvertTests {
    static let photo = Corpus.file("jpeg/subsampling/kodim23_q90_422.jpg")

    @Test("convert writes JPEG and PNG files that decode at the expected size",
          .enabled(if: CLITests.isBuilt && photo != nil, "needs the built osprey executable and the vendored photo"))
    func convert() async throws {
        let input = try #require(Self.photo)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, [String], ImageFormat, Int, Int)] = [
            ("a.jpg", ["--quality", "80"], .jpeg, 768, 512),
            ("b.jpeg", ["--progressive"], .jpeg, 768, 512),
            ("c.jpg", ["--thumbnail", "200x200"], .jpeg, 200, 133),
            ("d.png", ["--fast"], .png, 768, 512),
        ]
        for (name, flags, format, width, height) in cases {
            let output = folder.appendingPathComponent(name)
            let run = try await CLITests.run(["convert", input.path, output.path] + flags)
            #expect(run.status == 0, "\(run.output)\n\(run.errors)")
            let data = try Data(contentsOf: output)
            #expect(ImageFormat.detect(data) == format)
            let image = try ImageCoders.shared.decode(data)
            #expect(image.pixelWidth == width && image.pixelHeight == height, "\(name): \(image.pixelSize)")
        }
        let refused = try await CLITests.run(["convert", input.path, folder.appendingPathComponent("x.gif").path])
        #expect(refused.status != 0)
    }
}
