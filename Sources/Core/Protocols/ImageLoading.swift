import Foundation

/// The loader seam: what ``ImageManager`` needs to fetch an image it did not find in the
/// cache. Osprey's `ImageDownloader` is one implementation.
///
/// Contract: thread-safe; `completed` is called exactly once, on the context's
/// ``ImageContext/callbackQueue``, also after cancellation (with ``ImageError/Code/cancelled``).
/// `progress` may be called any number of times before it, on the same queue.
public protocol ImageLoading: Sendable {
    /// Whether this loader can fetch `url` at all (e.g. by scheme). Cheap, no I/O.
    func canRequestImage(for url: URL?) -> Bool

    /// Starts fetching `url`; returns a handle that cancels this caller's interest.
    @discardableResult
    func requestImage(with url: URL, options: ImageOptions, context: ImageContext,
                      progress: (@Sendable (ImageProgress) -> Void)?,
                      completed: @escaping @Sendable (Result<LoadedImage, ImageError>) -> Void) -> (any Cancellable)?

    /// Whether a URL that failed with `error` should be refused from now on (the manager's
    /// failed-URL list): yes for permanent failures (404, bad data), no for transient ones
    /// (cancellation, timeouts, offline).
    func shouldBlockFailedURL(_ url: URL, error: ImageError) -> Bool

    /// Changes whenever something that shapes every request changes (e.g. headers sent with
    /// every request): the manager shares one load between identical loads only when they
    /// were asked for under the same value. Default 0 (nothing changes).
    var requestGeneration: Int { get }
}

extension ImageLoading {
    /// Default: 0.
    public var requestGeneration: Int { 0 }
}
