import OspreyCore

/// The handle ``ImageCache/queryImage(forKey:options:context:cacheType:completion:)`` returns
/// for a query that goes to disk.
///
/// Cancelling before the disk read skips the read and the decode; cancelling during the
/// decode stops it at the decoder's next check (``DecodeCancellation``); cancelling before the
/// answer is delivered turns it into a miss. Either way the query's completion still runs
/// exactly once, with no image, no data and ``ImageCacheType/none``.
public final class CacheQueryToken: Cancellable {
    /// Invariant: false until the first `cancel()`, then true for good; touched only inside
    /// `withLock`.
    private let cancelled = Locked(false)
    /// Stops the disk hit's decode when the query is cancelled while it decodes.
    let decodeCancellation = DecodeCancellation()

    /// A token that is not cancelled.
    public init() {}

    /// Marks the query cancelled; idempotent and thread-safe.
    public func cancel() {
        cancelled.withLock { $0 = true }
        decodeCancellation.cancel()
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool {
        cancelled.withLock { $0 }
    }
}
