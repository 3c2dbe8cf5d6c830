import Foundation

/// Decides whether a failed download is tried again, and when (Kingfisher's `RetryStrategy`
/// shape). Set one per load with ``ImageContext/retryStrategy`` or for a whole downloader in
/// its configuration; there is none by default, so a failure fails at once.
///
/// The downloader asks after each failed attempt, on a background queue, and waits for the
/// answer (which may come later, from any thread; only the first answer counts). Loads that
/// share a download share its retries: one sequence of attempts, whatever the number of
/// callers. A cancelled load stops waiting at once.
public protocol RetryStrategy: Sendable {
    /// Answers `decide` with ``RetryDecision/retry(after:)`` or ``RetryDecision/stop`` for
    /// the failure described by `context`.
    func retry(context: RetryContext, decide: @escaping @Sendable (RetryDecision) -> Void)
}

/// What a ``RetryStrategy`` knows about a failed attempt.
public struct RetryContext: Sendable {
    /// The URL the load asked for.
    public let url: URL
    /// How the attempt failed.
    public let error: ImageError
    /// Retries already made for this download: 0 after the first attempt failed.
    public let retriedCount: Int
    /// Whether the failure may go away by itself: a timeout, a refused or lost connection, a
    /// body cut short, or HTTP 408, 429 or 5xx. Invalid URLs, 4xx answers, unusable content
    /// and decoding failures are not.
    public let isTransient: Bool
    /// The server's `Retry-After` (seconds, or an HTTP date turned into seconds from now), when
    /// the failed response had one.
    public let retryAfter: TimeInterval?

    /// A context (the downloader makes these; tests and custom loaders may too).
    public init(url: URL, error: ImageError, retriedCount: Int, isTransient: Bool, retryAfter: TimeInterval? = nil) {
        self.url = url
        self.error = error
        self.retriedCount = retriedCount
        self.isTransient = isTransient
        self.retryAfter = retryAfter
    }
}

/// A ``RetryStrategy``'s answer.
public enum RetryDecision: Sendable, Equatable {
    /// Try again after this many seconds (0: at once).
    case retry(after: TimeInterval)
    /// Give up: the load fails with the attempt's error.
    case stop
}
