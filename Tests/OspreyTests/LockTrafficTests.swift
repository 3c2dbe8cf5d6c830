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
    /// alone: a cold `ImageManager` load takes 42–44 locks, the downloader alone 21–22
    /// (`osprey-lock-count --sites` lists them by call site). They were 67–72 and 36–38 before
    /// a pool's tasks shared the pool's lock (joining, and closing plus leaving the table, became
    /// one step each), progress nobody listens to stopped taking locks, and the operation's
    /// phase, a caller's answered flag, a load's finished flag, a cache query's cancelled flag,
    /// the failed-URL count, the kept-partials count and the header generation got lock-free
    /// copies for their hot reads; and 98–101 and 67, with the server's share counted in,
    /// before the earlier per-event merges. The bounds leave room for scheduling (a progress
    /// report more or less), not for a new lock per step.
    static let loadBound = 48
    static let downloadBound = 25

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
