import Foundation

/// Exactly what to put on the wire for one response: the head, the body bytes to send, how
/// fast, and whether to close afterwards. Built from a ``Route`` and the request, pure.
struct ResponsePlan {
    var status: Int
    /// In the order written; names as sent.
    var headers: [(name: String, value: String)]
    /// The bytes to send after the head (already cut short by `closeAfterBodyBytes`).
    var body: Data
    var bytesPerSecond: Int?
    /// Close the connection after sending: asked by the client, or a fault needs it.
    var closeAfterwards: Bool
    /// Repeat `body` until the client leaves (``Faults/endlessBody``) or, if set, until this
    /// many bytes were sent.
    var isEndless = false
    var endlessLimit: Int?
    /// Sent instead of head and body (``Faults/rawReply``).
    var rawReply: Data?
    /// Body bytes sent before waiting for ``LoopbackServer/releaseBody(_:)`` of `path`.
    var holdAfterBodyBytes: Int?
    var path = ""

    init(route: Route, request: HTTPRequestHead, keepAlive: Bool) {
        let faults = route.faults
        let notModified = Self.isNotModified(route: route, request: request)
        status = notModified ? 304 : route.status
        // RFC 9110: 1xx, 204 and 304 never carry a body; HEAD gets the head of a GET.
        let statusHasBody = !(100..<200).contains(status) && status != 204 && status != 304
        let sendsBody = statusHasBody && request.method != "HEAD"
        var headers: [(name: String, value: String)] = [("Date", HTTPDate.format(Date()))]
        if let contentType = route.contentType, !notModified {
            headers.append(("Content-Type", contentType))
        }
        let endless = faults.endlessBody && sendsBody
        if statusHasBody, !endless {
            headers.append(("Content-Length", String(route.body.count + faults.extraContentLength)))
        }
        if let etag = route.etag { headers.append(("ETag", etag)) }
        if let lastModified = route.lastModified {
            headers.append(("Last-Modified", HTTPDate.format(lastModified)))
        }
        let cutsBody = sendsBody && (faults.closeAfterBodyBytes != nil || faults.extraContentLength != 0)
        closeAfterwards = !keepAlive || cutsBody || endless || faults.rawReply != nil
        isEndless = endless
        endlessLimit = faults.endlessBodyLimit
        rawReply = faults.rawReply
        holdAfterBodyBytes = sendsBody ? faults.holdAfterBodyBytes : nil
        path = request.path
        headers.append(("Connection", closeAfterwards ? "close" : "keep-alive"))
        for (name, value) in route.headers.sorted(by: { $0.key < $1.key }) {
            headers.removeAll { $0.name.lowercased() == name.lowercased() }
            headers.append((name, value))
        }
        self.headers = headers
        if endless {
            body = route.body.isEmpty ? Data(count: 64 << 10) : route.body
        } else if sendsBody {
            body = faults.closeAfterBodyBytes.map { route.body.prefix(max(0, $0)) } ?? route.body
        } else {
            body = Data()
        }
        bytesPerSecond = faults.bytesPerSecond.map { max(1, $0) }
    }

    /// An empty response that closes the connection, for requests we could not parse.
    init(errorStatus: Int) {
        status = errorStatus
        headers = [("Date", HTTPDate.format(Date())), ("Content-Length", "0"), ("Connection", "close")]
        body = Data()
        bytesPerSecond = nil
        closeAfterwards = true
    }

    /// The status line and headers, ending with the blank line.
    var headBytes: Data {
        var text = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        return Data(text.utf8)
    }

    /// Conditional GET: If-None-Match decides when present (RFC 9110 §13.2.2), otherwise
    /// If-Modified-Since against Last-Modified, both to whole seconds.
    static func isNotModified(route: Route, request: HTTPRequestHead) -> Bool {
        guard route.status == 200, request.method == "GET" || request.method == "HEAD" else { return false }
        if let candidates = request.headers["if-none-match"] {
            guard let etag = route.etag else { return false }
            let tags = candidates.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return tags.contains("*") || tags.contains { weakComparable($0) == weakComparable(etag) }
        }
        if let since = request.headers["if-modified-since"], let lastModified = route.lastModified,
           let sinceDate = HTTPDate.parse(since) {
            return lastModified.timeIntervalSince1970.rounded(.down) <= sinceDate.timeIntervalSince1970
        }
        return false
    }

    /// If-None-Match uses the weak comparison: "W/" prefixes do not matter.
    private static func weakComparable(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
