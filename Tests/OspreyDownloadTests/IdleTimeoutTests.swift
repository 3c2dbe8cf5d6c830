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
///
/// The downloaders here measure time with a ``ManualClock``: a timeout expires because the test
/// advanced the clock past it once the download reached the state under test (bytes arrived,
/// the request was received), not after a real wait; a download that must survive sees the
/// clock move far past its timeout. Only the redirect test runs on the real clock: its pauses
/// are the server's, and when the client takes its sign of life cannot be seen from outside.
@Suite("Idle timeout and total deadline", .offCooperativePool)
struct IdleTimeoutTests {
    /// 24 kB: dripped at 12 kB/s, about 40 pieces over two seconds.
    static let body = TinyDecoder.bytes(width: 4, height: 4, padding: 24_000)

    /// A context that hears progress on the delegate queue itself, right after the piece it
    /// reports was taken as a sign of life: a clock advanced from there moves between two signs.
    static func immediate(_ harness: DownloadHarness) -> ImageContext {
        var context = harness.context
        context.callbackQueue = .current
        return context
    }

    /// Starts a download of `path` and returns its recorder and a count of the body bytes
    /// reported so far.
    static func start(_ path: String, on harness: DownloadHarness, context: ImageContext? = nil)
        -> (Recorder<Outcome>, Locked<Int64>) {
        let recorder = Recorder<Outcome>()
        let received = Locked<Int64>(0)
        harness.download(path, options: .avoidDecodeImage, context: context, into: recorder) { report in
            received.withLock { $0 = max($0, report.receivedBytes) }
        }
        return (recorder, received)
    }

    @Test("a steady drip longer than the idle timeout succeeds")
    func steadyDripSucceeds() async throws {
        let clock = ManualClock()
        let harness = try DownloadHarness { config in
            config.downloadTimeout = 1
            config.clock = clock
        }
        defer { harness.close() }
        harness.server.setRoute("/drip", .ok(Self.body).with { $0.bytesPerSecond = 12_000 })
        // Every piece is a sign of life, and the clock moves 0.4 s after each: never a quiet
        // second, yet the download lasts many idle timeouts by the clock.
        let recorder = Recorder<Outcome>()
        harness.download("/drip", options: .avoidDecodeImage, context: Self.immediate(harness), into: recorder) { _ in
            clock.advance(by: 0.4)
        }
        let outcome = try await recorder.first()
        #expect(outcome.data == Self.body, "\(outcome)")
        #expect(clock.advancedSeconds >= 5, "the clock moved \(clock.advancedSeconds) s")
        // Many pauses between chunks: the body really came in pieces.
        #expect(harness.server.dripPauseCount(for: "/drip") >= 20)
    }

    @Test("a body that stops arriving fails with .timedOut; a server that never answers too")
    func silenceTimesOut() async throws {
        let clock = ManualClock()
        let harness = try DownloadHarness { config in
            config.downloadTimeout = 1
            config.clock = clock
        }
        defer { harness.close() }
        harness.server.setRoute("/silent", .ok(Self.body).with { $0.holdAfterBodyBytes = 1_000 })
        harness.server.setRoute("/stall", .ok(Self.body).with { $0.stall = true })
        let (silent, received) = Self.start("/silent", on: harness)
        try await waitUntil(timeout: .seconds(60)) { received.withLock { $0 } >= 1_000 }
        clock.advance(by: 1.5)
        let silentOutcome = try await silent.first()
        #expect(silentOutcome.errorCode == .timedOut, "\(silentOutcome)")
        let (stalled, _) = Self.start("/stall", on: harness)
        try await waitUntil(timeout: .seconds(60)) { harness.server.requestCount(for: "/stall") >= 1 }
        clock.advance(by: 1.5)
        let stalledOutcome = try await stalled.first()
        #expect(stalledOutcome.errorCode == .timedOut, "\(stalledOutcome)")
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
    }

    @Test("redirects count as activity: slow hops that together outlast the idle timeout succeed")
    func redirectsAreActivity() async throws {
        // Real clock. Three hops of 3 s: 9 s in all, over the 8 s idle timeout; each hop 5 s
        // under it, far more than any gap a busy machine adds.
        let harness = try DownloadHarness { $0.downloadTimeout = 8 }
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
        let clock = ManualClock()
        let harness = try DownloadHarness { config in
            config.downloadTimeout = 60
            config.totalDeadline = 1
            config.clock = clock
        }
        defer { harness.close() }
        harness.server.setRoute("/drip", .ok(Self.body).with { $0.bytesPerSecond = 2_000 })
        let (recorder, received) = Self.start("/drip", on: harness)
        try await waitUntil(timeout: .seconds(60)) { received.withLock { $0 } > 0 }
        // Bytes keep coming (the idle timeout is far off), but the deadline is passed.
        clock.advance(by: 1.5)
        let outcome = try await recorder.first()
        #expect(outcome.errorCode == .timedOut, "\(outcome)")
        #expect(received.withLock { $0 } < Int64(Self.body.count))
    }

    @Test("a load's context overrides the downloader's idle timeout and deadline")
    func contextOverrides() async throws {
        let clock = ManualClock()
        let harness = try DownloadHarness { config in
            config.downloadTimeout = 300
            config.totalDeadline = 1
            config.clock = clock
        }
        defer { harness.close() }
        harness.server.setRoute("/silent", .ok(Self.body).with { $0.holdAfterBodyBytes = 1_000 })
        harness.server.setRoute("/drip", .ok(Self.body).with { $0.bytesPerSecond = 24_000 })
        var idle = harness.context
        idle.downloadTimeout = 1
        idle.downloadDeadline = 0
        let (silent, silentBytes) = Self.start("/silent", on: harness, context: idle)
        try await waitUntil(timeout: .seconds(60)) { silentBytes.withLock { $0 } >= 1_000 }
        clock.advance(by: 1.5)
        let silentOutcome = try await silent.first()
        #expect(silentOutcome.errorCode == .timedOut, "\(silentOutcome)")
        // No deadline for this load although the downloader has one of 1 s: the clock passes
        // it mid-body and the body still completes.
        var unbounded = harness.context
        unbounded.downloadDeadline = 0
        let (drip, dripBytes) = Self.start("/drip", on: harness, context: unbounded)
        try await waitUntil(timeout: .seconds(60)) { dripBytes.withLock { $0 } > 0 }
        clock.advance(by: 2)
        let dripOutcome = try await drip.first()
        #expect(dripOutcome.data == Self.body, "\(dripOutcome)")
    }

    @Test("a timeout set on a running downloader applies to downloads started afterwards")
    func settableConfig() async throws {
        let clock = ManualClock()
        let harness = try DownloadHarness { $0.clock = clock }
        defer { harness.close() }
        harness.server.setRoute("/silent", .ok(Self.body).with { $0.holdAfterBodyBytes = 1_000 })
        harness.downloader.config.downloadTimeout = 1
        harness.downloader.config.maxConcurrentDownloads = 3
        #expect(harness.downloader.maxConcurrentDownloads == 3)
        let (silent, received) = Self.start("/silent", on: harness)
        try await waitUntil(timeout: .seconds(60)) { received.withLock { $0 } >= 1_000 }
        clock.advance(by: 1.5)
        let outcome = try await silent.first()
        #expect(outcome.errorCode == .timedOut, "\(outcome)")
        harness.downloader.maxConcurrentDownloads = 5
        #expect(harness.downloader.config.maxConcurrentDownloads == 5)
    }
}
