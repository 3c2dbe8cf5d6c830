import Foundation
import OspreyTestSupport
import Testing

/// How many times `Locked` is taken for one cold load, counted in a child process
/// (`osprey-lock-count`) so that no other test's locks are counted. Each lock is cheap alone;
/// dozens per image add up on a feed of thumbnails, and a refactor that adds a lock per
/// progress report or per subscriber should show up here, not in a profile months later.
@Suite struct LockTrafficTests {
    struct Counts: Decodable { let server: Int; let download: Int; let load: Int }

    /// Measured with the loopback server in a process of its own, so the counts are Osprey's
    /// alone: a cold `ImageManager` load takes 67–72 locks, the downloader alone 36–38 (with
    /// the server's share of 2–17 counted in, they were 98–101 and 67 before the settings were
    /// read once per operation, state taken together was merged into one locked step per event,
    /// the idle check became one per downloader and shared tasks took their producer's handlers
    /// in one step). The bounds leave room for scheduling (a progress report more or less), not
    /// for a new lock per step.
    static let loadBound = 78
    static let downloadBound = 42

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
