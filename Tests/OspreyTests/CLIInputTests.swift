import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The `osprey` tool's inputs and messages: range checks, local files, lists, non-UTF-8
/// paths, readable file errors, exit codes, `cache stats` / `cache trim`. Each runs the built binary, killed if it outlives a generous timeout.
@Suite("osprey command-line inputs", .offCooperativePool)
struct CLIInputTests {
    /// Runs `executable` (the built `osprey` by default); kills it after `timeout` seconds.
    static func run(_ arguments: [String], executable: URL = CLITests.binary,
                    timeout: Double = 60) async throws -> CLIRunner.Run {
        try await CLIRunner.run(executable, arguments, timeout: timeout)
    }

    /// A fresh temporary folder.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a huge --concurrency is refused with exit 2 instead of spinning",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func concurrencyRange() async throws {
        for value in ["9223372036854775807", "0", "-3", "101"] {
            let run = try await Self.run(["fetch", "--concurrency", value, "http://127.0.0.1:1/x.png"], timeout: 30)
            #expect(run.status == 2, "--concurrency \(value): \(run.errors)")
            #expect(run.errors.contains("--concurrency takes a whole number from 1 to 100"))
        }
        let demo = try await Self.run(["demo", "--count", "9223372036854775807"], timeout: 30)
        #expect(demo.status == 2 && demo.errors.contains("--count"))
    }

    @Test("a --cache-dir that is not UTF-8 is refused, not replaced by another folder",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func nonUTF8Path() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        // Process takes Strings only; the shell builds the raw byte 0xFF.
        let script = "exec \"$0\" cache stats --cache-dir \"$(printf '%s/bad\\377name' \"$1\")\""
        let run = try await Self.run(["-c", script, CLITests.binary.path, root.path],
                                     executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.status == 2, "\(run.output + run.errors)")
        #expect(run.errors.contains("not valid UTF-8"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty, "no look-alike folder made")
    }

    @Test("file errors say what and where, never NSCocoaErrorDomain",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func readableFileErrors() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let blocker = root.appendingPathComponent("a-file")
        try Data([1]).write(to: blocker)
        let out = blocker.appendingPathComponent("out").path
        let run = try await Self.run(["fetch", "http://127.0.0.1:1/x.png", "--out", out])
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot create the output folder \(out): not a directory"), "\(run.errors)")
        #expect(!run.errors.contains("NSCocoaErrorDomain"))
        let cache = try await Self.run(["fetch", "http://127.0.0.1:1/x.png", "--cache-dir", out])
        #expect(cache.errors.contains("cannot create the cache folder \(out)"), "\(cache.errors)")
        // Root ignores file modes; a kernel folder still refuses it.
        if FileManager.default.fileExists(atPath: "/sys/kernel") {
            let denied = try await Self.run(["fetch", "http://127.0.0.1:1/x.png", "--out", "/sys/kernel/osprey-out"])
            #expect(denied.errors.contains("/sys/kernel/osprey-out: permission denied")
                    || denied.errors.contains("/sys/kernel/osprey-out: read-only file system"), "\(denied.errors)")
            #expect(!denied.errors.contains("NSCocoaErrorDomain"))
        }
        let list = try await Self.run(["fetch", "--list", root.appendingPathComponent("missing.txt").path])
        #expect(list.status == 1 && list.errors.contains("no such file: \(root.path)/missing.txt"), "\(list.errors)")
    }

    @Test("fetch takes a local image file, says 'no such file' for a missing one, and reports 'file'",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func localFiles() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let png = root.appendingPathComponent("x.png")
        try ManagerFixture.png(width: 12, height: 7, seed: 3).write(to: png)
        let missing = root.appendingPathComponent("nope.png").path
        let run = try await Self.run(["fetch", png.path, missing, "--json",
                                      "--cache-dir", root.appendingPathComponent("cache").path])
        #expect(run.status == 1, "\(run.errors)")
        struct Report: Decodable {
            struct Item: Decodable { let url: String; let ok: Bool; let width: Int?; let source: String?; let error: String? }
            let results: [Item]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(run.output.utf8))
        #expect(report.results.count == 2)
        #expect(report.results.first?.ok == true && report.results.first?.width == 12)
        #expect(report.results.first?.source == "file")
        #expect(report.results.last?.error == "no such file: \(missing)")
        #expect(!run.output.contains("\\/"), "JSON does not escape /")
        #expect(run.output.contains("\"url\" : \"\(png.path)\""))
        let decode = try await Self.run(["decode", missing])
        #expect(decode.status == 1 && decode.output.contains("no such file: \(missing)"), "\(decode.output)")
    }

    @Test("decode refuses a file larger than the response limit from its size, before reading it",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func decodeHugeFile() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        // A sparse 4 GiB file that starts like a JPEG: read whole, it would take 4 GiB.
        let path = root.appendingPathComponent("huge.jpg").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data([0xFF, 0xD8, 0xFF, 0xE0])))
        #expect(truncate(path, 4 << 30) == 0)
        let decode = try await Self.run(["decode", path, "--peak-memory"])
        #expect(decode.status == 1, "\(decode.output) \(decode.errors)")
        #expect(decode.output.contains("too large: \(4 << 30) bytes"), "\(decode.output)")
        // The child never held the file: its own peak (VmHWM) stays far below it.
        if let line = decode.output.split(separator: "\n").first(where: { $0.hasPrefix("peak resident memory: ") }),
           let peak = Int(line.split(separator: " ")[3]) {
            #expect(peak < 512 << 20, "\(line)")
        }
    }

    @Test("no arguments and help for an unknown command exit 2 with the usage",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func usageErrors() async throws {
        let none = try await Self.run([])
        #expect(none.status == 2 && none.errors.contains("commands:"))
        let bogus = try await Self.run(["help", "bogus"])
        #expect(bogus.status == 2 && bogus.errors.contains("commands:"))
        let known = try await Self.run(["help", "cache"])
        #expect(known.status == 0 && known.output.contains("trim"))
    }

    @Test("cache stats does not create the folder it is asked about",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func statsDoesNotCreate() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("not-yet")
        for action in ["stats", "path", "trim", "clear"] {
            let run = try await Self.run(["cache", action, "--cache-dir", target.path])
            #expect(run.status == 0, "\(action): \(run.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test("cache stats --json reports the namespace folder and its figures as one object",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func statsJSON() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        var config = ImageCacheConfig()
        config.sweepInterval = 0
        let disk = DiskCache(directory: root, namespace: "default", config: config)
        disk.store(Data(count: 1_000), forKey: "a")
        disk.store(Data(count: 500), forKey: "b")
        let run = try await Self.run(["cache", "stats", "--json", "--cache-dir", root.path])
        #expect(run.status == 0, "\(run.errors)")
        struct Stats: Decodable { var path: String; var exists: Bool; var entries: Int; var entryBytes: Int; var foreignFiles: Int }
        let stats = try JSONDecoder().decode(Stats.self, from: Data(run.output.utf8))
        #expect(stats.path == root.appendingPathComponent("default").path)
        #expect(stats.exists && stats.entries == 2 && stats.entryBytes == 1_500 && stats.foreignFiles == 0)
        let misplaced = try await Self.run(["cache", "path", "--json", "--cache-dir", root.path])
        #expect(misplaced.status == 2 && misplaced.errors.contains("--json"))
    }

    @Test("cache trim applies age and size limits now",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func trim() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        var config = ImageCacheConfig()
        config.sweepInterval = 0
        let now = Date()
        let disk = DiskCache(directory: root, namespace: "default", config: config)
        for (index, age) in [(0, 10 * 86_400.0), (1, 300.0), (2, 200.0), (3, 100.0)] {
            disk.store(Data(count: 1_000), forKey: "k\(index)")
            var times = [timespec(tv_sec: Int(now.timeIntervalSince1970 - age), tv_nsec: 0),
                         timespec(tv_sec: Int(now.timeIntervalSince1970 - age), tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, disk.cachePath(forKey: "k\(index)").path, &times, 0) == 0)
        }
        let byAge = try await Self.run(["cache", "trim", "--max-age", "1d", "--cache-dir", root.path])
        #expect(byAge.status == 0, "\(byAge.errors)")
        #expect(byAge.output.contains("removed 1 entries"), "\(byAge.output)")
        #expect(!disk.containsData(forKey: "k0") && disk.containsData(forKey: "k1"))
        let bySize = try await Self.run(["cache", "trim", "--max-size", "2500", "--cache-dir", root.path])
        #expect(bySize.status == 0, "\(bySize.errors)")
        #expect(bySize.output.contains("kept 1 entries"), "\(bySize.output)")
        #expect((1...3).map { disk.containsData(forKey: "k\($0)") } == [false, false, true], "least recently used go first")
        let bad = try await Self.run(["cache", "trim", "--max-size", "lots", "--cache-dir", root.path])
        #expect(bad.status == 2 && bad.errors.contains("--max-size"))
    }
}
