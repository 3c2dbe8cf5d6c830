import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// The operation as the producer of its bytes task: progress and the result go to the task,
/// which hands them to every subscriber (callers that skip decoding, and decode runs).
extension DownloaderOperation {
    /// Ends the download with `error` for every subscriber still waiting: closes the operation
    /// to newcomers, stops the deadline and the task, finishes. Safe to call any number of times
    /// and from any thread; a subclass calls it to refuse a response or body.
    public func fail(_ error: ImageError) {
        close(failingWith: error, keepingPartialBytes: false)
    }

    /// ``fail(_:)``; with `keepingPartialBytes`, bytes that can be resumed are kept for a later
    /// load, taken in the same locked step that closes the operation (so no body piece can
    /// land in between).
    func close(failingWith error: ImageError, keepingPartialBytes: Bool) {
        // One locked step closes the operation, takes what must be stopped and moves the phase.
        let (task, deadline, retryWait, wasOpen, kept, wasExecuting) = state.withLock { state in
            let wasOpen = !state.isClosed
            let kept = keepingPartialBytes && wasOpen ? takeResumableBytes(&state) : nil
            state.isClosed = true
            state.isTransferring = false
            defer {
                state.task = nil
                state.deadline = nil
                state.retryWait = nil
            }
            return (state.task, state.deadline, state.retryWait, wasOpen, kept, finishPhase(&state))
        }
        if let kept { settings.partials.store(kept, for: partialKey) }
        deadline?.cancel()
        // A cancel while a retry is awaited: no further request is made.
        retryWait?.cancel()
        if let task {
            settings.router.unregister(task)
            cancelGivenUp(task)
        }
        // Finished and forgotten before the subscribers hear of it: a caller may tear the
        // downloader (and its queue, which the finish notification reaches) down as soon as it
        // is told.
        if wasExecuting { notifyFinished(wasExecuting: true) }
        if wasOpen || wasExecuting { settings.operationEnded(self, wasExecuting) }
        settings.sink?.finish(.failure(error))
    }

    /// Cancels a task this operation gave up, on the downloader's cancellation queue.
    ///
    /// `cancel()` waits for the session's work queue, which a body flooding in over loopback
    /// keeps busy for up to seconds (measured: 0.4–2.2 s). On the session's delegate queue that
    /// wait stopped the queue while FoundationNetworking kept queueing body pieces on it
    /// (0.5–3 GB of RSS after the operation had already given up at its size cap); before the
    /// callers are told, it made a deadline seconds late. So it runs elsewhere, and
    /// ``ImageDownloader/invalidate()`` waits for these cancels before it invalidates the
    /// session (a cancel racing the session's teardown corrupted memory). The task is no longer
    /// routed to any operation, so whatever still arrives for it is dropped.
    func cancelGivenUp(_ task: URLSessionTask) {
        settings.cancellations.cancel(task, of: session)
    }

    /// Tells every subscriber how far the body has come (a report callers hear).
    func reportProgress(received: Int64, expected: Int64?) {
        settings.sink?.send(BodyProgress(received: received, expected: expected, isReport: true))
    }

    /// The body from `offset` to what has arrived: the incremental feed. Only the bytes a
    /// reader has not seen are copied, and no reference to the buffer leaves the lock (one
    /// would make the next append copy it all).
    func body(from offset: Int) -> Data {
        state.withLock { state in
            guard !state.isFeedDisabled else { return Data() }
            return offset < state.data.count ? state.data.subdata(in: offset..<state.data.count) : Data()
        }
    }
}
