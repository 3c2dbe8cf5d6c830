import Dispatch
import Foundation
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport
import OspreyTestTraits
import Testing

/// Cancelling a load reaches the decode it is waiting for, both the downloaded bytes' decode
/// (through the downloader's token) and a disk hit's decode (through the cache query token).
/// ``SpinDecoder`` never finishes by itself, so only the cancellation can end the decode; the
/// tests wait on conditions, never on time.
@Suite("Cancelling a load stops its decode", .offCooperativePool)
struct ManagerDecodeCancellationTests {
    private func cancelMidDecode(_ parts: ManagerFixture, _ spin: SpinDecoder, url: URL) async throws {
        let recorder = Recorder<Result<ImageResult, ImageError>>()
        let operation = parts.manager.loadImage(with: url, options: [], context: parts.context) { recorder.record($0) }
        #expect(await waitForCondition { spin.allRuns.count == 1 }, "the decode started")
        operation.cancel()
        #expect(await waitForCondition { spin.allRuns.first?.ended == true })
        try await parts.settle()
        let run = try #require(spin.allRuns.first)
        #expect(run.cancellation != nil, "the decode was given a flag")
        #expect(run.sawCancellation, "the decode stopped because of the cancel, not its safety net")
        #expect(spin.allRuns.count == 1)
        #expect(recorder.values.map { $0.failure?.code } == [.cancelled])
    }

    @Test("cancelling a load while its downloaded bytes decode stops that decode")
    func downloadDecode() async throws {
        let spin = SpinDecoder()
        let parts = try ManagerFixture(coders: ImageCoders(decoders: [spin], encoders: []))
        parts.server.setRoute("/spin", .ok(SpinDecoder.bytes))
        try await cancelMidDecode(parts, spin, url: parts.server.url("/spin"))
        #expect(parts.server.requestCount(for: "/spin") == 1)
    }

    @Test("cancelling a load while its disk hit decodes stops that decode")
    func diskHitDecode() async throws {
        let spin = SpinDecoder()
        let parts = try ManagerFixture(coders: ImageCoders(decoders: [spin], encoders: []))
        let url = parts.server.url("/on-disk")
        let key = try #require(parts.manager.cacheKey(for: url))
        #expect(parts.cache.storeImageDataToDisk(SpinDecoder.bytes, forKey: key))
        try await cancelMidDecode(parts, spin, url: url)
        #expect(parts.server.requestCount(for: "/on-disk") == 0, "a cancelled load does not go on to the network")
    }
}
