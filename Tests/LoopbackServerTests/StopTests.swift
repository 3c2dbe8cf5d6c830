import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackServer
import OspreyTestTraits
import Testing

/// `stop()` and `deinit`: in-flight requests are released, nothing leaks.
@Suite("Stopping", .offCooperativePool)
final class StopTests: Sendable {
    let client = TestClient()

    deinit {
        client.invalidate()
    }

    static let emptyReplyError: URLError.Code = {
        #if canImport(FoundationNetworking)
        return .badServerResponse
        #else
        return .networkConnectionLost
        #endif
    }()

    /// FoundationNetworking: a connection closed before any response byte gives
    /// `URLError.badServerResponse` (-1011; libcurl's "Empty reply from server"), where
    /// Apple's URLSession says `.networkConnectionLost`.
    @Test("stop ends stalled and held requests at once")
    func stopReleasesWaitingRequests() async throws {
        let server = try LoopbackServer()
        server.setRoute("/stall", Route.ok(Data("s".utf8)).with { $0.stall = true })
        server.setRoute("/held", .ok(Data("h".utf8)))
        server.suspend("/held")
        let stalled = Task { try await client.get(server.url("/stall")) }
        let held = Task { try await client.get(server.url("/held")) }
        #expect(await server.waitForRequests("/stall", count: 1))
        #expect(await server.waitForRequests("/held", count: 1))
        server.stop()
        #expect(server.openConnectionCount == 0)
        for task in [stalled, held] {
            let error = await #expect(throws: URLError.self) { try await task.value }
            #expect(error?.code == Self.emptyReplyError)
        }
        // Closed by the server, not by the client.
        #expect(server.clientAbortCount == 0)
    }

    @Test("after stop no socket and no thread of the server is left",
          .enabled(if: ProcessInspection.isAvailable))
    func noLeaks() async throws {
        let server = try LoopbackServer()
        server.setRoute("/idle", .ok(Data("i".utf8)))
        server.setRoute("/stall", Route.ok(Data()).with { $0.stall = true })
        server.setRoute("/drip", Route.ok(Data(repeating: 1, count: 10_000)).with { $0.bytesPerSecond = 100 })
        server.suspend("/held")
        let pending = ["/stall", "/held", "/drip"].map { path in Task { try await client.get(server.url(path)) } }
        for path in ["/stall", "/held", "/drip"] { #expect(await server.waitForRequests(path, count: 1)) }
        // And one idle keep-alive connection (its request was answered).
        let idle = try RawConnection(port: server.port)
        idle.send("GET /idle HTTP/1.1\r\n\r\n")
        _ = try idle.read(until: "\r\n\r\ni", count: 1)

        let prefix = server.threadNamePrefix
        let sockets = ProcessInspection.socketInodes(localPort: server.port)
        // The listener and four accepted connections, all ours: proves the probe sees them.
        #expect(sockets.count == 5)
        #expect(sockets.isSubset(of: ProcessInspection.ownSocketInodes()))
        #expect(ProcessInspection.threadNames().filter { $0.hasPrefix(prefix) }.count == 5)

        server.stop()
        #expect(ProcessInspection.ownSocketInodes().isDisjoint(with: sockets))
        #expect(ProcessInspection.threadsGone(prefix: prefix), "\(ProcessInspection.threadNames())")
        for task in pending { _ = try? await task.value }
    }

    @Test("stop is idempotent, and afterwards the port refuses connections")
    func stopTwice() async throws {
        let server = try LoopbackServer()
        server.stop()
        server.stop()
        let error = await #expect(throws: URLError.self) { try await self.client.get(server.url("/a")) }
        #expect(error?.code == .cannotConnectToHost)
    }

    @Test("releasing the server stops it", .enabled(if: ProcessInspection.isAvailable))
    func deinitStops() async throws {
        var server: LoopbackServer? = try LoopbackServer()
        let prefix = try #require(server?.threadNamePrefix)
        let url = try #require(server?.url("/a"))
        #expect(ProcessInspection.threadNames().contains { $0.hasPrefix(prefix) })
        server = nil
        #expect(ProcessInspection.threadsGone(prefix: prefix), "\(ProcessInspection.threadNames())")
        let error = await #expect(throws: URLError.self) { try await self.client.get(url) }
        #expect(error?.code == .cannotConnectToHost)
    }
}
