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

/// The network stack under every ordering the issue-10 crashes needed: LIFO with a tiny queue,
/// cancels at random moments, total deadlines of 10–30 ms that land in the middle of redirects,
/// and `invalidate()` racing downloads still waiting or starting. Each of these ended the test
/// process before the fixes (SIGSEGV in `notifyFinished`, FoundationNetworking's fatal errors
/// "Received callback for HTTP redirection" and "Session invalidated"). Bounded: 2,000
/// downloads in 8 rounds. Run it under `swift test --sanitize=thread` too.
@Suite("Network stack stress", .offCooperativePool)
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

    /// Makes a downloader with `configure` applied, decoding with a ``TinyDecoder``.
    static func downloader(_ configure: (inout ImageDownloaderConfig) -> Void) -> ImageDownloader {
        var config = ImageDownloaderConfig()
        config.coders = ImageCoders(decoders: [TinyDecoder()], encoders: [])
        configure(&config)
        return ImageDownloader(config: config)
    }

    /// Four back-to-back downloads of a delayed route with two slots and LIFO
    /// crashed 6 of 6 runs (a dependency added to an operation the queue was starting). Here the
    /// routes are held and released one by one, so the order checked is exact.
    @Test("LIFO, 2 slots, back-to-back downloads of held routes: all succeed, newest first", arguments: 0..<25)
    func lifoBackToBack(run: Int) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        // Every route is held, and released one at a time: which download gets the freed slot
        // is then decided by the downloader alone, not by which response happens to end first
        // (with delays, two slots freeing "at about the same time" raced under load).
        for index in 0..<6 {
            server.setRoute("/d\(index)", .ok(TinyDecoder.bytes()))
            server.suspend("/d\(index)")
        }
        let downloader = Self.downloader { config in
            config.maxConcurrentDownloads = 2
            config.executionOrder = .lifo
            config.downloadTimeout = 120
        }
        defer { downloader.invalidate() }
        let callbackQueue = DispatchQueue(label: "osprey.tests.lifo")
        var context = ImageContext()
        context.callbackQueue = .queue(callbackQueue)
        let recorder = Recorder<Outcome>()
        for index in 0..<6 {
            downloader.downloadImage(with: server.url("/d\(index)"), context: context) { recorder.record($0) }
        }
        func arrivals() -> [String] { server.requestLog.sorted { $0.sequence < $1.sequence }.map(\.path) }
        // The first two take the free slots.
        #expect(await server.waitForRequests("/d0", count: 1))
        #expect(await server.waitForRequests("/d1", count: 1))
        #expect(Set(arrivals()) == ["/d0", "/d1"])
        // Each freed slot goes to the newest waiting download.
        var released = ["/d0"]
        for expected in ["/d5", "/d4", "/d3", "/d2"] {
            server.resume(released.last!)
            #expect(await server.waitForRequests(expected, count: 1))
            #expect(arrivals().count == 2 + released.count, "exactly one new request per freed slot")
            released.append(expected)
        }
        server.resume("/d1")
        server.resume("/d2")
        let outcomes = try await recorder.wait(count: 6)
        #expect(outcomes.allSatisfy { $0.image != nil })
        #expect(Array(arrivals().dropFirst(2)) == ["/d5", "/d4", "/d3", "/d2"])
        try await waitUntilIdle(downloader, draining: callbackQueue)
        #expect(recorder.count == 6)
    }

    /// A cancel or a deadline while FoundationNetworking waited for the
    /// answer to a redirect was a fatal error in `_HTTPURLProtocol.didCompleteRedirectCallback`.
    @Test("cancels and 10–30 ms deadlines during redirect loops: no crash, each completion once")
    func cancelDuringRedirects() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        Self.install(on: server)
        var generator = SeededGenerator(seed: 0x2ED1)
        for round in 0..<4 {
            let downloader = Self.downloader { config in
                config.maxConcurrentDownloads = 6
                config.downloadTimeout = 0.010 + 0.005 * Double(round)
            }
            let callbackQueue = DispatchQueue(label: "osprey.tests.redirect-stress")
            var context = ImageContext()
            context.callbackQueue = .queue(callbackQueue)
            let recorder = Recorder<Outcome>()
            let cancels = DispatchGroup()
            for index in 0..<200 {
                let path = index.isMultiple(of: 2) ? "/loop\(index % 8)" : "/hop\(index % 8)"
                let token = downloader.downloadImage(with: server.url(path), context: context) { recorder.record($0) }
                if generator.next(below: 2) == 0 {
                    cancels.enter()
                    let delay = Double(generator.next(below: 15)) / 1000
                    DispatchQueue.global().asyncAfter(deadline: .now() + delay) { token?.cancel(); cancels.leave() }
                }
            }
            _ = try await recorder.wait(count: 200, timeout: .seconds(60))
            await withCheckedContinuation { continuation in
                cancels.notify(queue: .global()) { continuation.resume() }
            }
            try await waitUntilIdle(downloader, draining: callbackQueue)
            #expect(recorder.count == 200)
            downloader.invalidate()
        }
    }

    /// `invalidate()` while downloads waited or were starting crashed with
    /// "Session invalidated" from `startDataTask` in 3 of 8 runs. Every waiting download must
    /// end with `.cancelled` and make no request.
    @Test("invalidate() racing queued and starting downloads: queued ones end .cancelled, no crash", arguments: 0..<10)
    func invalidateRacingQueue(run: Int) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        Self.install(on: server)
        let downloader = Self.downloader { config in
            config.maxConcurrentDownloads = 2
            config.executionOrder = run.isMultiple(of: 2) ? .lifo : .fifo
        }
        let callbackQueue = DispatchQueue(label: "osprey.tests.invalidate-race")
        var callbackContext = ImageContext()
        callbackContext.callbackQueue = .queue(callbackQueue)
        let context = callbackContext
        let recorder = Recorder<Outcome>()
        let started = DispatchSemaphore(value: 0)
        let issuer = Thread {
            for index in 0..<300 {
                if index == 20 { started.signal() }
                downloader.downloadImage(with: server.url("/slow\(index % 8)"), context: context) {
                    recorder.record($0)
                }
            }
        }
        issuer.start()
        started.wait()
        downloader.invalidate()
        let outcomes = try await recorder.wait(count: 300, timeout: .seconds(60))
        try await waitUntilIdle(downloader, draining: callbackQueue)
        #expect(recorder.count == 300)
        let codes = tally(outcomes)
        #expect(Set(codes.keys).isSubset(of: [nil, .cancelled]), "\(codes)")
        // Only downloads that got a slot before `invalidate()` reached the server.
        #expect(server.totalRequestCount <= codes[nil, default: 0] + 2 * 2)
    }
}
