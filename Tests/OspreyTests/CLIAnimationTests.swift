import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyTestSupport

/// The command-line tool on animated GIFs: `osprey decode` reports
/// frames, delays and loop count; `osprey fetch` caches an animated GIF and serves it from disk
/// the second time.
@Suite("osprey command-line tool, animations", .offCooperativePool)
struct CLIAnimationTests {
    static let gif = Corpus.file("gif/gif-test-suite/animated_loop_variable_delay.gif")

    @Test("osprey decode prints frames, delays and loop count of a GIF",
          .enabled(if: CLITests.isBuilt && gif != nil, "needs the built osprey executable and the vendored GIF"))
    func decode() async throws {
        let path = try #require(Self.gif).path
        let run = try await CLITests.run(["decode", path])
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        let row = try #require(run.output.split(separator: "\n").first { $0.hasPrefix(path) && $0.contains(" gif ") })
        let columns = row.split(separator: " ", omittingEmptySubsequences: true)
        #expect(columns[1] == "gif" && columns[2] == "100x100" && columns[3] == "4" && columns[4] == "forever", "\(row)")
        #expect(columns[5] == "3.10", "\(row)")
        #expect(run.output.contains("\(path): delays (ms) 1000 1000 100 1000"))
        let once = try #require(Corpus.file("gif/gif-test-suite/animated_noloop.gif")).path
        let noLoop = try await CLITests.run(["decode", once])
        let onceRow = try #require(noLoop.output.split(separator: "\n").first { $0.hasPrefix(once) && $0.contains(" gif ") })
        #expect(onceRow.split(separator: " ", omittingEmptySubsequences: true)[4] == "1", "\(onceRow)")
    }

    @Test("osprey fetch caches an animated GIF and the second run serves it from disk",
          .enabled(if: CLITests.isBuilt && gif != nil, "needs the built osprey executable and the vendored GIF"))
    func fetchFromDisk() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.setRoute("/anim.gif", .ok(try Data(contentsOf: try #require(Self.gif)), contentType: "image/gif"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-cli-gif-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = directory.appendingPathComponent("cache").path
        let url = server.url("/anim.gif").absoluteString
        let first = try await CLITests.run(["fetch", url, "--cache-dir", cache])
        #expect(first.status == 0, "\(first.output)\n\(first.errors)")
        let again = try await CLITests.run(["fetch", url, "--cache-dir", cache])
        #expect(again.status == 0, "\(again.output)\n\(again.errors)")
        #expect(again.output.contains("disk"), "\(again.output)")
        #expect(server.requestCount(for: "/anim.gif") == 1)
        let cached = try FileManager.default.subpathsOfDirectory(atPath: cache)
        #expect(!cached.isEmpty)
    }
}
