import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

extension DownloaderOperation {
    /// One caller's closures and settings.
    struct Handler: Sendable {
        let options: DownloaderOptions
        let context: ImageContext
        let progress: (@Sendable (ImageProgress) -> Void)?
        let completed: @Sendable (Result<LoadedImage, ImageError>) -> Void

        /// How this caller wants the bytes decoded; nil = not at all. The one mapping,
        /// ``DecodeOptions/init(options:context:)``, decides (the decode flags are carried
        /// back to their ``ImageOptions``), so a download decodes exactly as a disk hit does.
        var decodeOptions: DecodeOptions? {
            guard !options.contains(.avoidDecodeImage) else { return nil }
            var flags: ImageOptions = []
            if options.contains(.decodeFirstFrameOnly) { flags.insert(.decodeFirstFrameOnly) }
            if options.contains(.scaleDownLargeImages) { flags.insert(.scaleDownLargeImages) }
            return DecodeOptions(options: flags, context: context)
        }

        func deliver(_ result: Result<LoadedImage, ImageError>) {
            let completed = completed
            context.callbackQueue.execute { completed(result) }
        }
    }

    /// Adds a caller; returns its handler id, or nil when the operation no longer accepts
    /// callers (its result is being delivered, or everyone left) and a new one must be made.
    func addHandler(_ handler: Handler) -> Int? {
        state.withLock { state -> Int? in
            guard !state.isClosed else { return nil }
            let id = state.nextHandlerID
            state.nextHandlerID += 1
            state.handlers[id] = handler
            return id
        }
    }

    /// Records that caller `id` wants `priority`; returns the highest priority any caller
    /// still wants, or nil when that caller is gone. Called under the downloader's lock
    /// (downloader, then operation: the documented lock order).
    func priorityWanted(handlerID id: Int, priority: LoadPriority) -> LoadPriority? {
        state.withLock { state in
            guard state.handlers[id] != nil else { return nil }
            state.priorities[id] = priority
            return state.handlers.map { id, handler in
                state.priorities[id] ?? (handler.options.contains(.highPriority) ? .high
                    : handler.options.contains(.lowPriority) ? .low : .normal)
            }.max()
        }
    }

    /// Removes one caller: it gets ``ImageError/Code/cancelled`` (unless its result was already
    /// delivered). When it was the last caller of an unfinished download, the download stops.
    func cancelHandler(_ id: Int) {
        let (handler, wasLast, abandoned) = state.withLock { state -> (Handler?, Bool, [DecodeCancellation]) in
            guard let handler = state.handlers.removeValue(forKey: id) else { return (nil, false, []) }
            let abandoned = state.takeAbandonedDecodes()
            guard state.handlers.isEmpty, !state.isClosed else { return (handler, false, abandoned) }
            // Closed in the same critical section, so no caller can join a download that is
            // about to be cancelled; a newcomer gets a fresh operation instead.
            state.isClosed = true
            return (handler, true, abandoned)
        }
        // A decode nobody waits for any more stops at its next check instead of running on.
        for cancellation in abandoned { cancellation.cancel() }
        if wasLast {
            // Stopped (and finished) before the caller hears of it: it may tear the downloader
            // down as soon as it is told.
            settings.operationClosed(self)
            cancel()
        }
        if let handler { deliverAfterPartialImages(handler, .failure(ImageError(.cancelled, url: url))) }
    }

    /// Takes one caller out for delivery; nil when it was cancelled meanwhile. Taking it under
    /// the lock is what makes every `completed` run exactly once.
    func claimHandler(_ id: Int) -> Handler? {
        state.withLock { $0.handlers.removeValue(forKey: id) }
    }

    /// Ends the download with `error` for every caller still waiting: closes the operation to
    /// newcomers, stops the deadline and the task, finishes. Safe to call any number of times
    /// and from any thread; a subclass calls it to refuse a response or body.
    public func fail(_ error: ImageError) {
        let (handlers, task, deadline, wasOpen, decodes) = state.withLock { state in
            let wasOpen = !state.isClosed
            state.isClosed = true
            let handlers = state.handlers.sorted { $0.key < $1.key }.map(\.value)
            state.handlers.removeAll()
            defer {
                state.task = nil
                state.deadline = nil
                state.decodes.removeAll()
            }
            return (handlers, state.task, state.deadline, wasOpen, state.decodes)
        }
        // Every caller is told below: no decode still has anyone to deliver to.
        for job in decodes { job.cancellation.cancel() }
        if wasOpen { settings.operationClosed(self) }
        deadline?.cancel()
        if let task {
            settings.router.unregister(task)
            cancelGivenUp(task)
        }
        // Finished before the callers hear of it: a caller may tear the downloader (and its
        // queue, which the finish notification reaches) down as soon as it is told.
        finishIfExecuting()
        for handler in handlers { deliverAfterPartialImages(handler, .failure(error)) }
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

    /// Tells every caller with a progress closure how far the body has come.
    func reportProgress(received: Int64, expected: Int64?) {
        // Runs for every ~16 KiB piece on the session's delegate queue, which must keep up
        // with FoundationNetworking (it has no flow control): nothing to sort or copy when no
        // caller asked for progress.
        let handlers = state.withLock { state -> [Handler] in
            guard state.handlers.values.contains(where: { $0.progress != nil }) else { return [] }
            return state.handlers.filter { $0.value.progress != nil }.sorted { $0.key < $1.key }.map(\.value)
        }
        guard !handlers.isEmpty else { return }
        let url = url
        for handler in handlers {
            guard let progress = handler.progress else { continue }
            let report = ImageProgress(receivedBytes: received, expectedBytes: expected, url: url)
            handler.context.callbackQueue.execute { progress(report) }
        }
    }
}

extension DownloaderOperation.State {
    /// Removes the decodes none of whose handlers still waits and returns their flags (to be
    /// set outside the lock). A handler leaves `handlers` when it cancels or is delivered; a
    /// delivered decode already ran to its end, so its flag no longer matters.
    mutating func takeAbandonedDecodes() -> [DecodeCancellation] {
        guard !decodes.isEmpty else { return [] }
        var abandoned: [DecodeCancellation] = []
        decodes.removeAll { job in
            guard !job.handlerIDs.contains(where: { handlers[$0] != nil }) else { return false }
            abandoned.append(job.cancellation)
            return true
        }
        return abandoned
    }
}
