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

    #if DEBUG && os(Linux)
    /// Runs `body` with exclusive access to the value and returns what it returns. (Debug
    /// builds on Linux also count the call, and name its call site while
    /// ``LockTally/recordsSites`` is on.)
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result,
                                  fileID: StaticString = #fileID, line: UInt = #line) rethrows -> Result {
        LockTally.taken.add(1, ordering: .relaxed)
        if LockTally.recordsSites.load(ordering: .relaxed) { LockTally.record(fileID, line) }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&value.pointee)
    }
    #else
    /// Runs `body` with exclusive access to the value and returns what it returns.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&value.pointee)
    }
    #endif
}

#if DEBUG && os(Linux)
/// How many times any ``Locked`` was taken, in debug builds on Linux only: the measure behind
/// the test that keeps a cold load's lock traffic low (`osprey-lock-count`). Release builds
/// have no counter, so the lock path stays one mutex call.
package enum LockTally {
    /// Every `withLock` adds one.
    package static let taken = Atomic<Int>(0)

    /// While true, every `withLock` also adds one to its call site's count (``sites``): the
    /// breakdown `osprey-lock-count --sites` prints. Off by default, so tests pay one relaxed
    /// load per lock for it.
    package static let recordsSites = Atomic<Bool>(false)

    /// Call-site counts. Guarded by a mutex of its own, not a `Locked`: recording must not
    /// count (or recurse into) itself. Debug-only instrumentation, never in a release build.
    nonisolated(unsafe) private static var counts: [String: Int] = [:]
    nonisolated(unsafe) private static let countsLock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        return lock
    }()

    package static func record(_ fileID: StaticString, _ line: UInt) {
        let site = "\(fileID):\(line)"
        pthread_mutex_lock(countsLock)
        counts[site, default: 0] += 1
        pthread_mutex_unlock(countsLock)
    }

    /// Empties the call-site counts.
    package static func resetSites() {
        pthread_mutex_lock(countsLock)
        counts.removeAll()
        pthread_mutex_unlock(countsLock)
    }

    /// The call-site counts recorded since the last ``resetSites()``, by site (`file:line`).
    package static var sites: [String: Int] {
        pthread_mutex_lock(countsLock)
        defer { pthread_mutex_unlock(countsLock) }
        return counts
    }
}
#endif
