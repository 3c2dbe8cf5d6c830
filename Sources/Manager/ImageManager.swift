import Foundation

/// Coordinates a cache and a loader, after `SDWebImageManager`: looks an image up in the
/// cache, loads it on a miss, transforms it, stores it, and reports once.
///
/// Thread-safe; every entry point may be called from any thread. The cache and the loader are
/// protocols, so either can be swapped (also per request, through ``ImageContext``).
public final class ImageManager: Sendable {
    /// The cache queried and filled unless a context names another.
    public let cache: any ImageCaching
    /// The loader used on a miss unless a context names another.
    public let loader: any ImageLoading

    private struct State {
        var running: [ObjectIdentifier: ImageLoadOperation] = [:]
        var failedURLs: Set<URL> = []
    }
    // Invariant: `running` holds exactly the operations that have not finished yet;
    // `failedURLs` the URLs whose last load failed with a blockable error.
    private let state = Locked(State())
    /// `failedURLs.count`, written under `state`'s lock whenever the set changes: a load asks
    /// the (almost always empty) list, and a success clears its URL from it, without the lock
    /// while the list is empty. A lock-free "empty" means "empty a moment ago", which orders
    /// the check or the removal before a failure being recorded at the same time.
    private let failedCount = LockFreeMirror(0)

    /// The loads in flight that identical loads join, by ``LoadTask/identicalLoadKey``: each
    /// runs once (download, decode, transform, store) for all its subscribers.
    let loads = TaskPool<String, ImageResult, ImageProgress>()

    /// A manager over `cache` and `loader`.
    public init(cache: any ImageCaching, loader: any ImageLoading) {
        self.cache = cache
        self.loader = loader
    }

    /// The cache key a load of `url` with `context` (and no options) uses: the context's key
    /// filter, then the transformer's key and the decode settings that change pixels appended
    /// (see ``CacheKey``).
    public func cacheKey(for url: URL?, context: ImageContext = .init()) -> String? {
        CacheKey.key(for: url, options: [], context: context)
    }

    /// The cache key a load of `url` with `options` and `context` uses; options such as
    /// ``ImageOptions/scaleDownLargeImages`` or ``ImageOptions/decodeFirstFrameOnly`` change
    /// the decoded pixels and so the key (see ``CacheKey/key(for:options:context:)``).
    public func cacheKey(for url: URL?, options: ImageOptions, context: ImageContext = .init()) -> String? {
        CacheKey.key(for: url, options: options, context: context)
    }

    /// Cancels every load in flight; each completes with `.cancelled`.
    public func cancelAll() {
        let operations = state.withLock { Array($0.running.values) }
        operations.forEach { $0.cancel() }
    }

    /// Whether any load is in flight.
    public var isRunning: Bool { state.withLock { !$0.running.isEmpty } }

    /// Number of loads in flight.
    public var runningCount: Int { state.withLock { $0.running.count } }

    /// Lets `url` be loaded again after it failed.
    public func removeFailedURL(_ url: URL) {
        state.withLock { state in
            state.failedURLs.remove(url)
            failedCount.store(state.failedURLs.count)
        }
    }

    /// Forgets every failed URL.
    public func removeAllFailedURLs() {
        state.withLock { state in
            state.failedURLs.removeAll()
            failedCount.store(0)
        }
    }

    /// Whether `url` is on the failed list (loads of it fail with `.blackListed`).
    public func isFailedURL(_ url: URL) -> Bool {
        // Hashing a URL is not free; the list is empty in the common case.
        if failedCount.peek() == 0 { return false }
        return state.withLock { !$0.failedURLs.isEmpty && $0.failedURLs.contains(url) }
    }

    func markFailed(_ url: URL, blocked: Bool) {
        if !blocked, failedCount.peek() == 0 { return }
        state.withLock { state in
            if blocked { state.failedURLs.insert(url) } else { state.failedURLs.remove(url) }
            failedCount.store(state.failedURLs.count)
        }
    }

    func register(_ operation: ImageLoadOperation) {
        state.withLock { $0.running[ObjectIdentifier(operation)] = operation }
    }

    func unregister(_ operation: ImageLoadOperation) {
        _ = state.withLock { $0.running.removeValue(forKey: ObjectIdentifier(operation)) }
    }
}
