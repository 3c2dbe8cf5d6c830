import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

/// Runs the built `osprey` executable (it sits next to the test bundle after
/// `swift build --build-tests`) and checks what it prints.
@Suite("osprey command-line tool", .offCooperativePool)
struct CLITests {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appendingPathComponent("osprey")
    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

    static func run(_ arguments: [String]) async throws -> CLIRunner.Run {
        try await CLIRunner.run(binary, arguments, timeout: 120)
    }

    @Test("osprey demo loads cold, then warm from memory and disk, and exits 0",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func demo() async throws {
        let run = try await Self.run(["demo", "--count", "24"])
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        #expect(run.output.contains("every image downloaded exactly once: yes"))
        let rows = run.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        let memory = try #require(rows.first { $0.starts(with: ["warm", "(memory)"]) })
        #expect(memory[2] == "24" && memory[3] == "0" && memory[6] == "24", "loads, requests, memory hits: \(memory)")
        let disk = try #require(rows.first { $0.starts(with: ["warm", "(disk)"]) })
        #expect(disk[2] == "24" && disk[3] == "0" && disk[7] == "24", "loads, requests, disk hits: \(disk)")
    }

    @Test("osprey fetch writes thumbnails, reports JSON, lists failures and exits 1 when one failed",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func fetch() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.setRoute("/one.png", .ok(ManagerFixture.png(width: 40, height: 20, seed: 1), contentType: "image/png"))
        server.setRoute("/two.png", .ok(ManagerFixture.png(width: 10, height: 10, seed: 2), contentType: "image/png"))
        server.setRoute("/missing.png", .status(404))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("urls.txt")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "# images\n\(server.url("/two.png"))\n\n\(server.url("/missing.png"))\n".write(to: list, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("out")
        let run = try await Self.run(["fetch", server.url("/one.png").absoluteString, "--list", list.path,
                                      "--cache-dir", directory.appendingPathComponent("cache").path,
                                      "--thumbnail", "16x16", "--out", out.path, "--json"])
        #expect(run.status == 1)
        struct Report: Decodable {
            struct Item: Decodable { let url: String; let ok: Bool; let width: Int?; let height: Int?; let error: String?; let file: String? }
            let loaded: Int
            let failed: Int
            let results: [Item]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(run.output.utf8))
        #expect(report.loaded == 2 && report.failed == 1)
        #expect(report.results.map(\.ok) == [true, true, false])
        #expect(report.results[0].width == 16 && report.results[0].height == 8)
        #expect(report.results[2].error?.contains("invalidDownloadStatusCode") == true)
        let written = try #require(report.results[0].file)
        let thumbnail = try ImageCoders.shared.decode(Data(contentsOf: URL(fileURLWithPath: written)))
        #expect(thumbnail.pixelSize == PixelSize(width: 16, height: 8))
        // The second run is served from the disk cache: no new requests.
        let again = try await Self.run(["fetch", server.url("/one.png").absoluteString,
                                        "--cache-dir", directory.appendingPathComponent("cache").path])
        #expect(again.status == 0)
        #expect(again.output.contains("disk"))
        #expect(server.requestCount(for: "/one.png") == 1)
    }

    @Test("help, version and bad arguments", .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func help() async throws {
        let help = try await Self.run(["--help"])
        #expect(help.status == 0 && help.output.contains("commands:"))
        let fetchHelp = try await Self.run(["fetch", "--help"])
        #expect(fetchHelp.output.contains("--thumbnail WxH"))
        let version = try await Self.run(["--version"])
        #expect(version.output.contains(OspreyVersion.string))
        let bad = try await Self.run(["fetch", "--thumbnail", "huge", "http://127.0.0.1:1/x.png"])
        #expect(bad.status == 2 && bad.errors.contains("--thumbnail takes WxH"))
        let unknown = try await Self.run(["frobnicate"])
        #expect(unknown.status == 2)
    }
}
