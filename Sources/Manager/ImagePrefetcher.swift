import Foundation

/// Loads lists of URLs into the cache ahead of need, a few at a time, at low priority by
/// default; after `SDWebImagePrefetcher`.
///
/// Each ``prefetchURLs(_:options:context:progress:completed:)`` call is independent: a second
/// call does not cancel the first. Thread-safe.
public final class ImagePrefetcher: Sendable {
    /// The manager that loads (and caches) the images.
    public let manager: ImageManager

    private struct Settings {
        var maxConcurrentPrefetchCount = 3
        var options: ImageOptions = [.lowPriority]
        var tokens: [ObjectIdentifier: PrefetchToken] = [:]
    }
    // Invariant: `tokens` holds the calls that have not completed yet.
    private let settings = Locked(Settings())

    /// A prefetcher loading through `manager` (by default ``ImageManager/default`` as it is
    /// when the prefetcher is made).
    public init(manager: ImageManager = .default) {
        self.manager = manager
    }

    /// How many loads one prefetch call runs at once. Default 3; values below 1 count as 1.
    public var maxConcurrentPrefetchCount: Int {
        get { settings.withLock { $0.maxConcurrentPrefetchCount } }
        set { settings.withLock { $0.maxConcurrentPrefetchCount = max(1, newValue) } }
    }

    /// Options for calls that pass none. Default `[.lowPriority]`.
    public var options: ImageOptions {
        get { settings.withLock { $0.options } }
        set { settings.withLock { $0.options = newValue } }
    }

    /// Loads `urls` into the cache. `progress(finished, total)` runs after each URL (loaded or
    /// failed); `completed` runs once with the summary, also after cancellation. Both run on
    /// the context's callback queue, in order: progress counts up one by one, and the summary
    /// comes after the last progress report. Duplicate URLs are loaded once each time they appear
    /// (the manager's cache makes repeats cheap).
    @discardableResult
    public func prefetchURLs(_ urls: [URL], options: ImageOptions? = nil, context: ImageContext = .init(),
                             progress: (@Sendable (_ finished: Int, _ total: Int) -> Void)? = nil,
                             completed: (@Sendable (PrefetchSummary) -> Void)? = nil) -> PrefetchToken {
        let (width, defaults) = settings.withLock { ($0.maxConcurrentPrefetchCount, $0.options) }
        let token = PrefetchToken(
            urls: urls, width: width, options: options ?? defaults, context: context, manager: manager,
            progress: progress, completed: completed,
            onFinish: { [weak self] token in
                _ = self?.settings.withLock { $0.tokens.removeValue(forKey: ObjectIdentifier(token)) }
            })
        settings.withLock { $0.tokens[ObjectIdentifier(token)] = token }
        token.start()
        return token
    }

    /// ``prefetchURLs(_:options:context:progress:completed:)`` without progress. Swift hands
    /// an unlabeled trailing closure to the first closure parameter, so with only the long
    /// shape `prefetchURLs(urls) { summary in … }` would mean `progress`; this shape wins
    /// overload ranking for that call, so a trailing closure is always the completion.
    @discardableResult
    public func prefetchURLs(_ urls: [URL], options: ImageOptions? = nil, context: ImageContext = .init(),
                             completed: (@Sendable (PrefetchSummary) -> Void)? = nil) -> PrefetchToken {
        prefetchURLs(urls, options: options, context: context, progress: nil, completed: completed)
    }

    /// Cancels every call of this prefetcher that is still running.
    public func cancelPrefetching() {
        let tokens = settings.withLock { Array($0.tokens.values) }
        tokens.forEach { $0.cancel() }
    }
}

/// How a prefetch call ended.
public struct PrefetchSummary: Sendable, Hashable {
    /// URLs whose load finished (loaded or failed).
    public let finishedCount: Int
    /// URLs whose load failed (they are not in the cache).
    public let skippedCount: Int
    /// URLs the call was given.
    public let total: Int

    /// Creates a summary.
    public init(finishedCount: Int, skippedCount: Int, total: Int) {
        self.finishedCount = finishedCount
        self.skippedCount = skippedCount
        self.total = total
    }
}
