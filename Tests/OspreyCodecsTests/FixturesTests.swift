import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The vendored fixtures (`Tests/Fixtures`): licensed, listed, and faithful copies.
@Suite("Vendored fixtures", .offCooperativePool)
struct FixturesTests {
    static let folders = ["png/pngsuite", "png/apng", "gif/gif-test-suite", "webp/libwebp-test-data", "webp/image-webp",
                          "jpeg/subsampling", "jpeg/exif-orientation", "bmp", "ico", "color"]
    /// Extensions of the vendored images (the rest are licences and notes).
    static let imageExtensions: Set<String> = ["png", "gif", "webp", "jpg", "bmp", "ico"]

    @Test("every vendored set carries its licence, and the whole stays small")
    func licences() throws {
        var total = 0
        for folder in Self.folders {
            let files = Corpus.files(below: Corpus.vendoredRoot, folder: folder)
            #expect(!files.isEmpty, "\(folder)")
            #expect(files.contains { $0.lastPathComponent.uppercased().contains("LICENSE") }, "\(folder) has no licence file")
        }
        for url in Corpus.files(below: Corpus.vendoredRoot) {
            total += try Data(contentsOf: url).count
        }
        #expect(total < 8 << 20, "\(total) bytes vendored")
    }

    @Test("every vendored image is in the trimmed manifest, and every manifest entry is vendored")
    func manifest() throws {
        let data = try Data(contentsOf: Corpus.vendoredRoot.appendingPathComponent("manifest.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(json["files"] as? [[String: Any]])
        let listed = Set(entries.compactMap { $0["file"] as? String })
        // Reference decodes are not entries of their own: their JPEG's entry names them.
        let references = Set(entries.flatMap { [$0["reference_png"], $0["oriented_reference_png"]].compactMap { $0 as? String } })
        let images = Set(Corpus.files(below: Corpus.vendoredRoot, extensions: Self.imageExtensions)
            .map(Corpus.relativePath))
        let missing = listed.union(references).subtracting(images), unlisted = images.subtracting(listed.union(references))
        #expect(missing.isEmpty && unlisted.isEmpty, "missing: \(missing.sorted()); unlisted: \(unlisted.sorted())")
    }

    @Test("with the shared corpus present, vendored files are byte-identical copies")
    func copies() throws {
        guard let shared = Corpus.sharedRoot else { return }   // nothing to compare on a fresh clone
        for url in Corpus.files(below: Corpus.vendoredRoot, extensions: Self.imageExtensions) {
            let path = Corpus.relativePath(url)
            let original = shared.appendingPathComponent(path)
            // Some sets are vendored straight from their source (the BMP Suite) and have no copy there.
            guard FileManager.default.fileExists(atPath: original.path) else { continue }
            #expect(try Data(contentsOf: url) == Data(contentsOf: original), "\(path)")
        }
    }
}
