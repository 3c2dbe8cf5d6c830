import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackServer
import OspreyTestTraits
import Testing

/// Faults that break the body: a close mid-body, a Content-Length longer than the body.
///
/// FoundationNetworking surprise: both end in `URLError(.unknown)` (code -1, "transfer
/// closed with N bytes remaining to read"): libcurl's CURLE_PARTIAL_FILE is not mapped to a
/// specific code. Apple's URLSession reports `.networkConnectionLost` (-1005) instead. The
/// bytes that did arrive are delivered to `didReceive data` before the error.
@Suite("Faults: broken bodies", .offCooperativePool)
final class BrokenBodyFaultTests: Sendable {
    let server: LoopbackServer
    let client = TestClient()
    let body = Data(repeating: 0xAB, count: 2000)

    /// What a truncated body gives on this platform.
    static let truncatedBodyError: URLError.Code = {
        #if canImport(FoundationNetworking)
        return .unknown
        #else
        return .networkConnectionLost
        #endif
    }()

    init() throws {
        server = try LoopbackServer()
    }

    deinit {
        client.invalidate()
        server.stop()
    }

    @Test("close after N body bytes: the client sees the transfer fail")
    func closeAfterBodyBytes() async throws {
        server.setRoute("/cut", Route.ok(body).with { $0.closeAfterBodyBytes = 100 })
        let error = await #expect(throws: URLError.self) { try await self.client.get(self.server.url("/cut")) }
        #expect(error?.code == Self.truncatedBodyError)
        #expect(server.requestCount(for: "/cut") == 1)
    }

    @Test("close after 0 body bytes: head only, then the close")
    func closeRightAfterHead() async throws {
        server.setRoute("/cut0", Route.ok(body).with { $0.closeAfterBodyBytes = 0 })
        let error = await #expect(throws: URLError.self) { try await self.client.get(self.server.url("/cut0")) }
        #expect(error?.code == Self.truncatedBodyError)
    }

    @Test("Content-Length longer than the body: the client sees a short body as an error")
    func extraContentLength() async throws {
        server.setRoute("/short", Route.ok(body).with { $0.extraContentLength = 50 })
        let error = await #expect(throws: URLError.self) { try await self.client.get(self.server.url("/short")) }
        #expect(error?.code == Self.truncatedBodyError)
        #expect(server.requestCount(for: "/short") == 1)
    }

    @Test("the wire shows the declared length and the cut (raw socket)")
    func wireFormOfBrokenBodies() throws {
        server.setRoute("/short", Route.ok(body).with { $0.extraContentLength = 50 })
        server.setRoute("/cut", Route.ok(body).with { $0.closeAfterBodyBytes = 100 })
        for (path, bodyBytes) in [("/short", 2000), ("/cut", 100)] {
            let connection = try RawConnection(port: server.port)
            connection.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try connection.readToEnd()
            let headEnd = try #require(response.range(of: Data("\r\n\r\n".utf8)))
            let head = String(decoding: response[..<headEnd.lowerBound], as: UTF8.self)
            #expect(head.contains("Content-Length: \(path == "/short" ? 2050 : 2000)\r\n"))
            #expect(head.contains("Connection: close"))
            #expect(response.count - headEnd.upperBound == bodyBytes)
        }
    }
}
