import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import LoopbackServer

@Suite struct SmokeTests {
    @Test func servesRoutesAndCounts() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        server.setRoute("/a", .ok(Data("hello".utf8)))
        let (data, response) = try await session.data(from: server.url("/a?x=1"))
        #expect(String(decoding: data, as: UTF8.self) == "hello")
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let (_, missing) = try await session.data(from: server.url("/nope"))
        #expect((missing as? HTTPURLResponse)?.statusCode == 404)
        #expect(server.requestCount(for: "/a") == 1)
        #expect(server.totalRequestCount == 2)
        #expect(server.requestLog.map(\.connectionID) == [0, 0])
        #expect(server.requestLog[0].query == "x=1")

        server.suspend("/a")
        let held = Task { try await session.data(from: server.url("/a")) }
        #expect(await server.waitForRequests("/a", count: 2))
        server.resume("/a")
        let (heldData, _) = try await held.value
        #expect(heldData == Data("hello".utf8))
    }
}
