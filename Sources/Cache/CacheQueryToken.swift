import OspreyCore

/// The handle ``ImageCache/queryImage(forKey:options:context:cacheType:completion:)`` returns
/// for a query that goes to disk.
///
/// Cancelling before the disk read skips the read and the decode; cancelling during the
/// decode leaves the decode stage, whose decode stops at the decoder's next check
/// (``DecodeCancellation``) unless another query still waits for it; cancelling before the
/// answer is delivered turns it into a miss. Either way the query's completion still runs
/// exactly once, with no image, no data and ``ImageCacheType/none``.
public final class CacheQueryToken: Cancellable {
    private struct State {
        var isCancelled = false
        /// The query's subscription to the decode of its disk hit, once the bytes were read.
        var decode: (any Cancellable)?
    }
    /// Invariant: `isCancelled` is false until the first `cancel()`, then true for good; once
    /// it is, `decode` is nil (it was cancelled). Touched only inside `withLock`.
    private let state = Locked(State())
    /// 1 once `isCancelled` is set, written under the lock right after: the query's checks
    /// before its disk read and before its answer read it without the lock ("not cancelled a
    /// moment ago" is what those checks could learn under the lock too).
    private let cancelledFlag = LockFreeMirror(0)

    /// A token that is not cancelled.
    public init() {}

    /// Marks the query cancelled and leaves its decode; idempotent and thread-safe.
    public func cancel() {
        let decode = state.withLock { state in
            state.isCancelled = true
            cancelledFlag.store(1)
            defer { state.decode = nil }
            return state.decode
        }
        decode?.cancel()
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool {
        if let flag = cancelledFlag.peek() { return flag == 1 }
        return state.withLock { $0.isCancelled }
    }

    /// Keeps the query's subscription to its decode, so that cancelling the query leaves it;
    /// leaves it at once when the query was cancelled already.
    func follow(_ decode: any Cancellable) {
        let cancelled = state.withLock { state in
            if !state.isCancelled { state.decode = decode }
            return state.isCancelled
        }
        if cancelled { decode.cancel() }
    }
}
