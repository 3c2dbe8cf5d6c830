import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

/// A real cache whose queries wait until the test releases them, so a cancel can be placed
/// deterministically "during the cache query".
final class HeldCache: ImageCaching {
    let base: ImageCache
    let gate = DispatchSemaphore(value: 0)
    let queries = Recorder<String>()

    init(base: ImageCache) { self.base = base }

    func release() { gate.signal() }

    func queryImage(forKey key: String, options: ImageOptions, context: ImageContext, cacheType: ImageCacheType,
                    completion: @escaping @Sendable (PlatformImage?, Data?, ImageCacheType) -> Void) -> (any Cancellable)? {
        let token = HeldQuery()
        DispatchQueue.global().async { [self] in
            queries.record(key)
            gate.wait()
            guard !token.isCancelled else { return completion(nil, nil, .none) }
            base.queryImage(forKey: key, options: options, context: context, cacheType: cacheType, completion: completion)
        }
        return token
    }

    func store(_ image: PlatformImage?, imageData: Data?, forKey key: String, cacheType: ImageCacheType,
               completion: (@Sendable () -> Void)?) {
        base.store(image, imageData: imageData, forKey: key, cacheType: cacheType, completion: completion)
    }

    func removeImage(forKey key: String, cacheType: ImageCacheType, completion: (@Sendable () -> Void)?) {
        base.removeImage(forKey: key, cacheType: cacheType, completion: completion)
    }

    func containsImage(forKey key: String, cacheType: ImageCacheType, completion: @escaping @Sendable (ImageCacheType) -> Void) {
        base.containsImage(forKey: key, cacheType: cacheType, completion: completion)
    }

    func clear(cacheType: ImageCacheType, completion: (@Sendable () -> Void)?) {
        base.clear(cacheType: cacheType, completion: completion)
    }
}

final class HeldQuery: Cancellable {
    private let cancelled = Locked(false)
    func cancel() { cancelled.withLock { $0 = true } }
    var isCancelled: Bool { cancelled.withLock { $0 } }
}

@Suite("ImageManager cancellation", .offCooperativePool)
struct ManagerCancellationTests {
    @Test("cancel during the cache query: one .cancelled, no request")
    func duringQuery() async throws {
        let fixture = try ManagerFixture()
        let held = HeldCache(base: fixture.cache)
        let manager = ImageManager(cache: held, loader: fixture.downloader)
        let (url, _) = fixture.serveImage("/q.png")
        let recorder = Recorder<Result<ImageResult, ImageError>>()
        let operation = manager.loadImage(with: url, context: fixture.context) { recorder.record($0) }
        _ = try await held.queries.first()
        operation.cancel()
        held.release()
        #expect(try await recorder.first().failure?.code == .cancelled)
        // Count only once nothing can still call back.
        try await fixture.settle(manager: manager)
        #expect(fixture.server.requestCount(for: "/q.png") == 0)
        #expect(recorder.count == 1)
        #expect(!manager.isRunning)
    }

    @Test("cancel while queued behind another download: one .cancelled, never requested")
    func whileQueued() async throws {
        // The first download is held until the test resumes it: under a busy CPU that can take
        // a while, so the fixture's deadline is generous.
        let fixture = try ManagerFixture(maxConcurrentDownloads: 1)
        fixture.serveImage("/first.png")
        fixture.serveImage("/second.png", seed: 2)
        fixture.server.suspend("/first.png")
        let first = Recorder<Result<ImageResult, ImageError>>()
        let second = Recorder<Result<ImageResult, ImageError>>()
        fixture.manager.loadImage(with: fixture.server.url("/first.png"), context: fixture.context) { first.record($0) }
        #expect(await fixture.server.waitForRequests("/first.png", count: 1))
        let operation = fixture.manager.loadImage(with: fixture.server.url("/second.png"), context: fixture.context) {
            second.record($0)
        }
        operation.cancel()
        #expect(try await second.first().failure?.code == .cancelled)
        fixture.server.resume("/first.png")
        let firstResult = try await first.first(timeout: .seconds(300))
        #expect(firstResult.failure == nil, "first load: \(String(describing: firstResult.failure))")
        try await fixture.settle(timeout: 300)
        #expect(fixture.server.requestCount(for: "/second.png") == 0)
        #expect(second.count == 1)
        #expect(first.count == 1)
    }

    @Test("cancel while downloading: one .cancelled, the connection is dropped")
    func whileDownloading() async throws {
        let fixture = try ManagerFixture()
        fixture.serveImage("/slow.png")
        fixture.server.suspend("/slow.png")
        let recorder = Recorder<Result<ImageResult, ImageError>>()
        let operation = fixture.manager.loadImage(with: fixture.server.url("/slow.png"), context: fixture.context) {
            recorder.record($0)
        }
        #expect(await fixture.server.waitForRequests("/slow.png", count: 1))
        operation.cancel()
        operation.cancel()
        #expect(try await recorder.first().failure?.code == .cancelled)
        #expect(await fixture.server.waitForOpenConnections(atMost: 0))
        try await fixture.settle()
        #expect(recorder.count == 1)
        #expect(operation.isCancelled)
    }

    @Test("cancelAll cancels every load in flight exactly once")
    func cancelAll() async throws {
        let fixture = try ManagerFixture()
        let recorder = Recorder<Result<ImageResult, ImageError>>()
        for index in 0..<10 {
            fixture.serveImage("/all\(index).png", seed: index)
            fixture.server.suspend("/all\(index).png")
            fixture.manager.loadImage(with: fixture.server.url("/all\(index).png"), context: fixture.context) {
                recorder.record($0)
            }
        }
        #expect(fixture.manager.isRunning)
        fixture.manager.cancelAll()
        let results = try await recorder.wait(count: 10)
        #expect(results.allSatisfy { $0.failure?.code == .cancelled })
        try await fixture.settle()
        #expect(!fixture.manager.isRunning)
        #expect(recorder.count == 10)
    }
}
