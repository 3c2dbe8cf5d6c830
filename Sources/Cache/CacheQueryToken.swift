import OspreyCore

/// The handle ``ImageCache/queryImage(forKey:options:context:cacheType:completion:)`` returns
/// for a query that goes to disk.
///
/// Cancelling before the disk read skips the read and the decode; cancelling before the
/// answer is delivered turns it into a miss. Either way the query's completion still runs
/// exactly once, with no image, no data and ``ImageCacheType/none``.
public final class CacheQueryToken: Cancellable {
    /// Invariant: false until the first `cancel()`, then true for good; touched only inside
    /// `withLock`.
    private let cancelled = Locked(false)

    /// A token that is not cancelled.
    public init() {}

    /// Marks the query cancelled; idempotent and thread-safe.
    public func cancel() {
        cancelled.withLock { $0 = true }
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool {
        cancelled.withLock { $0 }
    }
}
