import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackServer
import OspreyCore
import OspreyCodecs
import OspreyDownload
import OspreyTestSupport
import OspreyTestTraits
import Testing

/// The downloader merges only requests that send the same request and
/// process its bytes the same way. Each test holds the route with `suspend`, so the second
/// caller always arrives while the first request is in flight (no timing involved).
@Suite("Request merging only for equal requests", .offCooperativePool)
struct RequestMergingTests {
    private static let path = "/merge.tiny"

    private func heldHarness() throws -> DownloadHarness {
        // The route is held until the test resumes it (the harness's deadline is generous).
        let harness = try DownloadHarness()
        harness.server.setRoute(Self.path, .ok(TinyDecoder.bytes(width: 4, height: 4)))
        harness.server.suspend(Self.path)
        return harness
    }

    private func context(_ harness: DownloadHarness, _ change: (inout ImageContext) -> Void) -> ImageContext {
        var context = harness.context
        change(&context)
        return context
    }

    @Test("a caller whose decryptor refuses the bytes fails, though another caller's accepts them")
    func decryptorsAreNotShared() async throws {
        let harness = try heldHarness()
        defer { harness.close() }
        let accepting = Recorder<Outcome>()
        let refusing = Recorder<Outcome>()
        harness.download(Self.path, context: context(harness) { $0.downloadDecryptor = { data, _ in data } },
                         into: accepting)
        #expect(await harness.server.waitForRequests(Self.path, count: 1))
        harness.download(Self.path, context: context(harness) { $0.downloadDecryptor = { _, _ in nil } },
                         into: refusing)
        // Its own request: before the fix it joined the first one and got its bytes.
        #expect(await harness.server.waitForRequests(Self.path, count: 2))
        harness.server.resume(Self.path)
        let accepted = try await accepting.first()
        let refused = try await refusing.first()
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(accepted.image?.pixelWidth == 4)
        #expect(refused.errorCode != nil, "the refusing decryptor's caller must not get success")
        #expect(refused.image == nil)
        #expect(accepting.values.count == 1 && refusing.values.count == 1)
        #expect(harness.server.requestCount(for: Self.path) == 2)
    }

    @Test("request modifiers adding different headers make two requests, each with its header")
    func requestModifiersAreNotShared() async throws {
        let harness = try heldHarness()
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        for variant in ["a", "b"] {
            let modified = context(harness) { context in
                context.requestModifier = { request in
                    var request = request
                    request.setValue(variant, forHTTPHeaderField: "X-Variant")
                    return request
                }
            }
            harness.download(Self.path, context: modified, into: recorder)
            #expect(await harness.server.waitForRequests(Self.path, count: variant == "a" ? 1 : 2))
        }
        harness.server.resume(Self.path)
        let outcomes = try await recorder.wait(count: 2)
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(outcomes.allSatisfy { $0.image?.pixelWidth == 4 })
        #expect(recorder.values.count == 2)
        let variants = harness.server.requestLog.filter { $0.path == Self.path }.compactMap { $0.headers["x-variant"] }
        #expect(variants.sorted() == ["a", "b"])
    }

    @Test("closures with a shared downloadMergeKey merge: one request, the first caller's closure")
    func mergeKeyShares() async throws {
        let harness = try heldHarness()
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        for variant in ["a", "b"] {
            let modified = context(harness) { context in
                context.downloadMergeKey = "same-signing"
                context.requestModifier = { request in
                    var request = request
                    request.setValue(variant, forHTTPHeaderField: "X-Variant")
                    return request
                }
            }
            harness.download(Self.path, context: modified, into: recorder)
            if variant == "a" { #expect(await harness.server.waitForRequests(Self.path, count: 1)) }
        }
        #expect(harness.downloader.currentDownloadCount == 1)
        harness.server.resume(Self.path)
        let outcomes = try await recorder.wait(count: 2)
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(outcomes.allSatisfy { $0.image?.pixelWidth == 4 })
        #expect(harness.server.requestCount(for: Self.path) == 1)
        #expect(harness.server.requestLog.first { $0.path == Self.path }?.headers["x-variant"] == "a")
    }

    @Test("plain identical requests, and ones differing only in decode or priority, make 1 request")
    func plainRequestsStillMerge() async throws {
        let harness = try heldHarness()
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        harness.download(Self.path, into: recorder)
        #expect(await harness.server.waitForRequests(Self.path, count: 1))
        harness.download(Self.path, into: recorder)
        harness.download(Self.path, options: [.highPriority, .avoidDecodeImage], into: recorder)
        #expect(harness.downloader.currentDownloadCount == 1)
        harness.server.resume(Self.path)
        let outcomes = try await recorder.wait(count: 3)
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(outcomes.allSatisfy { $0.errorCode == nil })
        #expect(recorder.values.count == 3)
        #expect(harness.server.requestCount(for: Self.path) == 1)
        #expect(harness.decoder.decodeCount == 1, "the two decoding callers share one decode")
    }

    @Test("requests differing in cookie handling or in the downloader's headers are not merged")
    func requestShapingDifferencesSplit() async throws {
        let harness = try heldHarness()
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        harness.download(Self.path, into: recorder)
        #expect(await harness.server.waitForRequests(Self.path, count: 1))
        harness.download(Self.path, options: .handleCookies, into: recorder)
        #expect(await harness.server.waitForRequests(Self.path, count: 2))
        harness.downloader.setHTTPHeaderValue("later", forField: "X-Later")
        harness.download(Self.path, into: recorder)
        #expect(await harness.server.waitForRequests(Self.path, count: 3))
        harness.server.resume(Self.path)
        let outcomes = try await recorder.wait(count: 3)
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(outcomes.allSatisfy { $0.errorCode == nil })
        let later = harness.server.requestLog.filter { $0.path == Self.path }.map { $0.headers["x-later"] }
        #expect(later.compactMap { $0 } == ["later"], "only the request made after the header change carries it")
    }
}
