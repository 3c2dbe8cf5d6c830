import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackServer
import OspreyCore
import OspreyTestTraits
import Testing

/// Routes, handlers, 404s and what the server records about each request.
@Suite("Routing and request log", .offCooperativePool)
final class RoutingTests: Sendable {
    let server: LoopbackServer
    let client = TestClient()

    init() throws {
        server = try LoopbackServer()
    }

    deinit {
        client.invalidate()
        server.stop()
    }

    @Test("the base URL is 127.0.0.1 on the picked port, and url(_:) keeps the query")
    func urls() {
        #expect(server.port > 0)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        #expect(server.url("/a.png?v=2").absoluteString == "http://127.0.0.1:\(server.port)/a.png?v=2")
    }

    @Test("a route answers with its body; the query is ignored for matching and recorded")
    func fixedRoute() async throws {
        server.setRoute("/a.png", .ok(Data("png".utf8)))
        let reply = try await client.get(server.url("/a.png?v=2"), headers: ["X-Probe": "1"])
        #expect(reply.status == 200)
        #expect(reply.text == "png")
        #expect(reply.header("Content-Type") == "image/png")
        #expect(reply.header("Content-Length") == "3")
        #expect(reply.header("Date") != nil)
        let request = try #require(server.requestLog.first)
        #expect(request.method == "GET")
        #expect(request.path == "/a.png")
        #expect(request.query == "v=2")
        #expect(request.headers["x-probe"] == "1")
        #expect(request.sequence == 0)
        #expect(server.requestCount(for: "/a.png") == 1)
    }

    @Test("an unregistered path answers 404 with an empty body, and is counted")
    func unregisteredPath() async throws {
        let reply = try await client.get(server.url("/missing"))
        #expect(reply.status == 404)
        #expect(reply.data.isEmpty)
        #expect(server.requestCount(for: "/missing") == 1)
        #expect(server.totalRequestCount == 1)
    }

    @Test("setRoute replaces, removeRoute brings back the 404")
    func replaceAndRemove() async throws {
        server.setRoute("/r", .ok(Data("one".utf8)))
        server.setRoute("/r", .ok(Data("two".utf8)))
        #expect(try await client.get(server.url("/r")).text == "two")
        server.removeRoute("/r")
        #expect(try await client.get(server.url("/r")).status == 404)
    }

    @Test("a handler is called per request with what arrived")
    func handler() async throws {
        let seen = Locked([String]())
        server.setHandler("/echo") { request in
            seen.withLock { $0.append(request.query ?? "") }
            return .ok(Data("q=\(request.query ?? "")".utf8), contentType: "text/plain")
        }
        #expect(try await client.get(server.url("/echo?1")).text == "q=1")
        #expect(try await client.get(server.url("/echo?2")).text == "q=2")
        #expect(seen.withLock { $0 } == ["1", "2"])
    }

    @Test("the log keeps arrival order with increasing sequence numbers")
    func logOrder() async throws {
        for path in ["/x", "/y", "/x"] { _ = try await client.get(server.url(path)) }
        #expect(server.requestLog.map(\.path) == ["/x", "/y", "/x"])
        #expect(server.requestLog.map(\.sequence) == [0, 1, 2])
        #expect(server.requestCount(for: "/x") == 2)
        #expect(server.totalRequestCount == 3)
    }

    @Test("waitForRequests gives up after its timeout")
    func waitTimesOut() async {
        #expect(await server.waitForRequests("/never", count: 1, timeout: 0.05) == false)
        #expect(await server.waitForRequests("/never", count: 0, timeout: 0.05) == true)
    }

    @Test("two servers are independent")
    func twoServers() async throws {
        let other = try LoopbackServer()
        defer { other.stop() }
        #expect(other.port != server.port)
        other.setRoute("/a", .ok(Data("other".utf8)))
        #expect(try await client.get(other.url("/a")).text == "other")
        #expect(try await client.get(server.url("/a")).status == 404)
        #expect(other.totalRequestCount == 1)
        #expect(server.totalRequestCount == 1)
    }
}
