import Foundation

/// One `loadImage` call in flight: the cache query and the loader request behind it, and the
/// caller's completion, which it calls exactly once.
///
/// `cancel()` cancels whatever step is under way and completes at once with
/// ``ImageError/Code/cancelled``; a result that arrives after that is dropped.
///
/// With ``ImageOptions/refreshCached`` and a cached image, the completion is called with the
/// cached image first, and a second time only with a new image from the revalidation; after
/// the first call, a failure or `cancel()` ends the operation without another call. An operation
/// returned for a synchronous memory hit has already completed: it has nothing to cancel, and
/// `cancel()` leaves it as it is (``isCancelled`` stays false).
public final class ImageLoadOperation: Cancellable, LoadPriorityAdjusting {
    private struct State {
        var isCancelled = false
        /// Taken (set to nil) by whoever completes first; that is the exactly-once guarantee.
        var completion: (@Sendable (Result<ImageResult, ImageError>) -> Void)?
        var cacheOperation: (any Cancellable)?
        var loaderOperation: (any Cancellable)?
        /// The priority asked for by ``setPriority(_:)``, handed to a loader request made later.
        var priority: LoadPriority?
        /// `.refreshCached`: the cached image went out as the first call; the completion is
        /// kept for a second call, made only with a new image.
        var deliveredCached = false
    }
    // Invariant: `completion` is non-nil until the operation finishes, and is called once by
    // the thread that took it out under the lock; sub-operations are only set while unfinished.
    // Nil for an operation made finished (a synchronous memory hit): it has no state to guard,
    // which spares a memory hit a lock and the retain of a shared one.
    private let state: Locked<State>?
    /// 1 once `completion` was taken (the operation finished), written under `state`'s lock
    /// right after: the loads' checks of ``isFinished`` before each step read it without the
    /// lock (a lock-free "not finished" means "not finished a moment ago", which is all a
    /// check before a step that locks again can use).
    private let finishedFlag = LockFreeMirror(0)
    private let callbackQueue: CallbackQueue
    private let onFinish: @Sendable (ImageLoadOperation) -> Void

    /// The URL being loaded (nil for a call with no URL, which fails at once).
    public let url: URL?

    /// An operation that calls `completion` when it finishes.
    init(url: URL?, callbackQueue: CallbackQueue,
         completion: @escaping @Sendable (Result<ImageResult, ImageError>) -> Void,
         onFinish: @escaping @Sendable (ImageLoadOperation) -> Void) {
        self.url = url
        self.callbackQueue = callbackQueue
        self.onFinish = onFinish
        state = Locked(State(completion: completion))
    }

    /// An operation that has already completed (its caller was answered synchronously).
    private init(finishedWith url: URL) {
        self.url = url
        callbackQueue = .current
        onFinish = { _ in }
        state = nil
    }

    /// An operation that completed before it was returned (a synchronous memory hit): it is
    /// never registered with the manager and has nothing to cancel.
    static func finished(url: URL) -> ImageLoadOperation {
        ImageLoadOperation(finishedWith: url)
    }

    /// Whether ``cancel()`` was called (before or after the operation finished; not for an
    /// operation that completed before it was returned, see above).
    public var isCancelled: Bool { state?.withLock { $0.isCancelled } ?? false }

    /// Whether the completion has been called (or is on its way to the callback queue).
    public var isFinished: Bool {
        guard let state else { return true }
        if let flag = finishedFlag.peek() { return flag == 1 }
        return state.withLock { $0.completion == nil }
    }

    /// Cancels the cache query and the download; completes with `.cancelled` unless the
    /// operation already finished.
    public func cancel() {
        guard let state else { return }
        let subOperations: [any Cancellable] = state.withLock { state in
            guard !state.isCancelled else { return [] }
            state.isCancelled = true
            defer { state.cacheOperation = nil; state.loaderOperation = nil }
            return [state.cacheOperation, state.loaderOperation].compactMap { $0 }
        }
        subOperations.forEach { $0.cancel() }
        finish(.failure(ImageError(.cancelled, url: url)))
    }

    /// Moves the download behind this load in the downloader's waiting list (after
    /// SDWebImage's `SDWebImageCombinedOperation` priority): applied now if the loader request
    /// is running, else when it starts. No effect on a download that already has its slot, or
    /// on a finished load.
    public func setPriority(_ priority: LoadPriority) {
        guard let state else { return }
        let loader: (any Cancellable)? = state.withLock { state in
            guard !state.isCancelled, state.completion != nil else { return nil }
            state.priority = priority
            return state.loaderOperation
        }
        (loader as? any LoadPriorityAdjusting)?.setPriority(priority)
    }

    /// Records the running cache query; cancels it at once if the operation was cancelled.
    func setCacheOperation(_ operation: (any Cancellable)?) {
        guard let operation, let state else { return }
        let cancelled = state.withLock { state in
            if !state.isCancelled && state.completion != nil { state.cacheOperation = operation }
            return state.isCancelled
        }
        if cancelled { operation.cancel() }
    }

    /// Records the running loader request; cancels it at once if the operation was cancelled.
    func setLoaderOperation(_ operation: (any Cancellable)?) {
        guard let operation, let state else { return }
        let (cancelled, priority) = state.withLock { state in
            state.cacheOperation = nil
            if !state.isCancelled && state.completion != nil { state.loaderOperation = operation }
            return (state.isCancelled, state.priority)
        }
        if cancelled { operation.cancel() }
        if !cancelled, let priority { (operation as? any LoadPriorityAdjusting)?.setPriority(priority) }
    }

    /// Delivers `result` on the callback queue if nobody has completed yet. After
    /// ``deliverCached(_:)``, only a success is delivered: anything else ends silently.
    func finish(_ result: Result<ImageResult, ImageError>) {
        guard let state else { return }
        let (completion, silent) = state.withLock { state in
            defer {
                state.completion = nil; state.cacheOperation = nil; state.loaderOperation = nil
                finishedFlag.store(1)
            }
            let silent: Bool = if case .failure = result { state.deliveredCached } else { false }
            return (state.completion, silent)
        }
        guard let completion else { return }
        onFinish(self)
        if !silent { callbackQueue.execute { completion(result) } }
    }

    /// Ends the operation without calling the completion again: a revalidation after
    /// ``deliverCached(_:)`` that found the image unchanged. Does nothing before that call (a
    /// load must complete once).
    func finishSilently() {
        guard let state else { return }
        let ended = state.withLock { state -> Bool in
            guard state.deliveredCached, state.completion != nil else { return false }
            state.completion = nil; state.cacheOperation = nil; state.loaderOperation = nil
            finishedFlag.store(1)
            return true
        }
        if ended { onFinish(self) }
    }

    /// `.refreshCached`: calls the completion with the cached image now and keeps it for the
    /// revalidation's outcome (see ``finish(_:)``). False when the operation already finished
    /// or was cancelled: the revalidation should not start then.
    func deliverCached(_ result: ImageResult) -> Bool {
        guard let state else { return false }
        let completion = state.withLock { state -> (@Sendable (Result<ImageResult, ImageError>) -> Void)? in
            guard !state.isCancelled, !state.deliveredCached, let completion = state.completion else { return nil }
            state.deliveredCached = true
            return completion
        }
        guard let completion else { return false }
        callbackQueue.execute { completion(.success(result)) }
        return true
    }
}
