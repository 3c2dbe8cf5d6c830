import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// One caller's interest in a download, returned by
/// ``ImageDownloader/downloadImage(with:options:context:progress:completed:)``.
///
/// Several callers of an equal request share one ``DownloaderOperation`` (and callers with the
/// same decode options one decode); each gets its own token, a subscription to the shared
/// task it joined. Cancelling a token delivers ``ImageError/Code/cancelled`` to this caller
/// only (unless its `completed` already ran); the shared network task stops when the last
/// token is cancelled, and a decode stops (``DecodeCancellation``) once every caller waiting
/// for it cancelled. Thread-safe.
public final class DownloadToken: Cancellable, LoadPriorityAdjusting {
    /// The URL that was requested.
    public let url: URL
    /// The operation downloading the bytes, when one was running as this caller joined.
    let operation: DownloaderOperation?
    private let subscription: TaskSubscription
    private let caller: DownloadCaller

    init(url: URL, subscription: TaskSubscription, caller: DownloadCaller, operation: DownloaderOperation?) {
        self.url = url
        self.subscription = subscription
        self.caller = caller
        self.operation = operation
    }

    /// The request sent for this download (after the request modifier), or nil when the
    /// caller joined a download whose bytes had all arrived.
    public var request: URLRequest? { operation?.request }

    /// The server's response once it arrived (after the response modifier), else nil.
    public var response: URLResponse? { operation?.response }

    /// Stops this caller's interest: its `completed` runs once with
    /// ``ImageError/Code/cancelled`` unless it already ran. Idempotent.
    public func cancel() {
        subscription.cancel()
        // The shared task answers a subscriber it still holds; this covers one it had just
        // handed its result to, whose delivery has not happened yet.
        caller.finish(.failure(ImageError(.cancelled, url: url)))
    }

    /// Moves this caller's interest to `priority`: the download waits at the highest priority
    /// its callers still want (it reorders the downloader's waiting list; a download that has
    /// its slot is left alone).
    public func setPriority(_ priority: LoadPriority) {
        subscription.setPriority(priority)
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool { subscription.isCancelled }
}
