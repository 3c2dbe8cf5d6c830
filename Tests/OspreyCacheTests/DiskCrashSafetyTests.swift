import OspreyTestSupport
import Dispatch
import Foundation
import OspreyCache
import OspreyCore
import OspreyTestTraits
import Testing

/// A writer killed with SIGKILL at random points leaves every entry absent or whole.
///
/// The child (`osprey-disk-writer`, built from Tests/DiskWriter) writes entries whose bytes are
/// a pure function of the key (`CrashPayload.payload(forKey:)`, shared with the child) and prints a line after
/// each. The test waits for a random number of lines, adds a random delay of up to 2 ms (the
/// kill point is what is randomised; nothing waits on time), and kills it.
@Suite("Disk crash safety", .offCooperativePool)
struct DiskCrashSafetyTests {
    static let keyCount = CrashPayload.keyCount
    static let runs = 20

    @Test("entries survive 20 SIGKILLs of a writer absent or byte-identical")
    func killedWriter() async throws {
        let writer = try #require(Self.writerExecutable(), "osprey-disk-writer is built beside the test bundle")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        var random = SeededGenerator(seed: UInt64(UInt32.random(in: 0 ... .max)))
        for run in 0..<Self.runs {
            let linesBeforeKill = 1 + random.next(below: 40)
            let delay = useconds_t(random.next(below: 2_000))
            try await Self.runAndKill(writer, arguments: [directory.url.path, "crash", "\(run * 7)"],
                                      afterLines: linesBeforeKill, delay: delay)
        }

        let clock = TestClock(start: Date())   // the dead writers' files carry real times
        let cache = DiskCache(directory: directory.url, namespace: "crash", now: clock.function)
        var present = 0
        for index in 0..<Self.keyCount {
            let key = CrashPayload.key(index)
            if let data = cache.data(forKey: key) {
                present += 1
                // A Bool, not `data == …` inside #expect: its diff of 200 kB values takes minutes.
                let whole = data == CrashPayload.payload(forKey: key)
                #expect(whole, "entry \(index) is torn: \(data.count) bytes")
            }
            if let extended = cache.extendedData(forKey: key) {
                #expect(extended == CrashPayload.extendedPayload(forKey: key), "extended data \(index) is torn")
            }
        }
        #expect(present > 0, "the writers stored something")
        #expect(cache.totalCount() == present, "temporary files are not counted")

        // The cache still works, and a sweep after the grace period removes what the dead
        // writers left half-done.
        #expect(cache.store(Data("after".utf8), forKey: "after"))
        #expect(cache.data(forKey: "after") == Data("after".utf8))
        clock.advance(by: 3_600)
        cache.removeExpiredData()
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cache.directoryURL.path)
            .filter { $0.hasPrefix(".") && $0 != DiskCache.markerFileName }
        #expect(leftovers == [])
    }

    /// Starts the writer, waits for `afterLines` lines of output plus `delay` µs, then sends
    /// SIGKILL and reaps it. Runs off the cooperative pool, since it blocks on the pipe.
    private static func runAndKill(_ executable: URL, arguments: [String], afterLines: Int,
                                   delay: useconds_t) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async {
                do {
                    let process = Process()
                    process.executableURL = executable
                    process.arguments = arguments
                    let output = Pipe()
                    process.standardOutput = output
                    try process.run()
                    var lines = 0
                    while lines < afterLines {
                        let chunk = output.fileHandleForReading.availableData
                        guard !chunk.isEmpty else { break }   // the child ended on its own
                        lines += chunk.filter { $0 == UInt8(ascii: "\n") }.count
                    }
                    if delay > 0 { usleep(delay) }
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                    guard lines >= afterLines, process.terminationReason == .uncaughtSignal else {
                        throw WriterFailed(lines: lines, status: process.terminationStatus)
                    }
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    struct WriterFailed: Error, CustomStringConvertible {
        let lines: Int
        let status: Int32
        var description: String { "the writer stopped by itself after \(lines) lines (status \(status))" }
    }

    /// The built `osprey-disk-writer`, next to the test bundle in the build products folder.
    static func writerExecutable() -> URL? { BuiltProducts.executable(named: "osprey-disk-writer") }
}
