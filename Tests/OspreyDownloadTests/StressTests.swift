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

/// Many downloads of few URLs, cancelled at every stage from many threads: each `completed`
/// runs exactly once. Run it under `swift test --sanitize=thread`.
@Suite("Downloader stress", .offCooperativePool)
struct StressTests {
    static let downloads = 1_000
    static let urls = 20
    static let wave = 100

    @Test("1,000 downloads over 20 URLs with random cancellation: every completion exactly once")
    func thousandDownloads() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        for index in 0..<Self.urls {
            let route = Route.ok(TinyDecoder.bytes(width: UInt8(index + 1), height: 2, padding: index * 300))
            // Some URLs answer late, so requests for them merge and get cancelled mid-flight.
            harness.server.setRoute("/img\(index)", index.isMultiple(of: 4) ? route.with { $0.delay = 0.02 } : route)
        }
        let recorder = Recorder<(index: Int, outcome: Outcome)>()
        var generator = SeededGenerator(seed: 0x05B1E7)
        let plans = (0..<Self.downloads).map { _ in CancelPlan.random(using: &generator) }
        // In waves: each wave starts once most of the previous one completed, so later waves
        // both join running operations and make fresh ones for URLs whose download closed.
        for wave in 0..<(Self.downloads / Self.wave) {
            DispatchQueue.concurrentPerform(iterations: Self.wave) { offset in
                let index = wave * Self.wave + offset
                let plan = plans[index]
                var context = ImageContext()
                context.callbackQueue = index.isMultiple(of: 3) ? .current : .queue(harness.callbackQueue)
                let options: DownloaderOptions = index.isMultiple(of: 5) ? .avoidDecodeImage : []
                let cancelInProgress = Locked<DownloadToken?>(nil)
                let token = harness.downloader.downloadImage(
                    with: harness.server.url("/img\(index % Self.urls)"), options: options, context: context,
                    progress: { _ in
                        if plan == .inProgress { cancelInProgress.withLock { $0 }?.cancel() }
                    },
                    completed: { recorder.record((index, $0)) })
                switch plan {
                case .keep: break
                case .immediately: token?.cancel()
                case .soon: DispatchQueue.global().async { token?.cancel() }
                case .inProgress: cancelInProgress.withLock { $0 = token }
                }
            }
            _ = try await recorder.wait(count: max(0, (wave + 1) * Self.wave - Self.wave / 2), timeout: .seconds(60))
        }
        let results = try await recorder.wait(count: Self.downloads, timeout: .seconds(120))
        var perIndex = [Int](repeating: 0, count: Self.downloads)
        for result in results { perIndex[result.index] += 1 }
        #expect(perIndex.allSatisfy { $0 == 1 }, "each completion exactly once")
        let codes = tally(results.map(\.outcome))
        #expect(Set(codes.keys).isSubset(of: [nil, .cancelled]), "\(codes)")
        for result in results where plans[result.index] == .keep {
            #expect(result.outcome.errorCode == nil)
        }
        // A cancel right after `downloadImage` returns still races the delivery: a caller that
        // joined an operation whose body was just completing may be claimed for delivery (its
        // image on its way) before its `cancel()` runs, and then keeps its image, as documented
        // ("unless its completed already ran"). Seen under TSan: 1 in ~200. So success is
        // legal here, but most of these must have been cancelled.
        let immediate = results.filter { plans[$0.index] == .immediately }
        #expect(immediate.allSatisfy { $0.outcome.errorCode == .cancelled || $0.outcome.errorCode == nil })
        #expect(immediate.filter { $0.outcome.errorCode == .cancelled }.count * 2 > immediate.count)
        print("stress: \(harness.server.totalRequestCount) requests, outcomes \(codes)")
        #expect(harness.server.totalRequestCount < Self.downloads, "merged requests share one network request")
        #expect(harness.server.totalRequestCount > Self.urls, "later waves made fresh operations")
        #expect(harness.downloader.currentDownloadCount == 0)
    }
}

/// When a stress-test caller cancels.
enum CancelPlan: Equatable {
    case keep, immediately, soon, inProgress

    static func random(using generator: inout SeededGenerator) -> CancelPlan {
        switch generator.next() % 10 {
        case 0, 1: .immediately
        case 2: .soon
        case 3: .inProgress
        default: .keep
        }
    }
}

