import Foundation

/// The head of one HTTP/1.x request: request line and headers.
struct HTTPRequestHead: Sendable, Equatable {
    var method: String
    /// The path without the query, as sent (still percent-encoded).
    var path: String
    var query: String?
    /// "HTTP/1.0" or "HTTP/1.1".
    var version: String
    /// Names lowercased; repeated headers joined with ", ".
    var headers: [String: String]

    /// Bytes of request body that follow the head and must be read past to stay in sync.
    var contentLength: Int {
        headers["content-length"].flatMap { Int($0) } ?? 0
    }

    /// HTTP/1.1 keeps the connection unless told "close"; HTTP/1.0 only when told "keep-alive".
    var wantsKeepAlive: Bool {
        let tokens = (headers["connection"] ?? "").lowercased()
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if version == "HTTP/1.0" { return tokens.contains("keep-alive") }
        return !tokens.contains("close")
    }
}

/// Parses request heads out of the bytes read so far. Pure and total: any input gives a
/// result, never a trap, so a hostile client can at worst earn itself a 400.
enum HTTPRequestParser {
    /// Heads larger than this are refused with 431 (and the connection closed).
    static let maximumHeadSize = 64 * 1024

    enum Result: Equatable {
        /// No blank line yet; read more.
        case incomplete
        /// A head, and how many bytes of the buffer it used (including the blank line).
        case head(HTTPRequestHead, consumed: Int)
        /// Not HTTP/1.x as we accept it; answer 400 and close.
        case malformed(String)
        /// The head exceeds ``maximumHeadSize``; answer 431 and close.
        case tooLarge
    }

    static func parse(_ buffer: [UInt8]) -> Result {
        guard let end = headEnd(in: buffer) else {
            return buffer.count > maximumHeadSize ? .tooLarge : .incomplete
        }
        guard end <= maximumHeadSize else { return .tooLarge }
        // Foundation's initializer rather than String(validating:), which needs macOS 15.
        guard let text = String(bytes: buffer[..<end], encoding: .utf8) else {
            return .malformed("head is not UTF-8")
        }
        var lines = text.components(separatedBy: "\r\n")
        // Tolerate blank lines before the request line (RFC 9112 §2.2).
        while lines.first == "" { lines.removeFirst() }
        guard let requestLine = lines.first else { return .malformed("empty request") }
        switch parseHead(requestLine: requestLine, headerLines: lines.dropFirst()) {
        case .success(let head): return .head(head, consumed: end + 4)
        case .failure(let problem): return .malformed(problem.reason)
        }
    }

    private struct Problem: Error {
        let reason: String
    }

    private static func parseHead(
        requestLine: String,
        headerLines: ArraySlice<String>
    ) -> Swift.Result<HTTPRequestHead, Problem> {
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .failure(Problem(reason: "bad request line")) }
        let method = String(parts[0])
        let target = String(parts[1])
        let version = String(parts[2])
        guard !method.isEmpty, method.utf8.allSatisfy(isTokenByte) else {
            return .failure(Problem(reason: "bad method"))
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(Problem(reason: "unsupported version"))
        }
        guard target.hasPrefix("/"), !target.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            return .failure(Problem(reason: "bad request target"))
        }
        var headers: [String: String] = [:]
        for line in headerLines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(Problem(reason: "header without colon"))
            }
            let name = line[..<colon].lowercased()
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
                return .failure(Problem(reason: "bad header name"))
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        if let length = headers["content-length"] {
            guard let count = Int(length), count >= 0 else {
                return .failure(Problem(reason: "bad Content-Length"))
            }
        }
        // A chunked request body cannot be skipped without decoding it; no test client sends one.
        guard headers["transfer-encoding"] == nil else {
            return .failure(Problem(reason: "request bodies must use Content-Length"))
        }
        let (path, query) = splitTarget(target)
        return .success(HTTPRequestHead(method: method, path: path, query: query, version: version, headers: headers))
    }

    /// Splits "/a.png?v=2" into "/a.png" and "v=2"; a fragment (never sent by clients) is dropped.
    static func splitTarget(_ target: String) -> (path: String, query: String?) {
        let withoutFragment = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard let mark = withoutFragment.firstIndex(of: "?") else { return (String(withoutFragment), nil) }
        return (String(withoutFragment[..<mark]), String(withoutFragment[withoutFragment.index(after: mark)...]))
    }

    /// Index of the "\r\n\r\n" that ends the head, if it has arrived.
    private static func headEnd(in buffer: [UInt8]) -> Int? {
        guard buffer.count >= 4 else { return nil }
        var index = 0
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// RFC 9110 token characters (method and header names).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
