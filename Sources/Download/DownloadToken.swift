import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// One caller's interest in a download, returned by
/// ``ImageDownloader/downloadImage(with:options:context:progress:completed:)``.
///
/// Several callers of an equal request share one ``DownloaderOperation``; each gets its own
/// token. Cancelling a token delivers ``ImageError/Code/cancelled`` to this caller only (unless
/// its `completed` already ran); the shared network task stops when the last token is
/// cancelled, and a decode stops (``DecodeCancellation``) once every caller waiting for it
/// cancelled. Thread-safe.
public final class DownloadToken: Cancellable, LoadPriorityAdjusting {
    /// The URL that was requested.
    public let url: URL
    /// The operation this caller's handlers are attached to.
    let operation: DownloaderOperation
    /// Which of the operation's handlers belongs to this caller.
    let handlerID: Int
    /// Invariant: false until the first `cancel()`, true forever after.
    private let cancelled = Locked(false)

    init(url: URL, operation: DownloaderOperation, handlerID: Int) {
        self.url = url
        self.operation = operation
        self.handlerID = handlerID
    }

    /// The request sent for this download (after the request modifier), or nil for a local
    /// file.
    public var request: URLRequest? { operation.request }

    /// The server's response once it arrived (after the response modifier), else nil.
    public var response: URLResponse? { operation.response }

    /// Stops this caller's interest: its `completed` runs once with
    /// ``ImageError/Code/cancelled`` unless it already ran. Idempotent.
    public func cancel() {
        let isFirst = cancelled.withLock { wasCancelled in
            defer { wasCancelled = true }
            return !wasCancelled
        }
        if isFirst { operation.cancelHandler(handlerID) }
    }

    /// Moves this caller's interest to `priority`: the download waits at the highest priority
    /// its callers still want (it reorders the downloader's waiting list; a download that has
    /// its slot is left alone).
    public func setPriority(_ priority: LoadPriority) {
        guard !isCancelled else { return }
        operation.settings.priorityChanged(operation, handlerID, priority)
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool { cancelled.withLock { $0 } }
}
