import Foundation
import OspreyTestSupport
import Testing

/// How many times `Locked` is taken for one cold load, counted in a child process
/// (`osprey-lock-count`) so that no other test's locks are counted. Each lock is cheap alone;
/// dozens per image add up on a feed of thumbnails, and a refactor that adds a lock per
/// progress report or per subscriber should show up here, not in a profile months later.
@Suite struct LockTrafficTests {
    struct Counts: Decodable { let server: Int; let download: Int; let load: Int }

    /// Measured: a cold `ImageManager` load took 87–91 before idle timeouts, retries,
    /// resumable downloads and settable configuration, and 98–101 with them; the downloader
    /// alone 57–59, then 67; the loopback server's own share is 2–17. The bounds leave room for
    /// the server's share and for scheduling (a progress report more or less), not for a new
    /// lock per step.
    static let loadBound = 115
    static let downloadBound = 80

    @Test func oneColdLoadTakesABoundedNumberOfLocks() throws {
        let executable = try #require(BuiltProducts.executable(named: "osprey-lock-count"),
                                      "osprey-lock-count is built beside the test bundle")
        let process = Process()
        process.executableURL = executable
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let line = String(decoding: data, as: UTF8.self)
        if line.contains("unavailable") { return }   // a release build has no counter
        let counts = try JSONDecoder().decode(Counts.self, from: data)
        #expect(counts.load <= Self.loadBound, "a cold load took \(counts.load) locks (server \(counts.server))")
        #expect(counts.download <= Self.downloadBound, "a download took \(counts.download) locks")
        #expect(counts.load > counts.download, "the counter counts")
    }
}
