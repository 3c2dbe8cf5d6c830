import Foundation
import OspreyTestTraits
import Testing
import Osprey

/// `osprey cache` in a folder that is not only the cache's: it deletes the cache's entries
/// and nothing else, and says what it removed and what it left.
@Suite("osprey cache in a shared folder", .offCooperativePool)
struct CLICacheFolderTests {
    @Test("cache clear and trim leave files the cache did not write; stats reports them",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func foreignFilesSurvive() async throws {
        let root = try CLIInputTests.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        // A folder of the user's that happens to be called `default`.
        let users = root.appendingPathComponent("default")
        try FileManager.default.createDirectory(at: users.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try Data(count: 2_000).write(to: users.appendingPathComponent("photos/cat.jpg"))
        try Data("notes".utf8).write(to: users.appendingPathComponent("notes.txt"))
        var config = ImageCacheConfig()
        config.sweepInterval = 0
        let disk = DiskCache(directory: root, namespace: "default", config: config)
        disk.store(Data(count: 1_000), forKey: "a")
        disk.store(Data(count: 500), forKey: "b")

        let stats = try await CLIInputTests.run(["cache", "stats", "--cache-dir", root.path])
        #expect(stats.status == 0, "\(stats.errors)")
        #expect(stats.output.contains("files: 2") && stats.output.contains("foreign files: 2"), "\(stats.output)")
        let trim = try await CLIInputTests.run(["cache", "trim", "--max-size", "1", "--cache-dir", root.path])
        #expect(trim.status == 0 && trim.output.contains("removed 2 entries"), "\(trim.output)")
        disk.store(Data(count: 1_000), forKey: "c")
        let clear = try await CLIInputTests.run(["cache", "clear", "--cache-dir", root.path])
        #expect(clear.status == 0, "\(clear.errors)")
        #expect(clear.output.contains("removed 1 entries") && clear.output.contains("foreign files: 2"), "\(clear.output)")
        #expect((try? Data(contentsOf: users.appendingPathComponent("photos/cat.jpg")))?.count == 2_000)
        #expect((try? Data(contentsOf: users.appendingPathComponent("notes.txt"))) == Data("notes".utf8))
        #expect(!disk.containsData(forKey: "c"))
    }
}
