import Foundation
import OspreyCore

/// Thrown by ``Recorder/wait(count:timeout:)`` when the values did not arrive in time.
public struct WaitTimedOut: Error, CustomStringConvertible {
    public let expected: Int
    public let received: Int
    public var description: String { "timed out waiting for \(expected) values, got \(received)" }
}

/// Records every value a callback delivers, so a test can wait for them (with a generous
/// timeout, never a sleep) and then check how many arrived: "called exactly once" is
/// `recorder.count == 1` after waiting.
public final class Recorder<Value: Sendable>: Sendable {
    private struct Waiter {
        let count: Int
        let continuation: CheckedContinuation<[Value], any Error>
    }
    private struct State {
        var values: [Value] = []
        var waiters: [UUID: Waiter] = [:]
    }
    // Invariant: a waiter is in `waiters` until it is resumed, exactly once, by `record`
    // (enough values) or by its timeout task, whichever takes it out of the dictionary first.
    private let state = Locked(State())

    public init() {}

    /// Records `value` and wakes waiters whose count is now reached.
    public func record(_ value: Value) {
        let ready: [(CheckedContinuation<[Value], any Error>, [Value])] = state.withLock { state in
            state.values.append(value)
            let due = state.waiters.filter { $0.value.count <= state.values.count }
            for id in due.keys { state.waiters[id] = nil }
            return due.values.map { ($0.continuation, state.values) }
        }
        for (continuation, values) in ready { continuation.resume(returning: values) }
    }

    /// Everything recorded so far.
    public var values: [Value] { state.withLock { $0.values } }

    /// How many values were recorded so far.
    public var count: Int { state.withLock { $0.values.count } }

    /// Waits until at least `count` values were recorded and returns all of them.
    @discardableResult
    public func wait(count: Int = 1, timeout: Duration = Recorder.defaultTimeout) async throws -> [Value] {
        let id = UUID()
        return try await withCheckedThrowingContinuation { continuation in
            let done: [Value]? = state.withLock { state in
                if state.values.count >= count { return state.values }
                state.waiters[id] = Waiter(count: count, continuation: continuation)
                return nil
            }
            if let done {
                continuation.resume(returning: done)
                return
            }
            Task { [state] in
                try? await Task.sleep(for: timeout)
                let expired: (Waiter, Int)? = state.withLock { state in
                    state.waiters.removeValue(forKey: id).map { ($0, state.values.count) }
                }
                if let (waiter, received) = expired {
                    waiter.continuation.resume(throwing: WaitTimedOut(expected: count, received: received))
                }
            }
        }
    }

    /// How long a wait lasts before it fails: generous, because only a hang should reach it.
    /// A 1 MB download that takes milliseconds alone took over 30 s once, in a thread-sanitizer
    /// run of 236 tests on two busy cores.
    public static var defaultTimeout: Duration { .seconds(120) }

    /// Waits for the first value.
    public func first(timeout: Duration = Recorder.defaultTimeout) async throws -> Value {
        try await wait(count: 1, timeout: timeout)[0]
    }
}
