#if !canImport(Darwin)
import Synchronization
#endif

/// A copy of one small field of a ``Locked`` state (a phase, a few flags, a generation number) that a hot path may read
/// without taking the lock: the `OperationQueue`'s reads of `isExecuting`/`isFinished`, a
/// progress report that nobody listens to.
///
/// Rules that keep it honest: it is written only while the owner's lock is held, right after
/// the field it copies changes, so it always equals that field whenever the lock is free; a
/// reader that needs the value to stay true acts under the lock, as before. A lock-free read
/// answers "was true a moment ago", which is all the callers use it for.
///
/// On Apple platforms `Atomic` needs iOS 18 / macOS 15, above Osprey's deployment target, so
/// there is no copy there: ``peek()`` answers nil and the reader takes the owner's lock (an
/// `os_unfair_lock`, cheap uncontended).
package struct LockFreeMirror: ~Copyable, Sendable {
    #if !canImport(Darwin)
    private let bits: Atomic<Int>
    #endif

    /// A mirror of a field whose value is `initial`.
    package init(_ initial: Int) {
        #if !canImport(Darwin)
        bits = Atomic(initial)
        #endif
    }

    /// Records the field's new value. Call only while holding the owner's lock.
    @inline(__always)
    package borrowing func store(_ value: Int) {
        #if !canImport(Darwin)
        bits.store(value, ordering: .releasing)
        #endif
    }

    /// The field's value as of the last write, or nil where there is no copy (Apple
    /// platforms): then the caller reads the field under the lock.
    @inline(__always)
    package borrowing func peek() -> Int? {
        #if !canImport(Darwin)
        bits.load(ordering: .acquiring)
        #else
        nil
        #endif
    }
}
