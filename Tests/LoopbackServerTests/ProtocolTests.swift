import Foundation
import LoopbackServer
import OspreyTestTraits
import Testing

/// The HTTP/1.1 wire behaviour, through a raw socket: what URLSession will not send.
@Suite("HTTP protocol (raw socket)", .offCooperativePool)
final class ProtocolTests: Sendable {
    let server: LoopbackServer

    init() throws {
        server = try LoopbackServer()
        server.setRoute("/a", .ok(Data("aaa".utf8), contentType: "text/plain"))
    }

    deinit {
        server.stop()
    }

    /// Sends `request` and returns everything until the server closes.
    private func exchange(_ request: Data) throws -> String {
        let connection = try RawConnection(port: server.port)
        connection.send(request)
        return String(decoding: try connection.readToEnd(), as: UTF8.self)
    }

    static let malformedRequests: [String] = [
        "GARBAGE\r\n\r\n",
        "GET /a\r\n\r\n",
        "GET /a HTTP/2.0\r\n\r\n",
        "GET a HTTP/1.1\r\n\r\n",
        "GET  /a HTTP/1.1\r\n\r\n",
        "G(T /a HTTP/1.1\r\n\r\n",
        "GET /a HTTP/1.1\r\nNo colon here\r\n\r\n",
        "GET /a HTTP/1.1\r\n: empty name\r\n\r\n",
        "GET /a HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
        "GET /a HTTP/1.1\r\nContent-Length: lots\r\n\r\n",
        "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
    ]

    @Test("a malformed request gets 400 and the connection closed", arguments: malformedRequests)
    func malformed(_ request: String) async throws {
        let response = try exchange(Data(request.utf8))
        #expect(response.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(response.contains("Connection: close\r\n"))
        #expect(server.totalRequestCount == 0)
        #expect(await server.waitForOpenConnections(atMost: 0))
        // And the server is still fine.
        #expect(try exchange(Data("GET /a HTTP/1.1\r\nConnection: close\r\n\r\n".utf8)).hasSuffix("aaa"))
    }

    @Test("bytes that are not UTF-8 in the head get 400")
    func notUTF8() throws {
        var request = Data("GET /a HTTP/1.1\r\nX-Bad: ".utf8)
        request.append(contentsOf: [0xFF, 0xFE, 0xC0])
        request.append(contentsOf: Data("\r\n\r\n".utf8))
        #expect(try exchange(request).hasPrefix("HTTP/1.1 400 "))
    }

    @Test("a head over 64 KiB gets 431 and the connection closed")
    func oversizedHead() throws {
        let filler = String(repeating: "x", count: 70 * 1024)
        let response = try exchange(Data("GET /a HTTP/1.1\r\nX-Filler: \(filler)\r\n\r\n".utf8))
        #expect(response.hasPrefix("HTTP/1.1 431 "))
        #expect(server.totalRequestCount == 0)
    }

    @Test("random garbage never crashes the server")
    func garbage() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let length = Int.random(in: 1...600, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            bytes.append(contentsOf: Array("\r\n\r\n".utf8))
            let response = try exchange(Data(bytes))
            #expect(response.hasPrefix("HTTP/1.1 400 "))
        }
        #expect(try exchange(Data("GET /a HTTP/1.1\r\nConnection: close\r\n\r\n".utf8)).hasSuffix("aaa"))
    }

    @Test("pipelined requests are answered in order on one connection")
    func pipelining() throws {
        let response = try exchange(Data("GET /a HTTP/1.1\r\n\r\nGET /missing HTTP/1.1\r\nConnection: close\r\n\r\n".utf8))
        let first = try #require(response.range(of: "HTTP/1.1 200 OK"))
        let second = try #require(response.range(of: "HTTP/1.1 404 Not Found"))
        #expect(first.lowerBound < second.lowerBound)
        #expect(server.requestLog.map(\.connectionID) == [0, 0])
    }

    @Test("Connection: close is honoured")
    func connectionClose() throws {
        let response = try exchange(Data("GET /a HTTP/1.1\r\nConnection: close\r\n\r\n".utf8))
        #expect(response.contains("Connection: close\r\n"))
        #expect(response.hasSuffix("\r\n\r\naaa"))
    }

    @Test("HTTP/1.0 closes unless asked to keep alive")
    func http10() throws {
        let response = try exchange(Data("GET /a HTTP/1.0\r\n\r\n".utf8))
        #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(response.hasSuffix("aaa"))
        let connection = try RawConnection(port: server.port)
        connection.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try connection.read(until: "aaa", count: 1).contains("Connection: keep-alive"))
        connection.send("GET /a HTTP/1.0\r\n\r\n")
        #expect(try connection.readToEnd().count > 0)
        #expect(server.requestLog.suffix(2).map(\.connectionID) == [1, 1])
    }

    @Test("a request body is read past, so keep-alive stays in sync")
    func requestBodySkipped() throws {
        let connection = try RawConnection(port: server.port)
        connection.send("POST /upload HTTP/1.1\r\nContent-Length: 11\r\n\r\nhello worldGET /a HTTP/1.1\r\n\r\n")
        let responses = try connection.read(until: "HTTP/1.1 ", count: 2)
        #expect(responses.contains("404 Not Found"))
        #expect(server.requestLog.map(\.method) == ["POST", "GET"])
        #expect(server.requestLog.map(\.path) == ["/upload", "/a"])
    }

    @Test("every response carries Date and Content-Length")
    func standardHeaders() throws {
        let response = try exchange(Data("GET /missing HTTP/1.1\r\nConnection: close\r\n\r\n".utf8))
        #expect(response.contains("\r\nDate: "))
        #expect(response.contains("\r\nContent-Length: 0\r\n"))
    }

    @Test("a client leaving mid-head is not a request and not an abort")
    func leavesMidHead() async throws {
        do {
            let connection = try RawConnection(port: server.port)
            connection.send("GET /a HTTP/1.1\r\nHost: ")
        }
        #expect(await server.waitForOpenConnections(atMost: 0))
        #expect(server.totalRequestCount == 0)
        #expect(server.clientAbortCount == 0)
    }
}
