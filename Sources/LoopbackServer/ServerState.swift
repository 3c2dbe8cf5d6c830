import Foundation

/// Everything the server's threads share, kept in one value behind one lock
/// (``ServerEngine/state``).
///
/// Invariants (hold whenever the lock is free):
/// - `connections` holds exactly the accepted sockets not yet closed; a descriptor is removed
///   from it (under the lock) before it is closed, and `stop()` shuts sockets down only under
///   the lock, so it can never touch a number the kernel has handed to someone else.
/// - Every connection thread ever started is either in `connections[id].thread`, or in
///   `unjoinedThreads`, or has been joined; `stop()` joins them all.
/// - `heldConnections[id]` exists while connection `id` holds a request for a suspended path;
///   `resume(path)` and `stop()` remove entries, and the held thread notices.
/// - `log.count` is the next request's sequence number; `countsByPath` sums to `log.count`.
/// - A waiter is in `waiters` until it is resumed exactly once: by `ServerEngine.update` when
///   its condition holds, or by its timeout task, whichever removes it first.
struct ServerState {
    var routes: [String: RouteSource] = [:]
    var log: [RecordedRequest] = []
    var countsByPath: [String: Int] = [:]
    var suspendedPaths: Set<String> = []
    /// Paths whose ``Faults/holdAfterBodyBytes`` holds were released (stays released).
    var releasedBodyPaths: Set<String> = []
    var heldConnections: [Int: String] = [:]
    var connections: [Int: OpenConnection] = [:]
    var unjoinedThreads: [JoinableThread] = []
    var acceptor: JoinableThread?
    var nextConnectionID = 0
    var clientAborts = 0
    var dripPausesByPath: [String: Int] = [:]
    var isStopping = false
    var waiters: [UUID: Waiter] = [:]
}

/// How a path is answered: a fixed response or one computed per request.
enum RouteSource {
    case fixed(Route)
    case computed(@Sendable (RecordedRequest) -> Route)
}

/// An accepted socket and the thread serving it (nil for the moment between accepting and
/// the thread being created).
struct OpenConnection {
    let descriptor: Int32
    var thread: JoinableThread?
}

/// An async caller of `waitForRequests` or `waitForOpenConnections`.
struct Waiter {
    let isSatisfied: (ServerState) -> Bool
    let continuation: CheckedContinuation<Bool, Never>
    var timeout: Task<Void, Never>?
}
