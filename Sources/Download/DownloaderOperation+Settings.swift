import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore
import OspreyCodecs

extension DownloaderOperation {
    /// What the downloader hands every operation it creates: its configured limits and the
    /// machinery operations share (task routing, the coder queue). Only an
    /// ``ImageDownloader`` makes one; a subclass passes it on to `super.init` unchanged.
    public struct Settings: Sendable {
        /// HTTP statuses that count as success.
        public let acceptableStatusCodes: Range<Int>
        /// MIME types that count as success; nil accepts any.
        public let acceptableContentTypes: Set<String>?
        /// Largest body in decoded bytes (never nil: a nil in the configuration means
        /// ``ImageDownloaderConfig/defaultMaxResponseSize``).
        public let maxResponseSize: Int?
        /// The idle timeout: seconds without a byte (or a response head, or a redirect) after
        /// which the download fails with ``ImageError/Code/timedOut``; 0 or infinity: none.
        /// The load's ``ImageContext/downloadTimeout`` when it set one, else the downloader's.
        public let downloadTimeout: TimeInterval
        /// Total seconds the download may take once started, retries included; nil: no limit.
        /// The load's ``ImageContext/downloadDeadline`` when it set one, else the downloader's
        /// ``ImageDownloaderConfig/totalDeadline``.
        public let totalDeadline: TimeInterval?
        /// Whether and when a failed attempt is tried again: the load's
        /// ``ImageContext/retryStrategy``, else the downloader's; nil: never.
        public let retryStrategy: (any RetryStrategy)?
        /// Least fraction of the expected length between two progress callbacks (0…1).
        public let minimumProgressInterval: Double
        /// Answers authentication challenges.
        public let urlCredential: URLCredential?
        /// The decoders used for the downloaded bytes.
        public let coders: ImageCoders

        /// Routes the session's delegate callbacks (by task) to the owning operation.
        let router: DownloadTaskRouter
        /// Concurrent queue the downloader's operations decode on.
        let coderQueue: DispatchQueue
        /// Where cookies are sent from and stored, for ``DownloaderOptions/handleCookies`` on
        /// Linux (the session itself is given none there).
        let cookieStorage: HTTPCookieStorage?
        /// Told (outside every lock) when an operation stops accepting subscribers, so the
        /// downloader stops offering it to new callers.
        let operationClosed: @Sendable (DownloaderOperation) -> Void
        /// Told (outside every lock) after the operation signalled `isFinished`, so the
        /// downloader gives its queue slot to the next waiting operation.
        let operationFinished: @Sendable (DownloaderOperation) -> Void
        /// Closed when the downloader invalidates its session; tasks are made only through it.
        let sessionGate: SessionGate
        /// Counts deliveries under way after an operation closed (decoding), for idleness.
        let deliveries: PendingWork
        /// Where given-up tasks are cancelled, off the caller's thread.
        let cancellations: TaskCancellations
        /// Bytes of broken-off downloads, kept for the next attempt to resume from.
        let partials: PartialDownloads

        init(config: ImageDownloaderConfig, context: ImageContext, router: DownloadTaskRouter, coderQueue: DispatchQueue,
             cookieStorage: HTTPCookieStorage?, sessionGate: SessionGate, deliveries: PendingWork,
             cancellations: TaskCancellations, partials: PartialDownloads,
             operationClosed: @escaping @Sendable (DownloaderOperation) -> Void,
             operationFinished: @escaping @Sendable (DownloaderOperation) -> Void) {
            acceptableStatusCodes = config.acceptableStatusCodes
            acceptableContentTypes = config.acceptableContentTypes
            maxResponseSize = config.maxResponseSize ?? ImageDownloaderConfig.defaultMaxResponseSize
            downloadTimeout = Self.limit(context.downloadTimeout ?? config.downloadTimeout) ?? 0
            totalDeadline = Self.limit(context.downloadDeadline ?? config.totalDeadline)
            retryStrategy = context.retryStrategy ?? config.retryStrategy
            minimumProgressInterval = min(1, max(0, config.minimumProgressInterval.isNaN ? 0 : config.minimumProgressInterval))
            urlCredential = config.urlCredential
            coders = config.coders
            self.router = router
            self.coderQueue = coderQueue
            self.cookieStorage = cookieStorage
            self.operationClosed = operationClosed
            self.operationFinished = operationFinished
            self.sessionGate = sessionGate
            self.deliveries = deliveries
            self.cancellations = cancellations
            self.partials = partials
        }

        /// A usable number of seconds, or nil for "no limit" (nil, 0, negative, infinite, NaN).
        /// At most ``longestLimit``: timers are armed with it, and a huge value must not
        /// overflow a nanosecond count.
        static func limit(_ seconds: TimeInterval?) -> TimeInterval? {
            guard let seconds, seconds.isFinite, seconds > 0 else { return nil }
            return min(seconds, longestLimit)
        }

        /// About 115 days: longer timeouts are treated as this.
        static let longestLimit: TimeInterval = 10_000_000
    }
}

/// Finds the operation that owns a task, for the session delegate callbacks.
///
/// Keyed by `ObjectIdentifier(task)`: `taskIdentifier` restarts per session on Linux. An
/// identifier cannot be reused while its entry exists, because the operation keeps its task
/// alive until it unregisters it.
final class DownloadTaskRouter: Sendable {
    /// Invariant: an entry exists from just before its task is resumed until the task
    /// completes or its operation gives it up (cancel, failure).
    private let operations = Locked<[ObjectIdentifier: DownloaderOperation]>([:])

    func register(_ task: URLSessionTask, for operation: DownloaderOperation) {
        operations.withLock { $0[ObjectIdentifier(task)] = operation }
    }

    func unregister(_ task: URLSessionTask) {
        _ = operations.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
    }

    func operation(for task: URLSessionTask) -> DownloaderOperation? {
        operations.withLock { $0[ObjectIdentifier(task)] }
    }

    /// Tasks in flight, for tests and diagnostics.
    var count: Int { operations.withLock { $0.count } }
}

/// Keeps task creation and session invalidation apart: FoundationNetworking fatal-errors
/// ("Session invalidated") when a task is made on an invalidated session.
final class SessionGate: Sendable {
    /// Invariant: true until ``close()``, false forever after. Held while a task is made and
    /// resumed, so `close()` returns only once no task is being made.
    private let isOpen = Locked(true)

    /// Runs `body` (which makes and resumes a task) while the session is still valid; nil
    /// once the gate is closed. `body` must not call back into the downloader.
    func whileOpen<T>(_ body: () -> T) -> T? {
        isOpen.withLock { open in open ? body() : nil }
    }

    /// From now on ``whileOpen(_:)`` runs nothing. Call before invalidating the session.
    func close() {
        isOpen.withLock { $0 = false }
    }
}

/// Cancels given-up tasks on a queue of its own (see `DownloaderOperation.cancelGivenUp`), and
/// lets ``ImageDownloader/invalidate()`` wait until those under way are done.
final class TaskCancellations: Sendable {
    private let queue = DispatchQueue(label: "osprey.downloader.cancellation", qos: .utility,
                                      attributes: .concurrent)
    private let pending = DispatchGroup()

    /// Cancels `task` soon, keeping `session` alive until it is done.
    func cancel(_ task: URLSessionTask, of session: URLSession) {
        pending.enter()
        queue.async { [pending] in
            withExtendedLifetime(session) { task.cancel() }
            pending.leave()
        }
    }

    /// Waits until every cancel issued so far is done.
    func waitForAll() {
        pending.wait()
    }
}
