import Foundation
@testable import LoopbackServer
import OspreyTestTraits
import Testing

/// The request parser and the HTTP date, in isolation.
@Suite("HTTP parsing", .offCooperativePool)
struct ParserTests {
    private func parse(_ text: String) -> HTTPRequestParser.Result {
        HTTPRequestParser.parse(Array(text.utf8))
    }

    @Test("a complete head parses, with lowercased names and joined repeats")
    func completeHead() throws {
        let text = "GET /a.png?v=2 HTTP/1.1\r\nHost: x\r\nAccept: a\r\naccept: b\r\n\r\nNEXT"
        guard case .head(let head, let consumed) = parse(text) else {
            Issue.record("expected a head")
            return
        }
        #expect(head.method == "GET")
        #expect(head.path == "/a.png")
        #expect(head.query == "v=2")
        #expect(head.headers["host"] == "x")
        #expect(head.headers["accept"] == "a, b")
        #expect(consumed == text.utf8.count - 4)
        #expect(head.wantsKeepAlive)
    }

    @Test("a head without its blank line is incomplete, however it is cut")
    func incomplete() {
        let text = "GET /a HTTP/1.1\r\nHost: x\r\n\r\n"
        for cut in 0..<(text.utf8.count - 1) {
            #expect(HTTPRequestParser.parse(Array(text.utf8.prefix(cut))) == .incomplete)
        }
    }

    @Test("keep-alive follows the version and the Connection header")
    func keepAlive() throws {
        func wants(_ version: String, _ connection: String?) -> Bool {
            let header = connection.map { "Connection: \($0)\r\n" } ?? ""
            guard case .head(let head, _) = parse("GET / \(version)\r\n\(header)\r\n") else { return false }
            return head.wantsKeepAlive
        }
        #expect(wants("HTTP/1.1", nil))
        #expect(!wants("HTTP/1.1", "close"))
        #expect(!wants("HTTP/1.1", "Upgrade, Close"))
        #expect(!wants("HTTP/1.0", nil))
        #expect(wants("HTTP/1.0", "Keep-Alive"))
    }

    @Test("an oversized head is refused even before its end arrives")
    func tooLarge() {
        let huge = Array(repeating: UInt8(ascii: "x"), count: HTTPRequestParser.maximumHeadSize + 1)
        #expect(HTTPRequestParser.parse(huge) == .tooLarge)
    }

    @Test("random bytes never trap the parser")
    func randomBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var bytes = (0..<Int.random(in: 0...200, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            if Bool.random(using: &generator) { bytes += Array("\r\n\r\n".utf8) }
            _ = HTTPRequestParser.parse(bytes)
        }
    }

    @Test("HTTP dates format and parse back (IMF-fixdate)")
    func httpDate() {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.format(date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == date)
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777.9)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 25:49:37 GMT") == nil)
        #expect(HTTPDate.parse("") == nil)
    }
}
