import Foundation
import OspreyTestTraits
import Testing
import Osprey
import OspreyTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `osprey fetch` against an HTTP server that is not Osprey's own (Tests/Tools/fault_server.py,
/// Python standard library only): a slow but steady download, a silent one, 503s with
/// Retry-After, a body cut short that resumes with Range, and a data: URL.
@Suite("osprey fetch against a foreign server", .offCooperativePool)
struct CLIFetchNetworkTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tools/fault_server.py")

    /// `python3` on the PATH, if any.
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static var canRun: Bool { CLITests.isBuilt && python != nil }

    /// The fault server, running until ``stop()``.
    final class FaultServer: Sendable {
        let process: Process
        let port: Int
        let folder: URL

        init(python: URL) async throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-fault-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            process = Process()
            process.executableURL = python
            process.arguments = [CLIFetchNetworkTests.script.path, "--dump", folder.path, "--exit-with-stdin"]
            let output = Pipe()
            process.standardOutput = output
            // Held open by this process only: the server exits when it closes (or we die).
            process.standardInput = Pipe()
            try process.run()
            // Read on a GCD thread: a blocking read must not hold a cooperative-pool thread.
            let ports = Recorder<Int>()
            DispatchQueue.global().async {
                var line = Data()
                while !line.contains(UInt8(ascii: "\n")) {
                    let piece = output.fileHandleForReading.availableData
                    if piece.isEmpty { break }
                    line += piece
                }
                let words = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace)
                ports.record(words.count >= 2 && words[0] == "PORT" ? Int(words[1]) ?? 0 : 0)
            }
            port = try await ports.first(timeout: .seconds(60))
        }

        func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

        struct Logged: Decodable {
            let path: String
            let range: String?
            let time: Double
        }

        func log() throws -> [Logged] {
            try JSONDecoder().decode([Logged].self, from: Data(contentsOf: URL(string: url("/log"))!))
        }

        func stop() {
            // SIGKILL: the test process may ignore SIGTERM, and children inherit that.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    struct Report: Decodable {
        struct Item: Decodable { let ok: Bool; let bytes: Int?; let error: String? }
        let results: [Item]
    }

    static func fetch(_ arguments: [String], cache: URL) async throws -> (CLIRunner.Run, Report.Item?) {
        let run = try await CLIRunner.run(CLITests.binary, ["fetch"] + arguments + ["--cache-dir", cache.path, "--json"],
                                          timeout: 180)
        let report = try? JSONDecoder().decode(Report.self, from: Data(run.output.utf8))
        return (run, report?.results.first)
    }

    @Test("1.7 MB at 100 kB/s with default settings; --timeout 2 on 5 s of silence; --retries 2 on 503×2; a cut body resumed with Range",
          .enabled(if: CLIFetchNetworkTests.canRun, "needs the built osprey executable and python3"))
    func faults() async throws {
        let server = try await FaultServer(python: try #require(Self.python))
        defer { server.stop() }
        let caches = server.folder.appendingPathComponent("caches")
        let large = try Data(contentsOf: server.folder.appendingPathComponent("large.png"))
        // In parallel: the slow download alone takes about 17 s.
        async let slow = Self.fetch([server.url("/t/slow.png")], cache: caches.appendingPathComponent("slow"))
        async let silent = Self.fetch(["--timeout", "2", server.url("/t/silent.png")],
                                      cache: caches.appendingPathComponent("silent"))
        async let busy = Self.fetch(["--retries", "2", server.url("/t/busy.png")], cache: caches.appendingPathComponent("busy"))
        let cutCache = caches.appendingPathComponent("cut")
        async let cut = Self.fetch(["--retries", "2", server.url("/t/cut.png")], cache: cutCache)

        let (slowRun, slowItem) = try await slow
        #expect(slowRun.status == 0, "\(slowRun.output)\n\(slowRun.errors)")
        #expect(slowItem?.bytes == large.count)

        let (silentRun, silentItem) = try await silent
        #expect(silentRun.status == 1)
        #expect(silentItem?.error?.contains("ImageError.timedOut") == true, "\(silentRun.output)")

        let (busyRun, busyItem) = try await busy
        #expect(busyRun.status == 0, "\(busyRun.output)\n\(busyRun.errors)")
        #expect(busyItem?.ok == true)

        let (cutRun, cutItem) = try await cut
        #expect(cutRun.status == 0, "\(cutRun.output)\n\(cutRun.errors)")
        #expect(cutItem?.bytes == large.count)
        // Piped output gets no live progress line.
        #expect(!cutRun.errors.contains("\r"))

        let log = try server.log()
        let busyTimes = log.filter { $0.path == "/t/busy.png" }.map(\.time)
        #expect(busyTimes.count == 3)
        if busyTimes.count == 3 {
            // A lower bound only, which honouring Retry-After: 1 twice guarantees.
            #expect(busyTimes[2] - busyTimes[0] >= 2)
        }
        #expect(log.filter { $0.path == "/t/cut.png" }.map(\.range) == [nil, "bytes=600000-"])
        // The resumed body, as stored in the disk cache, is byte for byte the served file.
        let stored = FileManager.default.enumerator(at: cutCache, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .compactMap { try? Data(contentsOf: $0) }.filter { $0.count == large.count } ?? []
        #expect(stored == [large])
    }

    @Test("a data: URL decodes through osprey fetch", .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func dataURL() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pixel = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
        let (run, item) = try await Self.fetch([pixel], cache: folder)
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        #expect(item?.ok == true, "\(run.output)")
    }
}
