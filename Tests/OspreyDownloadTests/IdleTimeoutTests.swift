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

/// `downloadTimeout` is an idle timeout (no byte for that long), the total deadline is a
/// separate optional setting, and a load's context overrides both. Outcomes and byte counts
/// are asserted, never durations.
@Suite("Idle timeout and total deadline", .offCooperativePool)
struct IdleTimeoutTests {
    /// 24 kB: at 2.4 kB/s a drip of about 10 s, longer than the idle timeout below.
    static let body = TinyDecoder.bytes(width: 4, height: 4, padding: 24_000)

    /// The idle timeout of the tests that must succeed: far longer than any gap between two
    /// pieces of their bodies (a fraction of a second), so that a busy machine holding the
    /// delegate queue for seconds cannot fail them, yet shorter than the whole download.
    static let generousIdleTimeout: TimeInterval = 8

    @Test("a steady drip longer than the idle timeout succeeds")
    func steadyDripSucceeds() async throws {
        let harness = try DownloadHarness { $0.downloadTimeout = Self.generousIdleTimeout }
        defer { harness.close() }
        harness.server.setRoute("/drip", .ok(Self.body).with { $0.bytesPerSecond = 2_400 })
        let outcome = try await harness.outcome(of: "/drip", options: .avoidDecodeImage)
        #expect(outcome.data == Self.body, "\(outcome)")
        // Many pauses between chunks: the body really came in pieces, over more than the timeout.
        #expect(harness.server.dripPauseCount(for: "/drip") >= 20)
    }

    @Test("a body that stops arriving fails with .timedOut; a server that never answers too")
    func silenceTimesOut() async throws {
        let harness = try DownloadHarness { $0.downloadTimeout = 1 }
        defer { harness.close() }
        harness.server.setRoute("/silent", .ok(Self.body).with { $0.holdAfterBodyBytes = 1_000 })
        harness.server.setRoute("/stall", .ok(Self.body).with { $0.stall = true })
        let silent = try await harness.outcome(of: "/silent", options: .avoidDecodeImage)
        #expect(silent.errorCode == .timedOut, "\(silent)")
        let stalled = try await harness.outcome(of: "/stall", options: .avoidDecodeImage)
        #expect(stalled.errorCode == .timedOut, "\(stalled)")
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
    }

    @Test("redirects count as activity: slow hops that together outlast the idle timeout succeed")
    func redirectsAreActivity() async throws {
        // Three hops of 3 s: 9 s in all, over the 8 s idle timeout; each hop 5 s under it.
        let harness = try DownloadHarness { $0.downloadTimeout = Self.generousIdleTimeout }
        defer { harness.close() }
        harness.server.setRoute("/hop1", Route.redirect(to: "/hop2").with { $0.delay = 3 })
        harness.server.setRoute("/hop2", Route.redirect(to: "/image").with { $0.delay = 3 })
        harness.server.setRoute("/image", Route.ok(Self.body).with { $0.delay = 3 })
        let outcome = try await harness.outcome(of: "/hop1", options: .avoidDecodeImage)
        #expect(outcome.data == Self.body, "\(outcome)")
        #expect(harness.server.requestCount(for: "/image") == 1)
    }

    @Test("the total deadline still fails a steady but slow download")
    func totalDeadline() async throws {
        let harness = try DownloadHarness { config in
            config.downloadTimeout = 60
            config.totalDeadline = 1
        }
        defer { harness.close() }
        harness.server.setRoute("/drip", .ok(Self.body).with { $0.bytesPerSecond = 2_000 })
        let outcome = try await harness.outcome(of: "/drip", options: .avoidDecodeImage)
        #expect(outcome.errorCode == .timedOut, "\(outcome)")
    }

    @Test("a load's context overrides the downloader's idle timeout and deadline")
    func contextOverrides() async throws {
        let harness = try DownloadHarness { config in
            config.downloadTimeout = 300
            config.totalDeadline = 1
        }
        defer { harness.close() }
        harness.server.setRoute("/silent", .ok(Self.body).with { $0.holdAfterBodyBytes = 1_000 })
        harness.server.setRoute("/drip", .ok(Self.body).with { $0.bytesPerSecond = 8_000 })
        var idle = harness.context
        idle.downloadTimeout = 1
        idle.downloadDeadline = 0
        let silent = try await harness.outcome(of: "/silent", options: .avoidDecodeImage, context: idle)
        #expect(silent.errorCode == .timedOut, "\(silent)")
        // No deadline for this load although the downloader has one of 1 s.
        var unbounded = harness.context
        unbounded.downloadDeadline = 0
        let drip = try await harness.outcome(of: "/drip", options: .avoidDecodeImage, context: unbounded)
        #expect(drip.data == Self.body, "\(drip)")
    }

    @Test("a timeout set on a running downloader applies to downloads started afterwards")
    func settableConfig() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRoute("/silent", .ok(Self.body).with { $0.holdAfterBodyBytes = 1_000 })
        harness.downloader.config.downloadTimeout = 1
        harness.downloader.config.maxConcurrentDownloads = 3
        #expect(harness.downloader.maxConcurrentDownloads == 3)
        let silent = try await harness.outcome(of: "/silent", options: .avoidDecodeImage)
        #expect(silent.errorCode == .timedOut, "\(silent)")
        harness.downloader.maxConcurrentDownloads = 5
        #expect(harness.downloader.config.maxConcurrentDownloads == 5)
    }
}
