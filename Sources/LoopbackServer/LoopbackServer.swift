import Foundation

/// An HTTP/1.1 server on 127.0.0.1 with per-route fault injection, for tests, `osprey demo`
/// and benchmarks.
///
/// Serves GET and HEAD (other methods get the same route; their Content-Length bodies are
/// read and dropped) with keep-alive, honouring `Connection: close`. Every response carries
/// `Date` and, unless a fault says otherwise, `Content-Length`. Unregistered paths answer 404
/// with an empty body; a malformed request gets 400 and a head over 64 KiB 431, both closing
/// the connection.
///
/// All methods are thread-safe. A thread per connection serves requests, so route handlers
/// run on those threads, concurrently.
///
/// ```swift
/// let server = try LoopbackServer()
/// server.setRoute("/a.png", .ok(pngData).with { $0.delay = 0.2 })
/// let (data, _) = try await session.data(from: server.url("/a.png"))
/// server.stop()
/// ```
public final class LoopbackServer: Sendable {
    private let engine: ServerEngine

    /// Binds 127.0.0.1 on a free port (bind to port 0, read it back) and starts serving.
    /// Throws ``LoopbackServerError`` when a socket or thread cannot be created.
    public init() throws {
        engine = try ServerEngine()
    }

    deinit {
        engine.stop()
    }

    /// The port the kernel picked.
    public var port: Int { engine.port }

    /// `http://127.0.0.1:<port>`
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// baseURL + path; `path` starts with "/" and may carry a query ("/a.png?v=2"). Paths
    /// are matched as sent on the wire, so percent-encode anything unusual yourself.
    public func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path) ?? baseURL.appendingPathComponent(path)
    }

    // MARK: Routes

    /// Registers (or replaces) a fixed response for an exact path (query ignored for matching).
    /// Unregistered paths answer 404 with an empty body.
    public func setRoute(_ path: String, _ route: Route) {
        engine.update { $0.routes[path] = .fixed(route) }
    }

    /// Registers a computed response: called per request (on that connection's thread, so
    /// possibly concurrently) with what arrived, after any hold and before any delay.
    public func setHandler(_ path: String, _ handler: @escaping @Sendable (RecordedRequest) -> Route) {
        engine.update { $0.routes[path] = .computed(handler) }
    }

    /// Forgets the route for `path`; it answers 404 from now on.
    public func removeRoute(_ path: String) {
        engine.update { $0.routes[path] = nil }
    }

    // MARK: What arrived

    /// Requests that arrived for `path` (counted when the request head is read, also for
    /// suspended/stalled routes and 404s).
    public func requestCount(for path: String) -> Int {
        engine.state.withLock { $0.countsByPath[path] ?? 0 }
    }

    /// Requests that arrived for any path.
    public var totalRequestCount: Int { engine.state.withLock { $0.log.count } }

    /// Every request in arrival order, kept for the server's lifetime (a copy; O(n)).
    public var requestLog: [RecordedRequest] { engine.state.withLock { $0.log } }

    /// Suspends until `count` requests for `path` have arrived (true) or `timeout` passes (false).
    public func waitForRequests(_ path: String, count: Int, timeout: TimeInterval = 30) async -> Bool {
        await engine.waitUntil(timeout: timeout) { ($0.countsByPath[path] ?? 0) >= count }
    }

    // MARK: Holding responses

    /// Holds responses for `path`: requests are read and counted, but not answered until
    /// `resume(path)` (which releases every held request and stops holding).
    public func suspend(_ path: String) {
        engine.suspend(path)
    }

    /// Releases every held request for `path` (they are answered with the route as it is
    /// now) and stops holding new ones.
    public func resume(_ path: String) {
        engine.resume(path)
    }

    /// Lets every response for `path` that holds part of its body
    /// (``Faults/holdAfterBodyBytes``) send the rest, now and from now on.
    public func releaseBody(_ path: String) {
        engine.update { _ = $0.releasedBodyPaths.insert(path) }
    }

    // MARK: Connections

    /// Connections currently open (accepted and not yet closed by either side).
    public var openConnectionCount: Int { engine.state.withLock { $0.connections.count } }

    /// Suspends until at most `count` connections are open (true) or timeout (false); lets a
    /// test see that a client dropped its connection (e.g. after a cancel).
    public func waitForOpenConnections(atMost count: Int, timeout: TimeInterval = 30) async -> Bool {
        await engine.waitUntil(timeout: timeout) { $0.connections.count <= count }
    }

    /// Number of connections that were closed by the client before their response finished
    /// (e.g. the client cancelled a held/stalled/dripping request).
    public var clientAbortCount: Int { engine.state.withLock { $0.clientAborts } }

    /// How many times the server paused between two chunks of a dripped body at `path`
    /// (``Route/bytesPerSecond``), over every request: a drip of `n` chunks pauses `n − 1`
    /// times whatever the scheduling, so tests count this instead of timing the transfer.
    public func dripPauseCount(for path: String) -> Int {
        engine.state.withLock { $0.dripPausesByPath[path] ?? 0 }
    }

    // MARK: Stopping

    /// Stops: closes the listener and every connection, releases held and stalled requests
    /// (their connections are closed), joins every thread so nothing leaks. Idempotent;
    /// also called from deinit. Returns within about 200 ms plus the time threads need to
    /// notice, however many requests are in flight.
    public func stop() {
        engine.stop()
    }

    /// Every thread of this server has a name starting with this (e.g. "lbs12."), so a test
    /// can look for survivors in /proc/self/task/*/comm after ``stop()``.
    package var threadNamePrefix: String { engine.threadNamePrefix }
}
