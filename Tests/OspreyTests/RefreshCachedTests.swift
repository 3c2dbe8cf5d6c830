import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

@Suite(".refreshCached", .offCooperativePool)
struct RefreshCachedTests {
    @Test("304: the cached image comes back after a conditional GET with the stored ETag")
    func notModified() async throws {
        let fixture = try ManagerFixture()
        var route = Route.ok(ManagerFixture.png(seed: 1), contentType: "image/png")
        route.etag = "\"v1\""
        fixture.server.setRoute("/r.png", route)
        let url = fixture.server.url("/r.png")
        _ = try await fixture.load(url, options: .waitStoreCache).get()
        let refreshed = try await fixture.load(url, options: .refreshCached).get()
        #expect(refreshed.cacheType == .memory)
        let requests = fixture.server.requestLog.filter { $0.path == "/r.png" }
        #expect(requests.count == 2)
        #expect(requests.last?.headers["if-none-match"] == "\"v1\"")
    }

    @Test("304 by Last-Modified works too")
    func lastModified() async throws {
        let fixture = try ManagerFixture()
        var route = Route.ok(ManagerFixture.png(seed: 3), contentType: "image/png")
        route.lastModified = Date(timeIntervalSince1970: 1_700_000_000)
        fixture.server.setRoute("/lm.png", route)
        let url = fixture.server.url("/lm.png")
        _ = try await fixture.load(url, options: .waitStoreCache).get()
        let refreshed = try await fixture.load(url, options: .refreshCached).get()
        #expect(refreshed.cacheType != .none)
        #expect(fixture.server.requestLog.last?.headers["if-modified-since"] != nil)
    }

    @Test("200: a changed image replaces the cached one")
    func modified() async throws {
        let fixture = try ManagerFixture()
        var route = Route.ok(ManagerFixture.png(width: 8, height: 8, seed: 1), contentType: "image/png")
        route.etag = "\"v1\""
        fixture.server.setRoute("/m.png", route)
        let url = fixture.server.url("/m.png")
        _ = try await fixture.load(url, options: .waitStoreCache).get()
        let newData = ManagerFixture.png(width: 12, height: 4, seed: 2)
        route.body = newData
        route.etag = "\"v2\""
        fixture.server.setRoute("/m.png", route)
        let refreshed = try await fixture.load(url, options: [.refreshCached, .waitStoreCache]).get()
        #expect(refreshed.cacheType == .none)
        #expect(refreshed.data == newData)
        let cached = try await fixture.load(url).get()
        #expect(cached.cacheType == .memory)
        #expect(PlatformImageBridge.decodedImage(from: cached.image)?.pixelSize == PixelSize(width: 12, height: 4))
        #expect(fixture.cache.diskImageData(forKey: url.absoluteString) == newData)
    }
}
