import Foundation

/// One prefetch call: runs its URLs a few at a time and reports. Cancelling it stops the
/// loads in flight and the ones not started; `completed` still runs once.
public final class PrefetchToken: Cancellable {
    private struct State {
        var next = 0
        var finished = 0
        var skipped = 0
        var isCancelled = false
        var isDone = false
        var inFlight: [Int: ImageLoadOperation] = [:]
    }
    // Invariant: `next` URLs have been started; `inFlight` holds those not finished yet;
    // `isDone` turns true exactly once, by whoever reports the summary.
    private let state = Locked(State())
    private let urls: [URL]
    private let width: Int
    private let options: ImageOptions
    private let context: ImageContext
    private let manager: ImageManager
    private let progress: (@Sendable (Int, Int) -> Void)?
    private let completed: (@Sendable (PrefetchSummary) -> Void)?
    private let onFinish: @Sendable (PrefetchToken) -> Void

    init(urls: [URL], width: Int, options: ImageOptions, context: ImageContext, manager: ImageManager,
         progress: (@Sendable (Int, Int) -> Void)?, completed: (@Sendable (PrefetchSummary) -> Void)?,
         onFinish: @escaping @Sendable (PrefetchToken) -> Void) {
        self.urls = urls
        self.width = max(1, width)
        self.options = options
        self.context = context
        self.manager = manager
        self.progress = progress
        self.completed = completed
        self.onFinish = onFinish
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Stops this call: loads in flight are cancelled, the rest never start.
    public func cancel() {
        let operations: [ImageLoadOperation] = state.withLock { state in
            guard !state.isCancelled, !state.isDone else { return [] }
            state.isCancelled = true
            return Array(state.inFlight.values)
        }
        operations.forEach { $0.cancel() }
        reportIfDone(force: true)
    }

    func start() {
        if urls.isEmpty { return reportIfDone(force: false) }
        for _ in 0..<min(width, urls.count) { startNext() }
    }

    private func startNext() {
        let index: Int? = state.withLock { state in
            guard !state.isCancelled, state.next < urls.count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
        guard let index else { return }
        // The manager calls back on .current; the user's queue is used for our own reports.
        var inner = context
        inner.callbackQueue = .current
        let operation = manager.loadImage(with: urls[index], options: options, context: inner) { [self] result in
            didFinish(index, failed: (try? result.get()) == nil)
        }
        state.withLock { state in
            if !operation.isFinished { state.inFlight[index] = operation }
        }
    }

    private func didFinish(_ index: Int, failed: Bool) {
        let counts: (Int, Int)? = state.withLock { state in
            state.inFlight[index] = nil
            guard !state.isCancelled else { return nil }
            state.finished += 1
            if failed { state.skipped += 1 }
            return (state.finished, urls.count)
        }
        guard let (finished, total) = counts else { return }
        if let progress { context.callbackQueue.execute { progress(finished, total) } }
        // Hop instead of recursing: memory hits complete synchronously, and a long list of
        // them would otherwise nest one stack frame chain per URL.
        DispatchQueue.global(qos: .utility).async { self.startNext() }
        reportIfDone(force: false)
    }

    private func reportIfDone(force: Bool) {
        let summary: PrefetchSummary? = state.withLock { state in
            guard !state.isDone, force || state.finished == urls.count else { return nil }
            state.isDone = true
            return PrefetchSummary(finishedCount: state.finished, skippedCount: state.skipped, total: urls.count)
        }
        guard let summary else { return }
        onFinish(self)
        if let completed { context.callbackQueue.execute { completed(summary) } }
    }
}
