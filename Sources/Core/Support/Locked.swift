#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if DEBUG && os(Linux)
import Synchronization
#endif

/// A value behind a lock, reachable only through ``withLock(_:)``.
///
/// The one lock primitive Osprey uses. It sits on `os_unfair_lock` on Apple platforms and
/// `pthread_mutex_t` elsewhere: `Synchronization.Mutex` would raise the deployment target to
/// iOS 18, and measured here it is ~5× slower than a pthread mutex when uncontended.
///
/// Never call back into code that may take the same lock from inside `body`: the lock is not
/// recursive. Keep bodies short and free of callbacks, I/O and logging.
package final class Locked<Value>: @unchecked Sendable {
    // Safety: `value` is read and written only inside `withLock`, while `lock` is held.
    // It lives behind a pointer rather than in a stored property because the lock already
    // gives exclusive access, and a class property's inout access pays a dynamic exclusivity
    // check (`swift_beginAccess`) on every call: measurable on the memory-hit path.
    private let value: UnsafeMutablePointer<Value>
    #if canImport(Darwin)
    private let lock: UnsafeMutablePointer<os_unfair_lock>
    #else
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    /// Wraps `value`; from now on it is reached only through ``withLock(_:)``.
    package init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        lock = .allocate(capacity: 1)
        #if canImport(Darwin)
        lock.initialize(to: os_unfair_lock())
        #else
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        #else
        #if DEBUG && os(Linux)
        LockTally.taken.add(1, ordering: .relaxed)
        #endif
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&value.pointee)
    }
}

#if DEBUG && os(Linux)
/// How many times any ``Locked`` was taken, in debug builds on Linux only: the measure behind
/// the test that keeps a cold load's lock traffic low (`osprey-lock-count`). Release builds
/// have no counter, so the lock path stays one mutex call.
package enum LockTally {
    /// Every `withLock` adds one.
    package static let taken = Atomic<Int>(0)
}
#endif
