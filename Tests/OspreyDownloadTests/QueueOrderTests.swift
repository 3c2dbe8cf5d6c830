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

/// Order, priority and queue control with `maxConcurrentDownloads = 1`. A first download of a
/// held route occupies the only slot while the others are queued; after `resume`, the
/// server's arrival order shows which one the queue started next.
@Suite("Queue order and control", .offCooperativePool)
struct QueueOrderTests {
    private func serialHarness(_ order: ExecutionOrder = .fifo) throws -> DownloadHarness {
        let harness = try DownloadHarness { config in
            config.maxConcurrentDownloads = 1
            config.executionOrder = order
        }
        for path in ["/hold", "/a", "/b", "/c", "/d", "/low", "/normal", "/high", "/after"] {
            harness.server.setRoute(path, .ok(TinyDecoder.bytes()))
        }
        harness.server.suspend("/hold")
        return harness
    }

    /// Occupies the only slot with the held route and waits until the server holds it.
    @discardableResult
    private func holdQueue(_ harness: DownloadHarness, into recorder: Recorder<Outcome>) async throws -> DownloadToken? {
        let token = harness.download("/hold", into: recorder)
        #expect(await harness.server.waitForRequests("/hold", count: 1))
        return token
    }

    private func arrivalOrder(_ harness: DownloadHarness) -> [String] {
        harness.server.requestLog.sorted { $0.sequence < $1.sequence }.map(\.path)
    }

    @Test("FIFO: queued downloads start in request order")
    func fifo() async throws {
        let harness = try serialHarness()
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        try await holdQueue(harness, into: recorder)
        for path in ["/a", "/b", "/c", "/d"] { harness.download(path, into: recorder) }
        #expect(harness.downloader.currentDownloadCount == 5)
        harness.server.resume("/hold")
        let outcomes = try await recorder.wait(count: 5)
        #expect(outcomes.allSatisfy { $0.image != nil })
        #expect(arrivalOrder(harness) == ["/hold", "/a", "/b", "/c", "/d"])
    }

    @Test("LIFO: the latest request starts first")
    func lifo() async throws {
        let harness = try serialHarness(.lifo)
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        try await holdQueue(harness, into: recorder)
        for path in ["/a", "/b", "/c", "/d"] { harness.download(path, into: recorder) }
        harness.server.resume("/hold")
        let outcomes = try await recorder.wait(count: 5)
        #expect(outcomes.allSatisfy { $0.image != nil })
        #expect(arrivalOrder(harness) == ["/hold", "/d", "/c", "/b", "/a"])
    }

    @Test("high priority starts before normal, normal before low")
    func priorities() async throws {
        let harness = try serialHarness()
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        try await holdQueue(harness, into: recorder)
        harness.download("/low", options: .lowPriority, into: recorder)
        harness.download("/normal", into: recorder)
        harness.download("/high", options: .highPriority, into: recorder)
        harness.server.resume("/hold")
        _ = try await recorder.wait(count: 4)
        #expect(arrivalOrder(harness) == ["/hold", "/high", "/normal", "/low"])
    }

    @Test("a merged high-priority request raises a queued operation's priority")
    func mergeRaisesPriority() async throws {
        let harness = try serialHarness()
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        try await holdQueue(harness, into: recorder)
        harness.download("/a", options: .lowPriority, into: recorder)
        harness.download("/b", into: recorder)
        harness.download("/a", options: .highPriority, into: recorder)
        harness.server.resume("/hold")
        _ = try await recorder.wait(count: 4)
        #expect(arrivalOrder(harness) == ["/hold", "/a", "/b"])
    }

    @Test("a queued download whose caller cancelled never reaches the server")
    func cancelledWhileQueued() async throws {
        let harness = try serialHarness()
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        try await holdQueue(harness, into: recorder)
        let cancelled = Recorder<Outcome>()
        let token = try #require(harness.download("/a", into: cancelled))
        harness.download("/after", into: recorder)
        token.cancel()
        #expect(try await cancelled.first().errorCode == .cancelled)
        harness.server.resume("/hold")
        let outcomes = try await recorder.wait(count: 2)
        #expect(outcomes.allSatisfy { $0.image != nil })
        #expect(harness.server.requestCount(for: "/a") == 0)
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(cancelled.count == 1)
    }

    @Test("maxConcurrentDownloads raised at run time starts waiting downloads at once")
    func raiseConcurrencyAtRunTime() async throws {
        let harness = try serialHarness()
        defer { harness.close() }
        #expect(harness.downloader.maxConcurrentDownloads == 1)
        let recorder = Recorder<Outcome>()
        try await holdQueue(harness, into: recorder)
        for path in ["/a", "/b"] { harness.server.suspend(path) }
        for path in ["/a", "/b", "/c"] { harness.download(path, into: recorder) }
        // With one slot, taken by the held download, none of them may start.
        harness.downloader.maxConcurrentDownloads = 3
        #expect(harness.downloader.maxConcurrentDownloads == 3)
        // Two more slots: "/a" and "/b" reach the server while "/hold" is still held.
        #expect(await harness.server.waitForRequests("/a", count: 1))
        #expect(await harness.server.waitForRequests("/b", count: 1))
        #expect(harness.server.requestCount(for: "/c") == 0, "only two slots were added")
        for path in ["/hold", "/a", "/b"] { harness.server.resume(path) }
        let outcomes = try await recorder.wait(count: 4)
        #expect(outcomes.allSatisfy { $0.image != nil })
        harness.downloader.maxConcurrentDownloads = 0
        #expect(harness.downloader.maxConcurrentDownloads == 1, "clamped to at least one")
    }

    @Test("setSuspended holds queued downloads until resumed")
    func suspended() async throws {
        let harness = try serialHarness()
        defer { harness.close() }
        harness.downloader.setSuspended(true)
        let recorder = Recorder<Outcome>()
        harness.download("/a", into: recorder)
        #expect(harness.downloader.currentDownloadCount == 1)
        // A full round trip on another downloader to the same server: the suspended one would
        // have sent its request by then.
        let probe = ImageDownloader()
        defer { probe.invalidate() }
        let probed = Recorder<Outcome>()
        var context = ImageContext()
        context.callbackQueue = .current
        probe.downloadImage(with: harness.server.url("/b"), options: .avoidDecodeImage, context: context) {
            probed.record($0)
        }
        _ = try await probed.first()
        #expect(harness.server.requestCount(for: "/a") == 0)
        #expect(recorder.count == 0)
        harness.downloader.setSuspended(false)
        #expect(try await recorder.first().image != nil)
    }

    @Test("cancelAllDownloads cancels running and queued downloads; the downloader stays usable")
    func cancelAllDownloads() async throws {
        let harness = try serialHarness()
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        try await holdQueue(harness, into: recorder)
        for path in ["/a", "/b", "/c"] { harness.download(path, into: recorder) }
        harness.downloader.cancelAllDownloads()
        let outcomes = try await recorder.wait(count: 4)
        #expect(outcomes.allSatisfy { $0.errorCode == .cancelled })
        #expect(harness.downloader.currentDownloadCount == 0)
        #expect(await harness.server.waitForOpenConnections(atMost: 0))
        harness.server.resume("/hold")
        #expect(try await harness.outcome(of: "/d").image != nil)
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(recorder.count == 4)
        #expect(harness.server.requestCount(for: "/a") == 0)
    }

    @Test("invalidate cancels everything; later requests fail with .cancelled")
    func invalidate() async throws {
        let harness = try serialHarness()
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        try await holdQueue(harness, into: recorder)
        for path in ["/a", "/b"] { harness.download(path, into: recorder) }
        harness.downloader.invalidate()
        let outcomes = try await recorder.wait(count: 3)
        #expect(outcomes.allSatisfy { $0.errorCode == .cancelled })
        let later = Recorder<Outcome>()
        let token = harness.download("/c", into: later)
        #expect(token == nil)
        #expect(try await later.first().errorCode == .cancelled)
        #expect(harness.downloader.currentDownloadCount == 0)
        harness.downloader.invalidate()   // idempotent
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(recorder.count == 3)
    }
}
