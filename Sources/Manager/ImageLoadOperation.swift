import Foundation

/// One `loadImage` call in flight: the cache query and the loader request behind it, and the
/// caller's completion, which it calls exactly once.
///
/// `cancel()` cancels whatever step is under way and completes at once with
/// ``ImageError/Code/cancelled``; a result that arrives after that is dropped.
public final class ImageLoadOperation: Cancellable {
    private struct State {
        var isCancelled = false
        /// Taken (set to nil) by whoever completes first; that is the exactly-once guarantee.
        var completion: (@Sendable (Result<ImageResult, ImageError>) -> Void)?
        var cacheOperation: (any Cancellable)?
        var loaderOperation: (any Cancellable)?
    }
    // Invariant: `completion` is non-nil until the operation finishes, and is called once by
    // the thread that took it out under the lock; sub-operations are only set while unfinished.
    private let state: Locked<State>
    private let callbackQueue: CallbackQueue
    private let onFinish: @Sendable (ImageLoadOperation) -> Void

    /// The URL being loaded (nil for a call with no URL, which fails at once).
    public let url: URL?

    /// An operation that calls `completion` when it finishes; a nil `completion` makes one
    /// that is already finished.
    init(url: URL?, callbackQueue: CallbackQueue,
         completion: (@Sendable (Result<ImageResult, ImageError>) -> Void)?,
         onFinish: @escaping @Sendable (ImageLoadOperation) -> Void) {
        self.url = url
        self.callbackQueue = callbackQueue
        self.onFinish = onFinish
        state = Locked(State(completion: completion))
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Whether the completion has been called (or is on its way to the callback queue).
    public var isFinished: Bool { state.withLock { $0.completion == nil } }

    /// Cancels the cache query and the download; completes with `.cancelled` unless the
    /// operation already finished.
    public func cancel() {
        let subOperations: [any Cancellable] = state.withLock { state in
            guard !state.isCancelled else { return [] }
            state.isCancelled = true
            defer { state.cacheOperation = nil; state.loaderOperation = nil }
            return [state.cacheOperation, state.loaderOperation].compactMap { $0 }
        }
        subOperations.forEach { $0.cancel() }
        finish(.failure(ImageError(.cancelled, url: url)))
    }

    /// Records the running cache query; cancels it at once if the operation was cancelled.
    func setCacheOperation(_ operation: (any Cancellable)?) {
        guard let operation else { return }
        let cancelled = state.withLock { state in
            if !state.isCancelled && state.completion != nil { state.cacheOperation = operation }
            return state.isCancelled
        }
        if cancelled { operation.cancel() }
    }

    /// Records the running loader request; cancels it at once if the operation was cancelled.
    func setLoaderOperation(_ operation: (any Cancellable)?) {
        guard let operation else { return }
        let cancelled = state.withLock { state in
            state.cacheOperation = nil
            if !state.isCancelled && state.completion != nil { state.loaderOperation = operation }
            return state.isCancelled
        }
        if cancelled { operation.cancel() }
    }

    /// Delivers `result` on the callback queue if nobody has completed yet.
    func finish(_ result: Result<ImageResult, ImageError>) {
        let completion = state.withLock { state in
            defer { state.completion = nil; state.cacheOperation = nil; state.loaderOperation = nil }
            return state.completion
        }
        guard let completion else { return }
        onFinish(self)
        callbackQueue.execute { completion(result) }
    }
}
