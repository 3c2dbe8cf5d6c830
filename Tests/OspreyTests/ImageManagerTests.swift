import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

@Suite("ImageManager", .offCooperativePool)
struct ImageManagerTests {
    @Test("a miss downloads once and stores; the next load is a memory hit with no request")
    func missThenMemoryHit() async throws {
        let fixture = try ManagerFixture()
        let (url, data) = fixture.serveImage("/a.png", width: 20, height: 10)
        let first = try await fixture.load(url).get()
        #expect(first.cacheType == .none)
        #expect(first.data == data)
        #expect(PlatformImageBridge.decodedImage(from: first.image)?.pixelSize == PixelSize(width: 20, height: 10))
        let second = try await fixture.load(url).get()
        #expect(second.cacheType == .memory)
        #expect(fixture.server.requestCount(for: "/a.png") == 1)
        #expect(fixture.cache.diskImageData(forKey: url.absoluteString) == data)
    }

    @Test("a disk hit decodes the stored bytes without a request")
    func diskHit() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/b.png")
        var context = fixture.context
        context.storeCacheType = .all
        var options = ImageOptions()
        options.insert(.waitStoreCache)
        _ = try await fixture.load(url, options: options).get()
        await withCheckedContinuation { done in fixture.cache.clear(cacheType: .memory) { done.resume() } }
        let result = try await fixture.load(url).get()
        #expect(result.cacheType == .disk)
        #expect(fixture.server.requestCount(for: "/b.png") == 1)
    }

    @Test("nil, empty and unsupported URLs fail with .invalidURL", arguments: [nil, "", "ftp://127.0.0.1/x.png"])
    func invalidURL(text: String?) async throws {
        let fixture = try ManagerFixture()
        let result = try await fixture.load(text.flatMap { URL(string: $0) })
        #expect(result.failure?.code == .invalidURL)
    }

    @Test("a 404 blacklists the URL; .retryFailed and removeFailedURL let it through again")
    func blacklist() async throws {
        let fixture = try ManagerFixture()
        fixture.server.setRoute("/missing.png", .status(404))
        let url = fixture.server.url("/missing.png")
        #expect(try await fixture.load(url).failure?.code == .invalidDownloadStatusCode)
        #expect(try await fixture.load(url).failure?.code == .blackListed)
        #expect(fixture.server.requestCount(for: "/missing.png") == 1)
        fixture.serveImage("/missing.png")
        #expect(try await fixture.load(url, options: .retryFailed).failure == nil)
        #expect(fixture.manager.isFailedURL(url) == false)
        fixture.server.setRoute("/gone.png", .status(404))
        let gone = fixture.server.url("/gone.png")
        _ = try await fixture.load(gone)
        fixture.manager.removeFailedURL(gone)
        #expect(try await fixture.load(gone).failure?.code == .invalidDownloadStatusCode)
    }

    @Test("a server error (503) is not blacklisted")
    func transientNotBlacklisted() async throws {
        let fixture = try ManagerFixture()
        fixture.server.setRoute("/busy.png", .status(503))
        let url = fixture.server.url("/busy.png")
        #expect(try await fixture.load(url).failure?.code == .invalidDownloadStatusCode)
        #expect(try await fixture.load(url).failure?.code == .invalidDownloadStatusCode)
        #expect(fixture.server.requestCount(for: "/busy.png") == 2)
    }

    @Test(".fromCacheOnly: a miss is .cacheMiss with no request; a hit is served")
    func fromCacheOnly() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/c.png")
        #expect(try await fixture.load(url, options: .fromCacheOnly).failure?.code == .cacheMiss)
        #expect(fixture.server.requestCount(for: "/c.png") == 0)
        _ = try await fixture.load(url).get()
        #expect(try await fixture.load(url, options: .fromCacheOnly).get().cacheType == .memory)
    }

    @Test(".fromLoaderOnly skips the cache")
    func fromLoaderOnly() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/d.png")
        _ = try await fixture.load(url).get()
        #expect(try await fixture.load(url, options: .fromLoaderOnly).get().cacheType == .none)
        #expect(fixture.server.requestCount(for: "/d.png") == 2)
    }

    @Test("100 concurrent loads of one URL make one request and 100 completions")
    func coalescing() async throws {
        let fixture = try ManagerFixture()
        fixture.serveImage("/one.png")
        fixture.server.suspend("/one.png")
        let url = fixture.server.url("/one.png")
        let recorder = Recorder<Result<ImageResult, ImageError>>()
        for _ in 0..<100 {
            fixture.manager.loadImage(with: url, context: fixture.context) { recorder.record($0) }
        }
        #expect(await fixture.server.waitForRequests("/one.png", count: 1))
        fixture.server.resume("/one.png")
        let results = try await recorder.wait(count: 100)
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(fixture.server.requestCount(for: "/one.png") == 1)
        #expect(recorder.count == 100)
    }

    @Test("the async API returns the image and throws ImageError")
    func asyncAPI() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/e.png")
        let result = try await fixture.manager.loadImage(with: url)
        #expect(result.url == url)
        fixture.server.setRoute("/f.png", .status(500))
        await #expect(throws: ImageError.self) { try await fixture.manager.loadImage(with: fixture.server.url("/f.png")) }
    }

    @Test("cancelling the Swift task cancels the load")
    func asyncCancellation() async throws {
        let fixture = try ManagerFixture()
        fixture.serveImage("/held.png")
        fixture.server.suspend("/held.png")
        let url = fixture.server.url("/held.png")
        let task = Task { try await fixture.manager.loadImage(with: url) }
        #expect(await fixture.server.waitForRequests("/held.png", count: 1))
        task.cancel()
        let outcome = await task.result
        #expect((outcome.failure as? ImageError)?.code == .cancelled)
        fixture.server.resume("/held.png")
    }

    @Test("a context's cache and loader override the manager's")
    func contextOverrides() async throws {
        let fixture = try ManagerFixture()
        let other = try ManagerFixture()
        let (url, _) = fixture.serveImage("/g.png")
        var context = fixture.context
        context.cache = other.cache
        _ = try await fixture.load(url, context: context).get()
        #expect(other.cache.imageFromMemoryCache(forKey: url.absoluteString) != nil)
        #expect(fixture.cache.imageFromMemoryCache(forKey: url.absoluteString) == nil)
    }

    @Test("a transformer's result is cached under its own key; the original bytes under the URL")
    func transformer() async throws {
        let fixture = try ManagerFixture()
        let (url, data) = fixture.serveImage("/t.png", width: 30, height: 20)
        var context = fixture.context
        context.transformer = RotatingTransformer(quarterTurns: 1)
        let result = try await fixture.load(url, options: .waitStoreCache, context: context).get()
        #expect(PlatformImageBridge.decodedImage(from: result.image)?.pixelSize == PixelSize(width: 20, height: 30))
        let key = try #require(fixture.manager.cacheKey(for: url, context: context))
        #expect(key != url.absoluteString)
        #expect(fixture.cache.imageFromMemoryCache(forKey: key) != nil)
        #expect(fixture.cache.diskImageData(forKey: url.absoluteString) == data)
        // A different transformer on the same URL is derived from the disk bytes, no request.
        context.transformer = FlippingTransformer(horizontal: true, vertical: false)
        let flipped = try await fixture.load(url, context: context).get()
        #expect(flipped.cacheType == .disk)
        #expect(fixture.server.requestCount(for: "/t.png") == 1)
    }

    @Test("a thumbnail load decodes small and keeps the full image separate")
    func thumbnail() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/big.png", width: 64, height: 32)
        var context = fixture.context
        context.thumbnailPixelSize = PixelSize(width: 16, height: 16)
        let small = try await fixture.load(url, context: context).get()
        #expect(PlatformImageBridge.decodedImage(from: small.image)?.pixelSize == PixelSize(width: 16, height: 8))
        let full = try await fixture.load(url).get()
        #expect(PlatformImageBridge.decodedImage(from: full.image)?.pixelSize == PixelSize(width: 64, height: 32))
    }
}
