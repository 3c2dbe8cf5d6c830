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

/// ``ImageDownloaderConfig/minimumProgressInterval``, after SDWebImage's: progress callbacks
/// at least that fraction of the expected length apart, the last piece always reported.
@Suite("Progress interval", .offCooperativePool)
struct ProgressIntervalTests {
    static let body = TinyDecoder.bytes(padding: 1 << 20)

    /// Downloads the 1 MiB body (dripped, so it arrives in many pieces) and returns the
    /// progress reports, in order.
    func reports(interval: Double) async throws -> [ImageProgress] {
        let harness = try DownloadHarness { $0.minimumProgressInterval = interval }
        defer { harness.close() }
        harness.server.setRoute("/big", .ok(Self.body).with { $0.bytesPerSecond = 8 << 20 })
        let progress = Recorder<ImageProgress>()
        let recorder = Recorder<Outcome>()
        harness.download("/big", options: .avoidDecodeImage, into: recorder) { progress.record($0) }
        #expect(try await recorder.first().data?.count == Self.body.count)
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        return progress.values
    }

    @Test("0.1 → about ten reports for 1 MiB, the last one complete")
    func tenthInterval() async throws {
        let values = try await reports(interval: 0.1)
        let total = Int64(Self.body.count)
        print("progress interval 0.1: \(values.count) reports")
        // The response head (0 bytes), at most one per tenth, and the last piece.
        #expect(values.count <= 12)
        #expect(values.last?.receivedBytes == total)
        let steps = zip(values.dropFirst(), values.dropFirst(2)).map { $1.receivedBytes - $0.receivedBytes }
        #expect(steps.dropLast().allSatisfy { $0 >= total / 10 })
    }

    @Test("0 (the default) → every piece")
    func everyPiece() async throws {
        let values = try await reports(interval: 0)
        print("progress interval 0: \(values.count) reports")
        #expect(values.count > 12)
        #expect(values.last?.receivedBytes == Int64(Self.body.count))
    }
}
