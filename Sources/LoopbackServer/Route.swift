import Foundation

/// A response the server sends for a path, and the faults to inject while sending it.
///
/// Value type: ``LoopbackServer/setRoute(_:_:)`` stores a copy, so changing a route after
/// registering it has no effect until it is registered again.
public struct Route: Sendable {
    /// The HTTP status code. Default 200.
    public var status: Int = 200
    /// The body; empty by default. A HEAD request gets the head only.
    public var body: Data = Data()
    /// Sent as Content-Type unless nil.
    public var contentType: String? = "application/octet-stream"
    /// Extra headers (e.g. "Location", "Cache-Control"). A name that matches a header the
    /// server writes itself (case-insensitively) replaces it, so a test can send a wrong
    /// Content-Length or Date on purpose.
    public var headers: [String: String] = [:]
    /// Conditional GET: when set, sent as ETag, and a request whose If-None-Match equals it
    /// (or is `*`) gets 304 with no body.
    public var etag: String?
    /// Conditional GET: when set, sent as Last-Modified (HTTP date, whole seconds), and a
    /// request whose If-Modified-Since is not earlier gets 304 with no body.
    public var lastModified: Date?
    /// What goes wrong while answering; nothing by default.
    public var faults: Faults = Faults()

    /// A response with the given status, body, Content-Type (nil: none) and extra headers.
    public init(
        status: Int = 200,
        body: Data = Data(),
        contentType: String? = "application/octet-stream",
        headers: [String: String] = [:]
    ) {
        self.status = status
        self.body = body
        self.contentType = contentType
        self.headers = headers
    }

    /// 200 with `body`.
    public static func ok(_ body: Data, contentType: String? = "image/png") -> Route {
        Route(status: 200, body: body, contentType: contentType)
    }

    /// Any status, e.g. 404, 500, 503, with an optional body.
    public static func status(_ code: Int, body: Data = Data()) -> Route {
        Route(status: code, body: body)
    }

    /// 3xx with a Location header (a path like "/b" or an absolute URL). Two redirects to
    /// each other make a redirect loop.
    public static func redirect(to location: String, status: Int = 302) -> Route {
        Route(status: status, body: Data(), contentType: nil, headers: ["Location": location])
    }

    /// A copy of this route with `faults` applied, for one-line set-ups:
    /// `server.setRoute("/a", .ok(data).with { $0.delay = 0.2 })`.
    public func with(_ configure: (inout Faults) -> Void) -> Route {
        var copy = self
        configure(&copy.faults)
        return copy
    }
}

/// Faults to inject while answering a request, combinable where it makes sense.
///
/// Applied in this order: ``delay``, then ``stall``, then the response itself, whose body is
/// cut by ``closeAfterBodyBytes`` or declared too long by ``extraContentLength`` and paced by
/// ``bytesPerSecond``.
public struct Faults: Sendable {
    /// No faults.
    public init() {}
    /// Seconds to wait before sending anything.
    public var delay: TimeInterval = 0
    /// Read the request, then never answer (until the client closes or the server stops).
    public var stall: Bool = false
    /// Send the body at this many bytes per second (in small chunks, ~20 per second).
    public var bytesPerSecond: Int?
    /// Send the head and this many body bytes, then close the connection (a plain close,
    /// so the client sees the connection end mid-body).
    public var closeAfterBodyBytes: Int?
    /// Declare a Content-Length this many bytes longer than the body, send the body, then
    /// close (a short body).
    public var extraContentLength: Int = 0
    /// Send the body over and over (64 KiB of zeros when it is empty) until the client leaves
    /// or the server stops: a body without end. No Content-Length is declared (a header in
    /// ``Route/headers`` may still claim one, e.g. a lying huge length) and the connection
    /// closes afterwards. Paced by ``bytesPerSecond`` when set, else as fast as the socket takes it.
    public var endlessBody: Bool = false
    /// With ``endlessBody``: stop (and close) after about this many body bytes, so a test
    /// whose client fails to stop cannot take the host's memory with it. nil: truly endless.
    public var endlessBodyLimit: Int?
    /// Send the head and this many body bytes, then hold the rest until
    /// ``LoopbackServer/releaseBody(_:)`` is called for the path: a download suspended
    /// mid-body, for tests of what a client does with part of a body (e.g. partial images).
    public var holdAfterBodyBytes: Int?
    /// Send this raw text instead of an HTTP response (e.g. an HTTP/0.9 reply or garbage),
    /// then close. The route's status, headers and body are ignored.
    public var rawReply: Data?
}

/// A request as it arrived, recorded when its head was read.
public struct RecordedRequest: Sendable {
    /// The method, e.g. "GET".
    public let method: String
    /// The path without the query, exactly as sent (still percent-encoded).
    public let path: String
    /// The query without the "?", or nil when there was none.
    public let query: String?
    /// Header names lowercased; repeated headers joined with ", ".
    public let headers: [String: String]
    /// 0, 1, 2 … in arrival order across the whole server.
    public let sequence: Int
    /// Which connection it came on (0, 1, 2 … in accept order): shows keep-alive reuse.
    public let connectionID: Int
}
