import Foundation

/// Counts completions from any thread and lets the benchmark's thread wait for all of them.
///
/// Safety: `remaining` and `failures` are only read or written with `condition` locked.
final class Latch: @unchecked Sendable {
    private let condition = NSCondition()
    private var remaining: Int
    private var failures: [String] = []

    init(count: Int) {
        remaining = count
    }

    /// Records one completion; `failure` (if any) is kept for the error message.
    func arrive(failure: String? = nil) {
        condition.lock()
        remaining -= 1
        if let failure, failures.count < 5 { failures.append(failure) }
        if remaining <= 0 { condition.broadcast() }
        condition.unlock()
    }

    /// Waits until every completion arrived; throws when `timeout` passes first or when any
    /// completion reported a failure.
    func wait(timeout: Double = 120, what: String) throws {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while remaining > 0 {
            guard condition.wait(until: deadline) else {
                throw BenchError("\(what): \(remaining) completions still missing after \(Int(timeout)) s")
            }
        }
        if !failures.isEmpty {
            throw BenchError("\(what): \(failures.joined(separator: "; "))")
        }
    }
}

/// A thread-safe counter and slot for the benchmark's own bookkeeping (no `package` API).
///
/// Safety: `value` is only touched with `lock` held.
final class Box<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// A scenario failure: the process exits non-zero because of it.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) {
        self.description = description
    }
}

/// A scenario (or part of one) that cannot run here: a missing library part or tool.
struct Skip: Error, CustomStringConvertible {
    var description: String
    init(_ reason: String) {
        description = reason
    }
}
