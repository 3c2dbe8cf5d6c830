import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

@Suite("ImagePrefetcher", .offCooperativePool)
struct ImagePrefetcherTests {
    @Test("counts finished and skipped URLs, reports progress up to the total, completes once")
    func counts() async throws {
        let fixture = try ManagerFixture()
        var urls: [URL] = []
        for index in 0..<10 {
            if index % 5 == 4 {
                fixture.server.setRoute("/p\(index).png", .status(404))
                urls.append(fixture.server.url("/p\(index).png"))
            } else {
                urls.append(fixture.serveImage("/p\(index).png", seed: index).0)
            }
        }
        let prefetcher = ImagePrefetcher(manager: fixture.manager)
        #expect(prefetcher.maxConcurrentPrefetchCount == 3)
        #expect(prefetcher.options == [.lowPriority])
        let progress = Recorder<Int>()
        let done = Recorder<PrefetchSummary>()
        prefetcher.prefetchURLs(urls, context: fixture.context, progress: { finished, _ in progress.record(finished) },
                                completed: { done.record($0) })
        let summary = try await done.first()
        #expect(summary == PrefetchSummary(finishedCount: 10, skippedCount: 2, total: 10))
        #expect(progress.values == Array(1...10))
        #expect(fixture.server.totalRequestCount == 10)
        for url in urls.enumerated().filter({ $0.offset % 5 != 4 }).map(\.element) {
            #expect(fixture.cache.imageFromMemoryCache(forKey: url.absoluteString) != nil)
        }
        // Count only once nothing can still call back.
        try await fixture.settle()
        #expect(done.count == 1)
    }

    @Test("cancel stops the rest; completed still runs once; another call is unaffected")
    func cancel() async throws {
        let fixture = try ManagerFixture()
        var held: [URL] = []
        for index in 0..<10 {
            fixture.serveImage("/h\(index).png", seed: index)
            fixture.server.suspend("/h\(index).png")
            held.append(fixture.server.url("/h\(index).png"))
        }
        let free = (0..<4).map { fixture.serveImage("/free\($0).png", seed: 50 + $0).0 }
        let prefetcher = ImagePrefetcher(manager: fixture.manager)
        prefetcher.maxConcurrentPrefetchCount = 2
        let heldDone = Recorder<PrefetchSummary>()
        let freeDone = Recorder<PrefetchSummary>()
        let token = prefetcher.prefetchURLs(held, context: fixture.context, completed: { heldDone.record($0) })
        #expect(await fixture.server.waitForRequests("/h1.png", count: 1))
        prefetcher.prefetchURLs(free, context: fixture.context, completed: { freeDone.record($0) })
        token.cancel()
        let summary = try await heldDone.first()
        #expect(summary.finishedCount == 0)
        #expect(summary.total == 10)
        #expect(try await freeDone.first() == PrefetchSummary(finishedCount: 4, skippedCount: 0, total: 4))
        for index in 0..<10 { fixture.server.resume("/h\(index).png") }
        try await fixture.settle()
        #expect((2..<10).allSatisfy { fixture.server.requestCount(for: "/h\($0).png") == 0 })
        #expect(heldDone.count == 1)
        #expect(freeDone.count == 1)
        #expect(token.isCancelled)
    }

    @Test("an empty list completes at once")
    func empty() async throws {
        let fixture = try ManagerFixture()
        let done = Recorder<PrefetchSummary>()
        ImagePrefetcher(manager: fixture.manager).prefetchURLs([], context: fixture.context, completed: { done.record($0) })
        #expect(try await done.first() == PrefetchSummary(finishedCount: 0, skippedCount: 0, total: 0))
    }
}
