import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackServer
import OspreyCore
import OspreyDownload
import OspreyTestSupport
import Testing

/// The network stack under every ordering the issue-10 crashes needed: LIFO with a tiny queue,
/// cancels at random moments, total deadlines of 10–30 ms that land in the middle of redirects,
/// and `invalidate()` racing downloads still waiting or starting. Each of these ended the test
/// process before the fixes (SIGSEGV in `notifyFinished`, FoundationNetworking's fatal errors
/// "Received callback for HTTP redirection" and "Session invalidated"). Bounded: 2,000
/// downloads in 8 rounds. Run it under `swift test --sanitize=thread` too.
@Suite("Network stack stress")
struct NetworkStackStressTests {
    static let rounds = 8
    static let perRound = 250

    /// The routes: plain, delayed, redirecting once, and redirecting to itself (a loop that
    /// FoundationNetworking stops after 20 hops, keeping a redirect answer pending often).
    static func install(on server: LoopbackServer) {
        for index in 0..<8 {
            let body = TinyDecoder.bytes(width: UInt8(index + 1), height: 2, padding: index * 100)
            server.setRoute("/plain\(index)", .ok(body))
            server.setRoute("/slow\(index)", .ok(body).with { $0.delay = 0.005 * Double(index % 4 + 1) })
            server.setRoute("/hop\(index)", .redirect(to: "/plain\(index)"))
            server.setRoute("/loop\(index)", .redirect(to: "/loop\(index)"))
        }
    }

    static func path(_ index: Int, using generator: inout SeededGenerator) -> String {
        let kind = ["/plain", "/slow", "/hop", "/loop"][generator.next(below: 4)]
        return "\(kind)\(generator.next(below: 8))"
    }

    @Test("2,000 LIFO downloads, random cancels, 10–30 ms deadlines, redirects, invalidate(): no crash, each completion once")
    func lifoCancelDeadlineInvalidate() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        Self.install(on: server)
        var generator = SeededGenerator(seed: 0x0DD_5EED)
        var total: [ImageError.Code?: Int] = [:]
        for round in 0..<Self.rounds {
            let decoder = TinyDecoder()
            var config = ImageDownloaderConfig()
            config.coders = ImageCoders(decoders: [decoder], encoders: [])
            config.executionOrder = round.isMultiple(of: 4) ? .fifo : .lifo
            config.maxConcurrentDownloads = 1 + round % 3
            config.downloadTimeout = 0.010 + 0.020 * Double(round) / Double(Self.rounds - 1)
            let downloader = ImageDownloader(config: config)
            let callbackQueue = DispatchQueue(label: "osprey.tests.stack-stress")
            var context = ImageContext()
            context.callbackQueue = .queue(callbackQueue)
            let recorder = Recorder<(index: Int, outcome: Outcome)>()
            let cancels = DispatchGroup()
            // Half the rounds invalidate in the middle of issuing downloads, the rest at the end.
            let invalidateAt = round.isMultiple(of: 2) ? generator.next(below: Self.perRound) : Self.perRound
            for index in 0..<Self.perRound {
                if index == invalidateAt {
                    cancels.enter()
                    DispatchQueue.global().async { downloader.invalidate(); cancels.leave() }
                }
                let path = Self.path(index, using: &generator)
                let plan = CancelPlan.random(using: &generator)
                let options: DownloaderOptions = generator.next(below: 3) == 0 ? .highPriority : []
                let token = downloader.downloadImage(with: server.url(path), options: options, context: context) {
                    recorder.record((index, $0))
                }
                switch plan {
                case .keep: break
                case .immediately: token?.cancel()
                case .soon, .inProgress:
                    cancels.enter()
                    let delay = Double(generator.next(below: 20)) / 1000
                    DispatchQueue.global().asyncAfter(deadline: .now() + delay) { token?.cancel(); cancels.leave() }
                }
            }
            let results = try await recorder.wait(count: Self.perRound, timeout: .seconds(60))
            downloader.invalidate()
            await withCheckedContinuation { continuation in
                cancels.notify(queue: .global()) { continuation.resume() }
            }
            try await waitUntilIdle(downloader, draining: callbackQueue)
            #expect(recorder.count == Self.perRound, "round \(round): a completion ran twice")
            var perIndex = [Int](repeating: 0, count: Self.perRound)
            for result in recorder.values { perIndex[result.index] += 1 }
            #expect(perIndex.allSatisfy { $0 == 1 }, "round \(round): each completion exactly once")
            for result in results { total[result.outcome.errorCode, default: 0] += 1 }
        }
        print("network stack stress: \(server.totalRequestCount) requests, outcomes \(total)")
        let expected: Set<ImageError.Code?> = [nil, .cancelled, .timedOut, .invalidDownloadResponse, .network]
        #expect(Set(total.keys).isSubset(of: expected), "\(total)")
    }
}
