import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackServer
import OspreyTestTraits
import Testing

/// Faults that change *what* the response says: status codes, redirects (and a loop),
/// Content-Type, conditional GET, empty bodies.
@Suite("Faults: response shape", .offCooperativePool)
final class ResponseFaultTests: Sendable {
    let server: LoopbackServer
    let client = TestClient()

    init() throws {
        server = try LoopbackServer()
    }

    deinit {
        client.invalidate()
        server.stop()
    }

    @Test("any status code reaches the client with its body", arguments: [404, 410, 500, 503])
    func statusCode(_ code: Int) async throws {
        server.setRoute("/status", .status(code, body: Data("oops".utf8)))
        let reply = try await client.get(server.url("/status"))
        #expect(reply.status == code)
        #expect(reply.text == "oops")
    }

    @Test("a redirect is followed to its target")
    func redirectFollowed() async throws {
        server.setRoute("/old", .redirect(to: "/new"))
        server.setRoute("/new", .ok(Data("moved".utf8)))
        let reply = try await client.get(server.url("/old"))
        #expect(reply.status == 200)
        #expect(reply.text == "moved")
        #expect(reply.response.url?.path == "/new")
        #expect(server.requestLog.map(\.path) == ["/old", "/new"])
    }

    @Test("a redirect to an absolute URL and with 301 is followed too")
    func absoluteRedirect() async throws {
        server.setRoute("/old", .redirect(to: server.url("/new?v=2").absoluteString, status: 301))
        server.setRoute("/new", .ok(Data("moved".utf8)))
        let reply = try await client.get(server.url("/old"))
        #expect(reply.text == "moved")
        #expect(server.requestLog.last?.query == "v=2")
    }

    /// FoundationNetworking gives up after 20 redirects (21 requests in all) with
    /// `URLError.httpTooManyRedirects` (-1007), the same code as Apple's URLSession.
    @Test("a redirect loop ends in httpTooManyRedirects")
    func redirectLoop() async throws {
        server.setRoute("/ping", .redirect(to: "/pong"))
        server.setRoute("/pong", .redirect(to: "/ping"))
        let error = await #expect(throws: URLError.self) { try await self.client.get(self.server.url("/ping")) }
        #expect(error?.code == .httpTooManyRedirects)
        #expect(server.requestCount(for: "/ping") + server.requestCount(for: "/pong") > 2)
    }

    @Test("the Content-Type is the route's, and absent when nil")
    func contentType() async throws {
        server.setRoute("/webp", .ok(Data([1, 2, 3]), contentType: "image/webp"))
        server.setRoute("/untyped", .ok(Data([1, 2, 3]), contentType: nil))
        let typed = try await client.get(server.url("/webp"))
        #expect(typed.header("Content-Type") == "image/webp")
        #expect(typed.response.mimeType == "image/webp")
        let untyped = try await client.get(server.url("/untyped"))
        #expect(untyped.header("Content-Type") == nil)
    }

    @Test("extra headers are sent and can replace the server's own")
    func extraHeaders() async throws {
        var route = Route.ok(Data("x".utf8))
        route.headers = ["Cache-Control": "max-age=60", "X-Test": "yes"]
        server.setRoute("/headers", route)
        let reply = try await client.get(server.url("/headers"))
        #expect(reply.header("Cache-Control") == "max-age=60")
        #expect(reply.header("X-Test") == "yes")
        #expect(reply.header("Date") != nil)
    }

    /// FoundationNetworking surfaces the 304 as is (status 304, empty body): it has no HTTP
    /// cache on Linux (URLCache never stores responses), so nothing turns it back into the
    /// cached 200 the way Apple's URLSession can. Header names come back re-cased
    /// ("Etag"), but `value(forHTTPHeaderField:)` is case-insensitive.
    @Test("ETag: a matching If-None-Match gets 304 without body, another gets 200")
    func etagNotModified() async throws {
        var route = Route.ok(Data(repeating: 9, count: 500))
        route.etag = "\"v1\""
        server.setRoute("/tagged", route)
        let fresh = try await client.get(server.url("/tagged"))
        #expect(fresh.status == 200)
        #expect(fresh.header("ETag") == "\"v1\"")
        let revalidated = try await client.get(server.url("/tagged"), headers: ["If-None-Match": "\"v1\""])
        #expect(revalidated.status == 304)
        #expect(revalidated.data.isEmpty)
        let changed = try await client.get(server.url("/tagged"), headers: ["If-None-Match": "\"v0\""])
        #expect(changed.status == 200)
        #expect(changed.data.count == 500)
    }

    @Test("Last-Modified: If-Modified-Since not earlier gets 304, earlier gets 200")
    func lastModifiedNotModified() async throws {
        let modified = Date(timeIntervalSince1970: 1_700_000_000)
        var route = Route.ok(Data(repeating: 9, count: 500))
        route.lastModified = modified
        server.setRoute("/dated", route)
        let fresh = try await client.get(server.url("/dated"))
        let lastModified = try #require(fresh.header("Last-Modified"))
        #expect(lastModified == "Tue, 14 Nov 2023 22:13:20 GMT")
        let same = try await client.get(server.url("/dated"), headers: ["If-Modified-Since": lastModified])
        #expect(same.status == 304)
        #expect(same.data.isEmpty)
        let later = try await client.get(server.url("/dated"), headers: ["If-Modified-Since": "Wed, 15 Nov 2023 00:00:00 GMT"])
        #expect(later.status == 304)
        let earlier = try await client.get(server.url("/dated"), headers: ["If-Modified-Since": "Mon, 13 Nov 2023 00:00:00 GMT"])
        #expect(earlier.status == 200)
        #expect(earlier.data.count == 500)
    }

    @Test("an empty body arrives as 200 with Content-Length 0")
    func emptyBody() async throws {
        server.setRoute("/empty", .ok(Data()))
        let reply = try await client.get(server.url("/empty"))
        #expect(reply.status == 200)
        #expect(reply.data.isEmpty)
        #expect(reply.header("Content-Length") == "0")
    }

    @Test("HEAD gets the head of the GET and no body")
    func head() async throws {
        server.setRoute("/file", .ok(Data(repeating: 1, count: 321)))
        let reply = try await client.get(server.url("/file"), method: "HEAD")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Length") == "321")
        #expect(reply.data.isEmpty)
        #expect(server.requestLog.first?.method == "HEAD")
    }
}
