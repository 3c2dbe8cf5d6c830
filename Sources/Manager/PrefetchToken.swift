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
    /// Reports leave through this serial queue, enqueued while `state`'s lock is held: so
    /// progress arrives in counting order and the summary after the last progress, however
    /// the loads' completions race each other (enqueueing calls no user code, so it is safe
    /// under the lock).
    private let reports = DispatchQueue(label: "osprey.prefetch.reports")
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
        // `.refreshCached` may call back twice (cached, then new): the URL counts once.
        let counted = Locked(false)
        let operation = manager.loadImage(with: urls[index], options: options, context: inner) { [self] result in
            let first = counted.withLock { done in
                defer { done = true }
                return !done
            }
            if first { didFinish(index, failed: (try? result.get()) == nil) }
        }
        // A cancel between claiming the index and here did not see this load: stop it now.
        let cancelledMeanwhile = state.withLock { state -> Bool in
            if !operation.isFinished && !state.isCancelled { state.inFlight[index] = operation }
            return state.isCancelled
        }
        if cancelledMeanwhile { operation.cancel() }
    }

    private func didFinish(_ index: Int, failed: Bool) {
        let counted: Bool = state.withLock { state in
            state.inFlight[index] = nil
            guard !state.isCancelled else { return false }
            state.finished += 1
            if failed { state.skipped += 1 }
            if let progress {
                let (finished, total, queue) = (state.finished, urls.count, context.callbackQueue)
                reports.async { queue.execute { progress(finished, total) } }
            }
            return true
        }
        guard counted else { return }
        // Hop instead of recursing: memory hits complete synchronously, and a long list of
        // them would otherwise nest one stack frame chain per URL.
        DispatchQueue.global(qos: .utility).async { self.startNext() }
        reportIfDone(force: false)
    }

    private func reportIfDone(force: Bool) {
        let done: Bool = state.withLock { state in
            guard !state.isDone, force || state.finished == urls.count else { return false }
            state.isDone = true
            if let completed {
                let summary = PrefetchSummary(finishedCount: state.finished, skippedCount: state.skipped, total: urls.count)
                let queue = context.callbackQueue
                reports.async { queue.execute { completed(summary) } }
            }
            return true
        }
        if done { onFinish(self) }
    }
}
