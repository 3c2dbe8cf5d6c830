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
        var downloads: [String: [@Sendable (Result<ImageResult, ImageError>) -> Void]] = [:]
    }
    // Invariant: `running` holds exactly the operations that have not finished yet;
    // `failedURLs` the URLs whose last load failed with a blockable error; `downloads` has an
    // entry per identical-load key whose leader is still downloading, listing the loads that
    // wait for its result.
    private let state = Locked(State())

    /// A manager over `cache` and `loader`.
    public init(cache: any ImageCaching, loader: any ImageLoading) {
        self.cache = cache
        self.loader = loader
    }

    /// The cache key a load of `url` with `context` uses: the context's key filter, then the
    /// transformer's key and the thumbnail size appended (see ``CacheKey``).
    public func cacheKey(for url: URL?, context: ImageContext = .init()) -> String? {
        CacheKey.key(for: url, context: context)
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
        _ = state.withLock { $0.failedURLs.remove(url) }
    }

    /// Forgets every failed URL.
    public func removeAllFailedURLs() {
        state.withLock { $0.failedURLs.removeAll() }
    }

    /// Whether `url` is on the failed list (loads of it fail with `.blackListed`).
    public func isFailedURL(_ url: URL) -> Bool {
        state.withLock { $0.failedURLs.contains(url) }
    }

    func markFailed(_ url: URL, blocked: Bool) {
        state.withLock { state in
            if blocked { state.failedURLs.insert(url) } else { state.failedURLs.remove(url) }
        }
    }

    /// Joins an identical load that is already downloading: true, and `waiter` will get its
    /// result; false, and the caller is now the leader and must call ``finishDownload(_:with:)``.
    func joinDownload(_ key: String, waiter: @escaping @Sendable (Result<ImageResult, ImageError>) -> Void) -> Bool {
        state.withLock { state in
            if state.downloads[key] != nil {
                state.downloads[key]?.append(waiter)
                return true
            }
            state.downloads[key] = []
            return false
        }
    }

    /// The leader of `key` is done: hands `result` to every load that joined it.
    func finishDownload(_ key: String, with result: Result<ImageResult, ImageError>) {
        let waiters = state.withLock { $0.downloads.removeValue(forKey: key) ?? [] }
        waiters.forEach { $0(result) }
    }

    func register(_ operation: ImageLoadOperation) {
        state.withLock { $0.running[ObjectIdentifier(operation)] = operation }
    }

    func unregister(_ operation: ImageLoadOperation) {
        _ = state.withLock { $0.running.removeValue(forKey: ObjectIdentifier(operation)) }
    }
}
