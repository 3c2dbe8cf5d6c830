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

    /// Removes one caller: it gets ``ImageError/Code/cancelled`` (unless its result was already
    /// delivered). When it was the last caller of an unfinished download, the download stops.
    func cancelHandler(_ id: Int) {
        let (handler, wasLast) = state.withLock { state -> (Handler?, Bool) in
            guard let handler = state.handlers.removeValue(forKey: id) else { return (nil, false) }
            guard state.handlers.isEmpty, !state.isClosed else { return (handler, false) }
            // Closed in the same critical section, so no caller can join a download that is
            // about to be cancelled; a newcomer gets a fresh operation instead.
            state.isClosed = true
            return (handler, true)
        }
        handler?.deliver(.failure(ImageError(.cancelled, url: url)))
        if wasLast {
            settings.operationClosed(self)
            cancel()
        }
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
        let (handlers, task, deadline, wasOpen) = state.withLock { state in
            let wasOpen = !state.isClosed
            state.isClosed = true
            let handlers = state.handlers.sorted { $0.key < $1.key }.map(\.value)
            state.handlers.removeAll()
            defer {
                state.task = nil
                state.deadline = nil
            }
            return (handlers, state.task, state.deadline, wasOpen)
        }
        if wasOpen { settings.operationClosed(self) }
        deadline?.cancel()
        if let task {
            settings.router.unregister(task)
            task.cancel()
        }
        for handler in handlers { handler.deliver(.failure(error)) }
        finishIfExecuting()
    }

    /// Tells every caller with a progress closure how far the body has come.
    func reportProgress(received: Int64, expected: Int64?) {
        let handlers = state.withLock { state in
            state.handlers.sorted { $0.key < $1.key }.map(\.value)
        }
        let url = url
        for handler in handlers {
            guard let progress = handler.progress else { continue }
            let report = ImageProgress(receivedBytes: received, expectedBytes: expected, url: url)
            handler.context.callbackQueue.execute { progress(report) }
        }
    }
}
