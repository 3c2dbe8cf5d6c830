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

/// Retry strategies through the downloader: which failures are retried, `Retry-After`,
/// cancelling while a retry is awaited, callers sharing one sequence of attempts.
@Suite("Retries", .offCooperativePool)
struct RetryTests {
    static let image = TinyDecoder.bytes(width: 3, height: 3, padding: 2_000)

    /// A route answering `failures` times with `status` (and `headers`), then `image`; records
    /// when each request arrived.
    static func failingThenOK(_ server: LoopbackServer, _ path: String, failures: Int, status: Int = 503,
                              headers: [String: String] = [:], arrivals: Recorder<Date>) {
        server.setHandler(path) { _ in
            let index = arrivals.count
            arrivals.record(Date())
            if index < failures { return Route(status: status, body: Data(), contentType: nil, headers: headers) }
            return .ok(image)
        }
    }

    @Test("503 twice with Retry-After: 1, then 200: each retry waits until the clock passed the second; the third request succeeds")
    func retryAfter() async throws {
        let clock = ManualClock()
        let harness = try DownloadHarness { $0.clock = clock }
        defer { harness.close() }
        let arrivals = Recorder<Date>()
        Self.failingThenOK(harness.server, "/busy", failures: 2, headers: ["Retry-After": "1"], arrivals: arrivals)
        var context = harness.context
        context.retryStrategy = DelayRetryStrategy(maxRetryCount: 2, retryInterval: .seconds(0))
        let recorder = Recorder<Outcome>()
        harness.download("/busy", context: context, into: recorder)
        for failed in 1...2 {
            // The retry's wait is armed (the idle check is due 15 s away, not within 2 s).
            try await waitUntil(timeout: .seconds(60)) { clock.pendingTimers(dueWithin: 2) == 1 }
            #expect(harness.server.requestCount(for: "/busy") == failed)
            clock.advance(by: 0.9)
            #expect(clock.pendingTimers(dueWithin: 2) == 1, "Retry-After: 1 is honoured, not cut short")
            clock.advance(by: 0.2)
        }
        let outcome = try await recorder.first()
        #expect(outcome.image?.pixelWidth == 3, "\(outcome)")
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(harness.server.requestCount(for: "/busy") == 3)
        #expect(recorder.count == 1)
    }

    @Test("without a strategy (the default) a 503 fails after one request")
    func noStrategy() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        let arrivals = Recorder<Date>()
        Self.failingThenOK(harness.server, "/busy", failures: 1, arrivals: arrivals)
        let outcome = try await harness.outcome(of: "/busy")
        #expect(outcome.errorCode == .invalidDownloadStatusCode)
        #expect(harness.server.requestCount(for: "/busy") == 1)
    }

    @Test("the downloader-wide strategy retries; a 404 is permanent and never retried")
    func downloaderStrategy() async throws {
        let harness = try DownloadHarness {
            $0.retryStrategy = DelayRetryStrategy(maxRetryCount: 3, retryInterval: .seconds(0.05))
        }
        defer { harness.close() }
        let busy = Recorder<Date>(), missing = Recorder<Date>()
        Self.failingThenOK(harness.server, "/busy", failures: 1, status: 500, arrivals: busy)
        Self.failingThenOK(harness.server, "/missing", failures: 5, status: 404, arrivals: missing)
        #expect(try await harness.outcome(of: "/busy").image?.pixelWidth == 3)
        #expect(harness.server.requestCount(for: "/busy") == 2)
        let gone = try await harness.outcome(of: "/missing")
        #expect(gone.errorCode == .invalidDownloadStatusCode && gone.failure?.statusCode == 404)
        #expect(harness.server.requestCount(for: "/missing") == 1)
    }

    @Test("a custom strategy decides per error (here: retry a 404 once)")
    func customStrategy() async throws {
        struct OnceForAnything: RetryStrategy {
            func retry(context: RetryContext, decide: @escaping @Sendable (RetryDecision) -> Void) {
                // Answered later, from another thread: only the first answer counts.
                DispatchQueue.global().async {
                    decide(context.retriedCount == 0 ? .retry(after: 0) : .stop)
                    decide(.retry(after: 0))
                }
            }
        }
        let harness = try DownloadHarness()
        defer { harness.close() }
        let arrivals = Recorder<Date>()
        Self.failingThenOK(harness.server, "/missing", failures: 5, status: 404, arrivals: arrivals)
        var context = harness.context
        context.retryStrategy = OnceForAnything()
        let recorder = Recorder<Outcome>()
        harness.download("/missing", context: context, into: recorder)
        #expect(try await recorder.first().errorCode == .invalidDownloadStatusCode)
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(harness.server.requestCount(for: "/missing") == 2)
        #expect(recorder.count == 1)
    }

    @Test("a cancel while a retry is awaited completes .cancelled at once, and no further request is made")
    func cancelWhileWaiting() async throws {
        let clock = ManualClock()
        let harness = try DownloadHarness { $0.clock = clock }
        defer { harness.close() }
        let arrivals = Recorder<Date>()
        Self.failingThenOK(harness.server, "/busy", failures: 5, headers: ["Retry-After": "120"], arrivals: arrivals)
        var context = harness.context
        context.retryStrategy = DelayRetryStrategy(maxRetryCount: 2, maxRetryAfter: 600)
        let recorder = Recorder<Outcome>()
        let token = harness.download("/busy", context: context, into: recorder)
        #expect(await harness.server.waitForRequests("/busy", count: 1))
        // The strategy's answer arrived: a retry 120 s away by the clock, which never moves.
        try await waitUntil(timeout: .seconds(60)) { 
            clock.pendingTimers(dueWithin: 121) > clock.pendingTimers(dueWithin: 119)
        }
        token?.cancel()
        // The clock never reached the Retry-After: the wait ended with the cancel.
        #expect(try await recorder.first(timeout: .seconds(60)).errorCode == .cancelled)
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(harness.server.requestCount(for: "/busy") == 1)
        #expect(recorder.count == 1)
    }

    @Test("callers sharing a download share one sequence of retries; each completes once")
    func coalescedCallers() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        let arrivals = Recorder<Date>()
        Self.failingThenOK(harness.server, "/busy", failures: 2, arrivals: arrivals)
        harness.server.suspend("/busy")
        var context = harness.context
        context.retryStrategy = DelayRetryStrategy(maxRetryCount: 3, retryInterval: .seconds(0.05))
        let recorder = Recorder<Outcome>()
        for _ in 0..<4 { harness.download("/busy", context: context, into: recorder) }
        #expect(await harness.server.waitForRequests("/busy", count: 1))
        harness.server.resume("/busy")
        let outcomes = try await recorder.wait(count: 4)
        #expect(outcomes.allSatisfy { $0.image?.pixelWidth == 3 }, "\(outcomes)")
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(harness.server.requestCount(for: "/busy") == 3)
        #expect(recorder.count == 4)
    }

    @Test("a retry that starts over tells the callers: progress falls back, then reaches the full length")
    func progressRestarts() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        let body = TinyDecoder.bytes(width: 3, height: 3, padding: 100_000)
        // Cut mid-body, without a validator: nothing can be resumed, the retry starts from 0.
        let served = Locked(0)
        harness.server.setHandler("/cut") { _ in
            let first = served.withLock { count -> Bool in
                defer { count += 1 }
                return count == 0
            }
            return first ? Route.ok(body).with { $0.closeAfterBodyBytes = 50_000 } : .ok(body)
        }
        var context = harness.context
        context.retryStrategy = DelayRetryStrategy(maxRetryCount: 1, retryInterval: .seconds(0))
        let reports = Recorder<ImageProgress>()
        let recorder = Recorder<Outcome>()
        harness.download("/cut", options: .avoidDecodeImage, context: context, into: recorder) { reports.record($0) }
        #expect(try await recorder.first().data == body)
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        let received = reports.values.map(\.receivedBytes)
        let peakBeforeRestart = try #require(received.firstIndex { $0 > 0 })
        #expect(received[peakBeforeRestart...].contains(0), "progress restarts: \(received)")
        #expect(received.last == Int64(body.count))
        #expect(harness.server.requestCount(for: "/cut") == 2)
    }
}
