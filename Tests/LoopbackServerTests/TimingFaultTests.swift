import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackServer
import OspreyTestTraits
import Testing

/// Faults that change *when* bytes arrive: delay, stall, slow drip.
@Suite("Faults: timing", .offCooperativePool)
final class TimingFaultTests: Sendable {
    let server: LoopbackServer
    let client = TestClient()
    let body = Data((0..<4000).map { UInt8($0 % 251) })

    init() throws {
        server = try LoopbackServer()
    }

    deinit {
        client.invalidate()
        server.stop()
    }

    @Test("delay: nothing arrives before the delay has passed")
    func delay() async throws {
        server.setRoute("/late", Route.ok(body).with { $0.delay = 0.2 })
        let start = DispatchTime.now().uptimeNanoseconds
        let reply = try await client.get(server.url("/late"))
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(reply.status == 200)
        #expect(reply.data == body)
        #expect(elapsed >= 0.2)
    }

    /// FoundationNetworking: `timeoutIntervalForRequest` (and `URLRequest.timeoutInterval`)
    /// is an idle timeout, and it ends a stalled request with `URLError.timedOut` (-1001)
    /// after ~1.0 s. libcurl then closes the connection, which the server counts as a client
    /// abort. Measured (getrusage, 2 s stall): on a *fresh* connection FoundationNetworking
    /// spins a core the whole time (1.65 s CPU); on a *reused* keep-alive connection it uses
    /// ≈ 1 ms. So this test warms the connection up first.
    @Test("stall: the client times out and the server sees it leave")
    func stall() async throws {
        server.setRoute("/warm", .ok(Data()))
        server.setRoute("/stuck", Route.ok(body).with { $0.stall = true })
        _ = try await client.get(server.url("/warm"))
        var request = URLRequest(url: server.url("/stuck"))
        request.timeoutInterval = 1
        let error = await #expect(throws: URLError.self) { try await self.client.send(request) }
        #expect(error?.code == .timedOut)
        #expect(server.requestCount(for: "/stuck") == 1)
        #expect(server.requestLog.map(\.connectionID) == [0, 0])
        #expect(await server.waitForOpenConnections(atMost: 0))
        #expect(server.clientAbortCount == 1)
    }

    /// At 10,000 B/s the server sends 500-byte chunks every 50 ms, pausing between them: 8
    /// chunks and 7 pauses for 4,000 bytes. How many `didReceive data` callbacks the client sees
    /// depends on scheduling (a starved client reads two chunks at once), so the server's own
    /// pause count is what is checked.
    @Test("slow drip: the body is sent in several chunks with pauses between them")
    func slowDrip() async throws {
        server.setRoute("/drip", Route.ok(body).with { $0.bytesPerSecond = 10_000 })
        let reply = try await client.get(server.url("/drip"))
        #expect(reply.status == 200)
        #expect(reply.data == body)
        #expect(server.dripPauseCount(for: "/drip") == (body.count + 499) / 500 - 1)
        #expect(reply.chunks >= 1)
    }

    @Test("without a drip the same body arrives in one chunk (the drip test's control)")
    func noDripControl() async throws {
        server.setRoute("/whole", Route.ok(body))
        let reply = try await client.get(server.url("/whole"))
        #expect(reply.data == body)
        #expect(reply.chunks < 4)
    }

    @Test("delay and drip combine")
    func delayAndDrip() async throws {
        server.setRoute("/both", Route.ok(body).with {
            $0.delay = 0.1
            $0.bytesPerSecond = 20_000
        })
        let start = DispatchTime.now().uptimeNanoseconds
        let reply = try await client.get(server.url("/both"))
        #expect(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 >= 0.1)
        #expect(reply.data == body)
        #expect(server.dripPauseCount(for: "/both") == (body.count + 999) / 1000 - 1)
    }
}
