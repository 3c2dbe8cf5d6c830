import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackServer
import OspreyCore
import OspreyDownload
import OspreyTestSupport
import OspreyTestTraits
import Testing

/// What a server can push into the host's memory. Every unbounded body ends
/// with `.responseTooLarge`, counted in decoded bytes as they arrive, while the process's peak
/// RSS grows by less than the cap + 64 MiB. Before the fixes these bodies reached 2–4 GB (no
/// default cap), and with a cap still 0.5–5.6 GB (the session's delegate queue flooded while
/// the cancel waited). The bombs use a 32 MiB cap to keep the suite cheap; the mechanism does
/// not depend on it (measured with the 200 MiB default, suite alone: +201–219 MiB; beside two
/// busy loops: +202–281 MiB, i.e. up to 17 MiB over cap + 64 MiB). Serialized: the suite
/// measures its own peak RSS.
@Suite("Response size limits", .serialized, .offCooperativePool)
struct ResponseSizeTests {
    static let cap = 32 << 20
    static let allowance = cap + 64 << 20
    /// What an "endless" body sends at most: 8 × the cap. A client that does not stop at the
    /// cap fails the test without taking the host down (FoundationNetworking has no flow
    /// control toward its delegate; see the report in `ImageDownloader+SessionDelegate.swift`).
    static let flood = 8 * cap

    struct Bomb: Sendable, CustomTestStringConvertible {
        let name: String
        let route: @Sendable () -> Route
        var testDescription: String { name }
    }

    static let bombs: [Bomb] = [
        Bomb(name: "endless body without Content-Length") {
            Route.ok(Data()).with { $0.endlessBody = true; $0.endlessBodyLimit = flood }
        },
        Bomb(name: "lying 5 GB Content-Length, endless body") {
            Route(status: 200, body: Data(), contentType: "image/png", headers: ["Content-Length": "5000000000"])
                .with { $0.endlessBody = true; $0.endlessBodyLimit = flood }
        },
        Bomb(name: "gzip body that inflates past the cap") {
            // About 0.6 MB on the wire, cap + 64 MiB once decoded.
            Route.gzipZeros(decodedBytes: cap + 64 << 20)
        },
        Bomb(name: "endless identity-encoded body without a length") {
            Route(status: 200, body: Data(), contentType: "image/png", headers: ["Content-Encoding": "identity"])
                .with { $0.endlessBody = true; $0.endlessBodyLimit = flood }
        },
    ]

    @Test("the default cap is documented and bounded", .timeLimit(.minutes(20)))
    func defaultCap() {
        let cap = ImageDownloaderConfig.defaultMaxResponseSize
        #expect(ImageDownloaderConfig().maxResponseSize == cap)
        #expect(cap == min(Int(ProcessInfo.processInfo.physicalMemory / 10), 200 << 20))
    }

    @Test("unbounded body → .responseTooLarge at the cap, counted in decoded bytes", arguments: bombs)
    func bomb(_ bomb: Bomb) async throws {
        let harness = try DownloadHarness { $0.maxResponseSize = Self.cap }
        defer { harness.close() }
        harness.server.setRoute("/bomb", bomb.route())
        let baseline = PeakRSS.resetAndRead()
        let start = ContinuousClock.now
        let progress = Recorder<ImageProgress>()
        let recorder = Recorder<Outcome>()
        harness.download("/bomb", into: recorder) { progress.record($0) }
        let outcome = try await recorder.first()
        let elapsed = ContinuousClock.now - start
        #expect(outcome.errorCode == .responseTooLarge, "\(outcome)")
        #expect(progress.values.allSatisfy { $0.receivedBytes <= Int64(Self.cap) }, "never held more than the cap")
        #expect(await harness.server.waitForOpenConnections(atMost: 0), "the transfer was stopped")
        let peak = PeakRSS.read()
        let grown = peak.map { $0 - (baseline ?? 0) }
        print("response size: \(bomb.name): \(outcome.errorCode.map { "\($0)" } ?? "success") after \(elapsed), "
              + "peak RSS \(peak.map { $0 >> 20 } ?? -1) MiB (+\(grown.map { $0 >> 20 } ?? -1) MiB, cap \(Self.cap >> 20) MiB)")
        // The process's RSS also holds whatever other suites running in parallel allocate, so
        // the bound is asserted only on request (run this suite alone with OSPREY_ASSERT_RSS=1).
        if ProcessInfo.processInfo.environment["OSPREY_ASSERT_RSS"] == "1", let grown {
            #expect(grown < Self.allowance, "peak RSS grew by \(grown >> 20) MiB")
        }
    }

    @Test("a gzip body is decoded and counted in decoded bytes")
    func gzipDecodedCount() async throws {
        let harness = try DownloadHarness { $0.maxResponseSize = 150_000 }
        defer { harness.close() }
        harness.server.setRoute("/small.gz", .gzipZeros(decodedBytes: 100_000))
        harness.server.setRoute("/big.gz", .gzipZeros(decodedBytes: 150_001))
        let small = try await harness.outcome(of: "/small.gz", options: .avoidDecodeImage)
        #expect(small.data?.count == 100_000)
        #expect(small.data?.allSatisfy { $0 == 0 } == true)
        // 150,001 decoded bytes from about 1 kB on the wire: the decoded count decides.
        let big = try await harness.outcome(of: "/big.gz", options: .avoidDecodeImage)
        #expect(big.errorCode == .responseTooLarge)
    }

    @Test("the total deadline fires on time while a body floods in")
    func deadlineDuringFlood() async throws {
        // 48 MiB/s for 2 s against a 256 MiB cap: only the deadline can end it. (Before the
        // fix the callers were told only after `task.cancel()` returned, which waits for the
        // session's busy work queue: seconds late under a flood.)
        let harness = try DownloadHarness { config in
            config.totalDeadline = 2
            config.maxResponseSize = 256 << 20
        }
        defer { harness.close() }
        harness.server.setRoute("/flood", Route.ok(Data(count: 256 << 10)).with { faults in
            faults.endlessBody = true
            faults.bytesPerSecond = 48 << 20
        })
        let start = ContinuousClock.now
        let outcome = try await harness.outcome(of: "/flood")
        let elapsed = ContinuousClock.now - start
        print("response size: deadline 2 s during a flood → \(outcome.errorCode.map { "\($0)" } ?? "success") after \(elapsed)")
        #expect(outcome.errorCode == .timedOut)
        // Generous: the point is "not seconds late", not a schedule.
        #expect(elapsed < .seconds(5))
    }
}

/// The process's peak resident set (Linux `VmHWM`), resettable through `/proc/self/clear_refs`.
enum PeakRSS {
    /// Resets the peak to the current RSS (Linux ≥ 4.0) and returns it, in bytes.
    static func resetAndRead() -> Int? {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        return read()
    }

    /// The peak RSS since the last reset, in bytes; nil where /proc is missing.
    static func read() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return digits.map { $0 * 1024 }
        }
        return nil
    }
}
