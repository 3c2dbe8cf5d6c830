import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// Attempts of one download: the idle watchdog that ends a silent attempt, and the retry
/// strategy that decides whether a failed attempt is followed by another.
///
/// Every caller subscribed to the operation shares its attempts: one sequence of retries
/// however many callers joined. Between two attempts the operation stays open (new callers
/// join it), keeps its queue slot, and can be cancelled at once: ``fail(_:)`` cancels the
/// scheduled retry, so no further request is made.
extension DownloaderOperation {
    /// Resets the per-attempt state for an attempt about to run (under the lock), starting
    /// from `kept` bytes of an earlier attempt when there are some.
    func beginAttempt(_ state: inout State, keeping kept: PartialDownloads.Entry?) {
        state.isTransferring = true
        state.lastActivity = settings.clock.now()
        state.response = nil
        state.expectedBytes = nil
        let body = kept?.data ?? Data()
        if body.count < state.broadcastBytes {
            // Progressive decoding read bytes this attempt will fetch again: they may differ.
            state.isFeedDisabled = true
        }
        state.data = body
        state.reservedBytes = body.count
        state.reportedBytes = Int64(body.count)
        state.resume = kept.map { ResumePoint(offset: $0.data.count, validator: $0.validator) }
        // The kept bytes stay keepable until a response says they are stale.
        state.resumableValidator = kept?.validator
    }

    /// After an attempt's task was made (`isRetry` was read in the locked step that began
    /// it): a retry (or a resumed start) tells the callers where the body stands now.
    func attemptDidStart(resumingFrom offset: Int, isRetry: Bool) {
        if isRetry || offset > 0 {
            // Honest progress: what is held now, with the length unknown until the response.
            reportProgress(received: Int64(offset), expected: nil)
        }
    }

    // MARK: Idle timeout

    /// When an attempt starting now would time out if nothing arrives, in uptime nanoseconds;
    /// nil without an idle timeout. The downloader's one idle check is scheduled for it
    /// (``DownloadTaskRouter``).
    func idleDeadline() -> UInt64? {
        let idle = settings.downloadTimeout
        guard idle > 0, idle.isFinite else { return nil }
        return settings.clock.deadline(after: idle)
    }

    /// Asked by the downloader's idle check at `now`: fails the attempt when nothing arrived
    /// for the idle timeout; otherwise returns when the timeout would be reached if nothing
    /// arrives meanwhile. Nil once there is nothing to watch (closed, or no idle timeout).
    func idleDeadline(now: UInt64) -> UInt64? {
        let idle = settings.downloadTimeout
        guard idle > 0, idle.isFinite else { return nil }
        let idleNanos = UInt64(idle * 1e9)
        let quiet = state.withLock { state -> UInt64? in
            guard !state.isClosed else { return nil }
            // Registered but not begun yet: the attempt's clock starts when it begins.
            guard state.isTransferring else { return 0 }
            return now > state.lastActivity ? now - state.lastActivity : 0
        }
        guard let quiet else { return nil }
        if quiet >= idleNanos {
            attemptFailed(ImageError(.timedOut, url: url, underlying: URLError(.timedOut)))
            return nil
        }
        return now + (idleNanos - quiet)
    }

    // MARK: Retries

    /// The running attempt failed with `error` (`response`: the refused response, when the
    /// failure is about it). Keeps the bytes that can be resumed, then asks the retry strategy;
    /// without one, or for a cancellation, the download fails.
    func attemptFailed(_ error: ImageError, response failedResponse: URLResponse? = nil) {
        let strategy = error.code == .cancelled ? nil : settings.retryStrategy
        typealias Ended = (kept: PartialDownloads.Entry?, task: URLSessionDataTask?, retriedCount: Int,
                           response: URLResponse?)
        // One locked step ends the attempt and takes its resumable bytes, so no late body
        // piece of this attempt can land in between.
        let ended = state.withLock { state -> Ended? in
            guard !state.isClosed, state.isTransferring else { return nil }
            state.isTransferring = false
            let kept = takeResumableBytes(&state)
            // Without a retry, `fail(_:)` gives the task up.
            guard strategy != nil else { return (kept, nil, 0, nil) }
            state.isAwaitingRetryDecision = true
            defer { state.task = nil }
            return (kept, state.task, state.retriedCount, state.response)
        }
        guard let ended else { return }
        if let kept = ended.kept { settings.partials.store(kept, for: partialKey) }
        guard let strategy else {
            fail(error)
            return
        }
        if let task = ended.task {
            settings.router.unregister(task)
            cancelGivenUp(task)
        }
        let http = (failedResponse ?? ended.response) as? HTTPURLResponse
        let retryAfter = http?.value(forHTTPHeaderField: "Retry-After").flatMap { RetryAfter.seconds(from: $0) }
        let context = RetryContext(url: url, error: error, retriedCount: ended.retriedCount,
                                   isTransient: DownloadErrorMapping.isTransient(error), retryAfter: retryAfter)
        // Off the delegate queue: a strategy is the caller's code and may take its time.
        DispatchQueue.global(qos: .utility).async { [self] in
            strategy.retry(context: context) { [self] decision in retryDecided(decision, failure: error) }
        }
    }

    /// The strategy answered (only its first answer counts): fail, or schedule the next attempt.
    private func retryDecided(_ decision: RetryDecision, failure: ImageError) {
        let isFirstAnswer = state.withLock { state -> Bool in
            defer { state.isAwaitingRetryDecision = false }
            return state.isAwaitingRetryDecision && !state.isClosed
        }
        guard isFirstAnswer else { return }
        switch decision {
        case .stop:
            fail(failure)
        case .retry(let after):
            let delay = after.isFinite ? min(max(0, after), Self.longestRetryDelay) : 0
            let wait = DispatchWorkItem { [weak self] in self?.retryNow() }
            let scheduled = state.withLock { state -> Bool in
                guard !state.isClosed else { return false }
                state.retriedCount += 1
                state.retryWait = wait
                return true
            }
            if scheduled {
                settings.clock.schedule(at: settings.clock.deadline(after: delay), wait)
            }
        }
    }

    /// A day: a strategy's longer (or infinite) delay is clamped to it; a cancel still ends
    /// the wait at once.
    static let longestRetryDelay: TimeInterval = 86_400

    private func retryNow() {
        let proceed = state.withLock { state -> Bool? in
            guard !state.isClosed else { return nil }
            state.retryWait = nil
            return state.resumeRefused
        }
        if let resumeRefused = proceed { startAttempt(resumeRefused: resumeRefused) }
    }
}
