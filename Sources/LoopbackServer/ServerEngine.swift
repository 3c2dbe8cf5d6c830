import Foundation
import OspreyCore

/// The running server: the listening socket, the shared state and the threads.
///
/// Separate from ``LoopbackServer`` so that threads can hold the engine strongly while the
/// public object can still be released: its `deinit` then calls ``stop()``.
///
/// Threading model: one accept thread plus one thread per connection, each doing plain
/// blocking I/O. Chosen over a poll loop because every fault (delay, stall, drip, hold) is
/// then straight-line code on its own thread, and test loads are tens of connections, not
/// thousands. Threads are joinable POSIX threads so `stop()` can prove they are gone.
final class ServerEngine: Sendable {
    let listener: Int32
    let port: Int
    /// Distinguishes this server's threads ("lbs<number>.a", "lbs<number>.c") in /proc.
    let number: Int
    let state = Locked(ServerState())

    private static let counter = Locked(0)

    init() throws {
        (listener, port) = try Socket.listenOnLoopback()
        number = Self.counter.withLock { value in
            value += 1
            return value
        }
        guard let acceptor = JoinableThread.start(name: "\(threadNamePrefix)a", { [self] in acceptLoop() }) else {
            Socket.close(listener)
            throw LoopbackServerError(call: "pthread_create", code: errno)
        }
        state.withLock { $0.acceptor = acceptor }
    }

    /// Thread names of this server start with this ("lbs12."); Linux allows 15 bytes in all.
    var threadNamePrefix: String { "lbs\(number)." }

    /// Mutates the state, then resumes (outside the lock) every waiter whose condition now holds.
    @discardableResult
    func update<Result>(_ body: (inout ServerState) -> Result) -> Result {
        let (result, satisfied): (Result, [Waiter]) = state.withLock { state in
            let result = body(&state)
            guard !state.waiters.isEmpty else { return (result, []) }
            let snapshot = state
            let due = state.waiters.filter { $0.value.isSatisfied(snapshot) }
            for id in due.keys { state.waiters[id] = nil }
            return (result, Array(due.values))
        }
        for waiter in satisfied {
            waiter.timeout?.cancel()
            waiter.continuation.resume(returning: true)
        }
        return result
    }

    /// Suspends until `condition` holds (true) or `timeout` seconds pass (false).
    func waitUntil(timeout: TimeInterval, _ condition: @escaping (ServerState) -> Bool) async -> Bool {
        let id = UUID()
        let nanoseconds = UInt64(max(0, timeout) * 1_000_000_000)
        return await withCheckedContinuation { continuation in
            let alreadyTrue = state.withLock { state -> Bool in
                if condition(state) { return true }
                state.waiters[id] = Waiter(isSatisfied: condition, continuation: continuation)
                return false
            }
            if alreadyTrue {
                continuation.resume(returning: true)
                return
            }
            let timeoutTask = Task { [state] in
                try? await Task.sleep(nanoseconds: nanoseconds)
                let expired = state.withLock { $0.waiters.removeValue(forKey: id) }
                expired?.continuation.resume(returning: false)
            }
            // If the waiter was already satisfied, its timeout task just finds nothing to do.
            state.withLock { $0.waiters[id]?.timeout = timeoutTask }
        }
    }

    /// Closes the listener and every connection, releases held requests and joins every
    /// thread. Idempotent: a second call returns at once.
    func stop() {
        let acceptor: JoinableThread? = update { state in
            guard !state.isStopping else { return nil }
            state.isStopping = true
            state.heldConnections.removeAll()
            // Under the lock on purpose: see the invariant on `connections`.
            for connection in state.connections.values { Socket.shutDown(connection.descriptor) }
            Socket.shutDown(listener)
            return state.acceptor.take()
        }
        guard let acceptor else { return }
        acceptor.join()
        // Only now: the accept loop no longer uses the number.
        Socket.close(listener)
        while true {
            let threads: [JoinableThread] = update { state in
                let threads = state.unjoinedThreads + state.connections.values.compactMap(\.thread)
                state.unjoinedThreads.removeAll()
                for id in state.connections.keys { state.connections[id]?.thread = nil }
                return threads
            }
            if threads.isEmpty { break }
            for thread in threads { thread.join() }
        }
    }

    var isStopping: Bool { state.withLock { $0.isStopping } }
}
