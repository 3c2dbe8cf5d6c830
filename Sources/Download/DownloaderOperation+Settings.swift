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

        /// The bytes task the operation produces: progress and the result go to it. Fixed
        /// before the operation exists, so reaching it takes no lock.
        let sink: SharedTask<DownloadedBody, BodyProgress>?
        /// Routes the session's delegate callbacks (by task) to the owning operation.
        let router: DownloadTaskRouter
        /// Concurrent queue the downloader's operations decode on.
        let coderQueue: DispatchQueue
        /// Where cookies are sent from and stored, for ``DownloaderOptions/handleCookies`` on
        /// Linux (the session itself is given none there).
        let cookieStorage: HTTPCookieStorage?
        /// Told (outside every lock) once the operation is done with: it sends nothing more and,
        /// when `true` is passed, it has signalled `isFinished` (its queue slot is free). The
        /// downloader forgets it and gives the slot to the next waiting operation, in one step.
        let operationEnded: @Sendable (DownloaderOperation, _ freedSlot: Bool) -> Void
        /// Closed when the downloader invalidates its session; tasks are made only through it.
        let sessionGate: SessionGate
        /// Where given-up tasks are cancelled, off the caller's thread.
        let cancellations: TaskCancellations
        /// Bytes of broken-off downloads, kept for the next attempt to resume from.
        let partials: PartialDownloads
        /// What the idle timeout, the total deadline and retry waits measure time with (the
        /// downloader's, ``ImageDownloaderConfig/clock``, which its router holds).
        var clock: any DownloadClock { router.clock }

        init(config: ImageDownloaderConfig, context: ImageContext, sink: SharedTask<DownloadedBody, BodyProgress>?,
             router: DownloadTaskRouter, coderQueue: DispatchQueue, cookieStorage: HTTPCookieStorage?,
             sessionGate: SessionGate, cancellations: TaskCancellations, partials: PartialDownloads,
             operationEnded: @escaping @Sendable (DownloaderOperation, Bool) -> Void) {
            acceptableStatusCodes = config.acceptableStatusCodes
            acceptableContentTypes = config.acceptableContentTypes
            maxResponseSize = config.maxResponseSize ?? ImageDownloaderConfig.defaultMaxResponseSize
            downloadTimeout = Self.limit(context.downloadTimeout ?? config.downloadTimeout) ?? 0
            totalDeadline = Self.limit(context.downloadDeadline ?? config.totalDeadline)
            retryStrategy = context.retryStrategy ?? config.retryStrategy
            minimumProgressInterval = min(1, max(0, config.minimumProgressInterval.isNaN ? 0 : config.minimumProgressInterval))
            urlCredential = config.urlCredential
            coders = config.coders
            self.sink = sink
            self.router = router
            self.coderQueue = coderQueue
            self.cookieStorage = cookieStorage
            self.operationEnded = operationEnded
            self.sessionGate = sessionGate
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

/// Finds the operation that owns a task, for the session delegate callbacks, and runs the idle
/// checks of the operations whose tasks are in flight.
///
/// Keyed by `ObjectIdentifier(task)`: `taskIdentifier` restarts per session on Linux. An
/// identifier cannot be reused while its entry exists, because the operation keeps its task
/// alive until it unregisters it.
///
/// One idle check serves every operation of the downloader: a timer per download (armed as it
/// starts, firing long after most downloads ended) cost a dispatch timer source and a wake-up of
/// Dispatch's timer thread per image. The check is scheduled for the earliest moment an
/// operation in flight could have been idle for its timeout; it asks each operation, which
/// fails an attempt that was quiet that long, and is scheduled again for the next such moment
/// while any operation is watched. A body piece still only writes a timestamp.
final class DownloadTaskRouter: Sendable {
    private struct State {
        var operations: [ObjectIdentifier: DownloaderOperation] = [:]
        /// When the next idle check runs, in uptime nanoseconds; nil when none is scheduled.
        var checkAt: UInt64?
    }

    /// Invariant: an entry exists from just before its task is resumed until the task
    /// completes or its operation gives it up (cancel, failure). While an entry whose
    /// operation has an idle timeout exists, a check is scheduled no later than that
    /// operation's idle deadline.
    private let state = Locked(State())
    /// What deadlines are measured and checks scheduled with.
    let clock: any DownloadClock

    init(clock: any DownloadClock) {
        self.clock = clock
    }

    /// Routes `task` to `operation`. `idleDeadline`: when the operation's idle timeout would
    /// expire if nothing arrives (uptime nanoseconds), nil without an idle timeout; an idle
    /// check is scheduled for it unless one runs earlier.
    func register(_ task: URLSessionTask, for operation: DownloaderOperation, idleDeadline: UInt64?) {
        let schedule = state.withLock { state -> UInt64? in
            state.operations[ObjectIdentifier(task)] = operation
            return Self.claim(idleDeadline, in: &state)
        }
        if let schedule { scheduleCheck(at: schedule) }
    }

    func unregister(_ task: URLSessionTask) {
        _ = state.withLock { $0.operations.removeValue(forKey: ObjectIdentifier(task)) }
    }

    func operation(for task: URLSessionTask) -> DownloaderOperation? {
        state.withLock { $0.operations[ObjectIdentifier(task)] }
    }

    /// The operation that owned `task`, which is forgotten (the task completed).
    func remove(_ task: URLSessionTask) -> DownloaderOperation? {
        state.withLock { $0.operations.removeValue(forKey: ObjectIdentifier(task)) }
    }

    /// Tasks in flight, for tests and diagnostics.
    var count: Int { state.withLock { $0.operations.count } }

    /// Records that a check runs at `deadline` unless one is scheduled no later (under the
    /// lock); returns the time to schedule a check at, if one must be.
    private static func claim(_ deadline: UInt64?, in state: inout State) -> UInt64? {
        guard let deadline else { return nil }
        if let scheduled = state.checkAt, scheduled <= deadline { return nil }
        state.checkAt = deadline
        return deadline
    }

    private func scheduleCheck(at deadline: UInt64) {
        clock.schedule(at: deadline, DispatchWorkItem { [weak self] in
            self?.checkIdle(scheduledAt: deadline)
        })
    }

    /// Asks every watched operation whether it was idle too long, then schedules the next
    /// check for the earliest deadline still ahead. A check that was overtaken by an earlier one
    /// (which scheduled its own successor) does nothing.
    private func checkIdle(scheduledAt: UInt64) {
        let watched = state.withLock { state -> [DownloaderOperation]? in
            guard state.checkAt == scheduledAt else { return nil }
            state.checkAt = nil
            var seen = Set<ObjectIdentifier>()
            return state.operations.values.filter { seen.insert(ObjectIdentifier($0)).inserted }
        }
        guard let watched else { return }
        let now = clock.now()
        var next: UInt64?
        for operation in watched {
            if let deadline = operation.idleDeadline(now: now) { next = min(next ?? deadline, deadline) }
        }
        let schedule = state.withLock { Self.claim(next, in: &$0) }
        if let schedule { scheduleCheck(at: schedule) }
    }
}

/// Keeps task creation and session invalidation apart: FoundationNetworking fatal-errors
/// ("Session invalidated") when a task is made on an invalidated session.
///
/// Starters do not exclude each other: making and resuming a task waits for the session's
/// work queue (`resume()` is a `sync` onto it), and a lock held across that made every
/// download starting meanwhile sleep on the lock and be woken again (measured: a few percent
/// of the client's CPU in a cold-download run). Each starter is counted in `inFlight` instead,
/// entered in the locked step that finds the gate open; ``close()`` shuts the gate, then waits
/// for the count to drain.
final class SessionGate: Sendable {
    /// Invariant: true until ``close()``, false forever after. A starter enters `inFlight`
    /// only in the step that sees it true, so once it is false no starter enters.
    private let isOpen = Locked(true)
    /// Starters between finding the gate open and having resumed their task.
    private let inFlight = DispatchGroup()

    /// Runs `body` (which makes and resumes a task) while the session is still valid; nil
    /// once the gate is closed. `body` must not call back into the downloader.
    func whileOpen<T>(_ body: () -> T) -> T? {
        let entered = isOpen.withLock { open -> Bool in
            if open { inFlight.enter() }
            return open
        }
        guard entered else { return nil }
        defer { inFlight.leave() }
        return body()
    }

    /// From now on ``whileOpen(_:)`` runs nothing; returns once no starter is inside. Call
    /// before invalidating the session.
    func close() {
        isOpen.withLock { $0 = false }
        inFlight.wait()
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
