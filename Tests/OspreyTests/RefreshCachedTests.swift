import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

/// `.refreshCached` calls back with the cached image at once, then a second time only when
/// the server sends a different image.
@Suite(".refreshCached", .offCooperativePool)
struct RefreshCachedTests {
    /// Starts a refresh of `url` and records every completion.
    private func refresh(_ fixture: ManagerFixture, _ url: URL,
                         options: ImageOptions = []) -> Recorder<Result<ImageResult, ImageError>> {
        let recorder = Recorder<Result<ImageResult, ImageError>>()
        fixture.manager.loadImage(with: url, options: options.union(.refreshCached), context: fixture.context) {
            recorder.record($0)
        }
        return recorder
    }

    private func cachedRoute(_ fixture: ManagerFixture, _ path: String, etag: String?) async throws -> (URL, Route) {
        var route = Route.ok(ManagerFixture.png(width: 8, height: 8, seed: 1), contentType: "image/png")
        route.etag = etag
        fixture.server.setRoute(path, route)
        let url = fixture.server.url(path)
        _ = try await fixture.load(url, options: .waitStoreCache).get()
        return (url, route)
    }

    @Test("304: the cached image comes at once, before the server answers; no second call")
    func notModified() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = try await cachedRoute(fixture, "/r.png", etag: "\"v1\"")
        fixture.server.suspend("/r.png")
        let calls = refresh(fixture, url)
        // The server holds the revalidation: the first call cannot be waiting for it.
        let first = try await calls.wait(count: 1)[0].get()
        #expect(first.cacheType == .memory)
        #expect(await fixture.server.waitForRequests("/r.png", count: 2))
        fixture.server.resume("/r.png")
        try await fixture.settle()
        #expect(calls.count == 1)
        let requests = fixture.server.requestLog.filter { $0.path == "/r.png" }
        #expect(requests.count == 2)
        #expect(requests.last?.headers["if-none-match"] == "\"v1\"")
    }

    @Test("304 by Last-Modified works too; a disk hit says .disk")
    func lastModifiedFromDisk() async throws {
        let fixture = try ManagerFixture()
        var route = Route.ok(ManagerFixture.png(seed: 3), contentType: "image/png")
        route.lastModified = Date(timeIntervalSince1970: 1_700_000_000)
        fixture.server.setRoute("/lm.png", route)
        let url = fixture.server.url("/lm.png")
        _ = try await fixture.load(url, options: .waitStoreCache).get()
        fixture.cache.clearMemory()
        fixture.server.suspend("/lm.png")
        let calls = refresh(fixture, url)
        #expect(try await calls.wait(count: 1)[0].get().cacheType == .disk)
        fixture.server.resume("/lm.png")
        try await fixture.settle()
        #expect(calls.count == 1)
        #expect(fixture.server.requestLog.last?.headers["if-modified-since"] != nil)
    }

    @Test("200 with a changed image: the cached image first, then the new one, which replaces it")
    func modified() async throws {
        let fixture = try ManagerFixture()
        var (url, route) = try await cachedRoute(fixture, "/m.png", etag: "\"v1\"")
        let newData = ManagerFixture.png(width: 12, height: 4, seed: 2)
        route.body = newData
        route.etag = "\"v2\""
        fixture.server.setRoute("/m.png", route)
        fixture.server.suspend("/m.png")
        let calls = refresh(fixture, url, options: .waitStoreCache)
        let first = try await calls.wait(count: 1)[0].get()
        #expect(first.cacheType == .memory)
        #expect(PlatformImageBridge.decodedImage(from: first.image)?.pixelSize == PixelSize(width: 8, height: 8))
        #expect(calls.count == 1)
        fixture.server.resume("/m.png")
        let second = try await calls.wait(count: 2)[1].get()
        #expect(second.cacheType == .none)
        #expect(second.data == newData)
        try await fixture.settle()
        #expect(calls.count == 2)
        let cached = try await fixture.load(url).get()
        #expect(cached.cacheType == .memory)
        #expect(PlatformImageBridge.decodedImage(from: cached.image)?.pixelSize == PixelSize(width: 12, height: 4))
        #expect(fixture.cache.diskImageData(forKey: url.absoluteString) == newData)
    }

    @Test("200 with the same bytes (a server without validators): no second call")
    func sameBytes() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = try await cachedRoute(fixture, "/same.png", etag: nil)
        let calls = refresh(fixture, url)
        #expect(try await calls.wait(count: 1)[0].get().cacheType == .memory)
        #expect(await fixture.server.waitForRequests("/same.png", count: 2))
        try await fixture.settle()
        #expect(calls.count == 1)
    }

    @Test("a failed revalidation or a cancel after the first call ends silently")
    func failureAndCancel() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = try await cachedRoute(fixture, "/f.png", etag: "\"v1\"")
        fixture.server.setRoute("/f.png", .status(503))
        let failing = refresh(fixture, url)
        #expect(try await failing.wait(count: 1)[0].get().cacheType == .memory)
        fixture.server.suspend("/f.png")
        let cancelled = Recorder<Result<ImageResult, ImageError>>()
        let operation = fixture.manager.loadImage(with: url, options: .refreshCached, context: fixture.context) {
            cancelled.record($0)
        }
        _ = try await cancelled.wait(count: 1)
        operation.cancel()
        fixture.server.resume("/f.png")
        try await fixture.settle()
        #expect(failing.count == 1)
        #expect(cancelled.count == 1)
    }

    @Test("without a cached image it is one plain load")
    func noCachedImage() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/cold.png")
        let calls = refresh(fixture, url)
        #expect(try await calls.wait(count: 1)[0].get().cacheType == .none)
        try await fixture.settle()
        #expect(calls.count == 1)
    }

    @Test("the async API returns the cached image and does not resume twice")
    func asyncReturnsFirst() async throws {
        let fixture = try ManagerFixture()
        var (url, route) = try await cachedRoute(fixture, "/a.png", etag: "\"v1\"")
        route.body = ManagerFixture.png(width: 5, height: 5, seed: 9)
        route.etag = "\"v2\""
        fixture.server.setRoute("/a.png", route)
        let result = try await fixture.manager.loadImage(with: url, options: .refreshCached)
        #expect(result.cacheType == .memory)
        try await fixture.settle()
    }
}
