import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyTestSupport

/// `osprey fetch --thumbnail` with JPEGs over the loopback server — a 4:2:0
/// baseline and an EXIF-rotated file — written out at the thumbnail size the library computes,
/// with the pixels a local DCT-scaled decode gives.
@Suite("osprey fetch with JPEG", .offCooperativePool)
struct JPEGFetchCLITests {
    @Test("osprey fetch --thumbnail decodes JPEGs (orientation applied) to the right size and pixels",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func fetchThumbnail() async throws {
        let files = ["jpeg/subsampling/kodim23_q90_420.jpg", "jpeg/exif-orientation/Landscape_6.jpg"]
        let server = try LoopbackServer()
        defer { server.stop() }
        var datas: [Data] = []
        for (index, file) in files.enumerated() {
            let data = try Data(contentsOf: try #require(Corpus.file(file)))
            datas.append(data)
            server.setRoute("/\(index).jpg", .ok(data, contentType: "image/jpeg"))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-jpeg-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let out = directory.appendingPathComponent("out")
        let run = try await CLITests.run(["fetch", server.url("/0.jpg").absoluteString, server.url("/1.jpg").absoluteString,
                                          "--cache-dir", directory.appendingPathComponent("cache").path,
                                          "--thumbnail", "96x96", "--out", out.path, "--json"])
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        struct Report: Decodable {
            struct Item: Decodable { let ok: Bool; let width: Int?; let height: Int?; let file: String? }
            let loaded: Int
            let results: [Item]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(run.output.utf8))
        #expect(report.loaded == 2)
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 96, height: 96)
        for (index, item) in report.results.enumerated() {
            let local = try JPEGDecoder().decode(datas[index], options: options)
            #expect(item.ok && item.width == local.pixelWidth && item.height == local.pixelHeight)
            let written = try ImageCoders.shared.decode(Data(contentsOf: URL(fileURLWithPath: try #require(item.file))))
            #expect(written.pixelSize == local.pixelSize)
            #expect(written.firstFrame.bytes == local.firstFrame.bytes)
        }
        // Landscape_6 is stored sideways (EXIF 6, portrait as stored): upright it is landscape.
        var stored = DecodeOptions()
        stored.applyOrientation = false
        let sideways = try JPEGDecoder().decode(datas[1], options: stored)
        #expect(sideways.pixelHeight > sideways.pixelWidth)
        #expect((report.results[1].width ?? 0) > (report.results[1].height ?? 0))
    }
}
