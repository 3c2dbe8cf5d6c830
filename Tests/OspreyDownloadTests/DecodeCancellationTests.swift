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

/// Cancelled downloads stop their decodes: a decode running
/// for a set of callers gets a ``DecodeCancellation`` that is set once every caller waiting for
/// that decode has cancelled, and only then. ``SpinDecoder`` never finishes on its own, so a
/// decode that is not told keeps running (until the decoder's safety net, which fails the test).
@Suite("Cancelled downloads stop their decodes", .offCooperativePool)
struct DecodeCancellationTests {
    private static let path = "/spin.img"

    private func harness(_ spin: SpinDecoder) throws -> DownloadHarness {
        let harness = try DownloadHarness { config in
            config.coders = ImageCoders(decoders: [spin], encoders: [])
        }
        harness.server.setRoute(Self.path, .ok(SpinDecoder.bytes))
        return harness
    }

    @Test("cancelling the only caller mid-decode sets the flag and the decode stops")
    func soleCallerStopsDecode() async throws {
        let spin = SpinDecoder()
        let harness = try harness(spin)
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        let token = try #require(harness.download(Self.path, into: recorder))
        #expect(await waitForCondition { spin.allRuns.count == 1 }, "the decode started")
        token.cancel()
        #expect(await waitForCondition { spin.allRuns.first?.ended == true })
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        let run = try #require(spin.allRuns.first)
        #expect(run.cancellation != nil, "the decode was given a flag")
        #expect(run.sawCancellation, "the decode stopped because of the cancel, not its safety net")
        #expect(recorder.values.map(\.errorCode) == [.cancelled])
    }

    @Test("the flag is set only when the last caller of that decode cancels")
    func lastCallerOfTheDecode() async throws {
        let spin = SpinDecoder()
        let harness = try harness(spin)
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        harness.server.suspend(Self.path)
        let first = try #require(harness.download(Self.path, into: recorder))
        #expect(await harness.server.waitForRequests(Self.path, count: 1))
        let second = try #require(harness.download(Self.path, into: recorder))
        harness.server.resume(Self.path)
        #expect(await waitForCondition { spin.allRuns.count == 1 }, "one decode for both callers")
        let flag = try #require(spin.allRuns.first?.cancellation)
        first.cancel()
        // Set synchronously by `cancel()` when it is due, so checking right after is exact.
        #expect(!flag.isCancelled, "the second caller still waits for this decode")
        second.cancel()
        #expect(flag.isCancelled)
        #expect(await waitForCondition { spin.allRuns.first?.ended == true })
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(spin.allRuns.count == 1 && spin.allRuns[0].sawCancellation)
        #expect(recorder.values.map(\.errorCode) == [.cancelled, .cancelled])
    }

    @Test("decodes with different options have their own flags")
    func separateDecodesSeparateFlags() async throws {
        let spin = SpinDecoder()
        let harness = try harness(spin)
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        harness.server.suspend(Self.path)
        let full = try #require(harness.download(Self.path, into: recorder))
        #expect(await harness.server.waitForRequests(Self.path, count: 1))
        var thumbnail = harness.context
        thumbnail.thumbnailPixelSize = PixelSize(width: 8, height: 8)
        let small = try #require(harness.download(Self.path, context: thumbnail, into: recorder))
        harness.server.resume(Self.path)
        #expect(await waitForCondition { spin.allRuns.count == 2 }, "one decode per decode options")
        let flags = spin.allRuns.compactMap(\.cancellation)
        try #require(flags.count == 2)
        full.cancel()
        #expect(flags.filter(\.isCancelled).count == 1, "only the cancelled caller's decode is told")
        small.cancel()
        #expect(flags.allSatisfy { $0.isCancelled })
        #expect(await waitForCondition { spin.allRuns.allSatisfy(\.ended) })
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(spin.allRuns.allSatisfy { $0.sawCancellation })
        #expect(recorder.values.map(\.errorCode) == [.cancelled, .cancelled])
    }
}
