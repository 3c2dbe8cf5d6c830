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

/// Concurrent requests for one URL share one operation and one network request. The route is
/// held with `suspend` so every request is made while the first is still in flight: the
/// outcome does not depend on timing.
@Suite("Coalescing duplicate URLs", .offCooperativePool)
struct CoalescingTests {
    static let callers = 50

    /// Starts `callers` downloads of a held route from many threads at once and waits until the
    /// server holds the one request.
    private func startHeld(_ harness: DownloadHarness, into recorder: Recorder<Outcome>) async throws -> [DownloadToken] {
        harness.server.setRoute("/same.tiny", .ok(TinyDecoder.bytes(width: 6, height: 6)))
        harness.server.suspend("/same.tiny")
        let tokens = Locked<[DownloadToken]>([])
        DispatchQueue.concurrentPerform(iterations: Self.callers) { _ in
            if let token = harness.download("/same.tiny", into: recorder) {
                tokens.withLock { $0.append(token) }
            }
        }
        #expect(await harness.server.waitForRequests("/same.tiny", count: 1))
        let all = tokens.withLock { $0 }
        try #require(all.count == Self.callers)
        return all
    }

    @Test("50 concurrent requests → 1 server hit, 50 completions, 1 decode")
    func fiftyRequestsOneHit() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        let tokens = try await startHeld(harness, into: recorder)
        #expect(harness.downloader.currentDownloadCount == 1)
        #expect(Set(tokens.map(ObjectIdentifier.init)).count == Self.callers, "one token per caller")
        harness.server.resume("/same.tiny")
        _ = try await recorder.wait(count: Self.callers)
        // Counted only once nothing can deliver any more: a duplicate would show up here.
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        let outcomes = recorder.values
        #expect(outcomes.count == Self.callers)
        #expect(outcomes.allSatisfy { $0.image?.pixelWidth == 6 })
        #expect(harness.server.requestCount(for: "/same.tiny") == 1)
        #expect(harness.decoder.decodeCount == 1, "the same decode options decode once")
        #expect(harness.downloader.currentDownloadCount == 0)
    }

    @Test("cancel 49 of 50 → the last still gets its image, the 49 get .cancelled")
    func cancelAllButOne() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        let tokens = try await startHeld(harness, into: recorder)
        for token in tokens.dropLast() { token.cancel() }
        let cancelled = try await recorder.wait(count: Self.callers - 1)
        #expect(cancelled.allSatisfy { $0.errorCode == .cancelled })
        harness.server.resume("/same.tiny")
        _ = try await recorder.wait(count: Self.callers)
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(tally(recorder.values) == [.cancelled: Self.callers - 1, nil: 1])
        #expect(harness.server.requestCount(for: "/same.tiny") == 1)
        #expect(tokens.dropLast().allSatisfy { $0.isCancelled })
    }

    @Test("cancel all 50 → .cancelled for each and the server sees the connection dropped")
    func cancelAll() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        let tokens = try await startHeld(harness, into: recorder)
        #expect(harness.server.openConnectionCount == 1)
        for token in tokens { token.cancel() }
        let outcomes = try await recorder.wait(count: Self.callers)
        #expect(outcomes.allSatisfy { $0.errorCode == .cancelled })
        #expect(await harness.server.waitForOpenConnections(atMost: 0))
        #expect(harness.server.clientAbortCount == 1)
        #expect(harness.downloader.currentDownloadCount == 0)
        // Cancelling again changes nothing: every completion ran exactly once, counted after
        // the downloader is idle and the callback queue drained (a duplicate would be there).
        for token in tokens { token.cancel() }
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(recorder.count == Self.callers)
    }

    @Test("a new request after the shared one closed starts a new download")
    func finishedOperationIsNotJoined() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRoute("/again", .ok(TinyDecoder.bytes()))
        _ = try await harness.outcome(of: "/again").get()
        _ = try await harness.outcome(of: "/again").get()
        #expect(harness.server.requestCount(for: "/again") == 2)
    }

    @Test("a thumbnail caller and a full-size caller share the bytes, not the image")
    func decodeOncePerOptions() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRoute("/big.tiny", .ok(TinyDecoder.bytes(width: 200, height: 100)))
        harness.server.suspend("/big.tiny")
        var thumbnail = harness.context
        thumbnail.thumbnailPixelSize = PixelSize(width: 20, height: 20)
        let recorder = Recorder<Outcome>()
        for index in 0..<6 {
            harness.download("/big.tiny", context: index.isMultiple(of: 2) ? thumbnail : harness.context,
                             into: recorder)
        }
        harness.download("/big.tiny", options: .avoidDecodeImage, into: recorder)
        #expect(await harness.server.waitForRequests("/big.tiny", count: 1))
        harness.server.resume("/big.tiny")
        let outcomes = try await recorder.wait(count: 7)
        let widths = outcomes.map { $0.image?.pixelWidth }
        #expect(widths.filter { $0 == 20 }.count == 3)
        #expect(widths.filter { $0 == 200 }.count == 3)
        #expect(widths.filter { $0 == nil }.count == 1)
        #expect(harness.decoder.decodeCount == 2)
        #expect(harness.server.requestCount(for: "/big.tiny") == 1)
    }
}
