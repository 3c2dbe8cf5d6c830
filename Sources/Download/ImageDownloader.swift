import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// Downloads images: one ``DownloaderOperation`` per URL on an `OperationQueue`, one long-lived
/// `URLSession` whose delegate is the downloader, after `SDWebImageDownloader`.
///
/// Concurrent requests that would send the same request and process its bytes the same way
/// (same URL, headers and request-shaping options; no per-request closures unless they share
/// an ``ImageContext/downloadMergeKey``) share a download that is still running: their handlers
/// are added to the running operation and one network request is made. Every `completed` runs
/// exactly once, on its context's ``ImageContext/callbackQueue``. Thread-safe.
///
/// Like a `URLSession`, the session keeps its delegate — this downloader — alive until
/// ``invalidate()`` is called: call it when you are done with a downloader you made yourself.
/// ``shared`` is never invalidated.
public final class ImageDownloader: NSObject, Sendable {
    /// The downloader the ``ImageManager`` uses unless told otherwise.
    public static let shared = ImageDownloader()

    /// The downloader's settings, changeable in place at any time from any thread:
    /// `ImageDownloader.shared.config.downloadTimeout = 30`. Changes apply to downloads that
    /// start afterwards (see ``ImageDownloaderConfig`` for the few read only at creation);
    /// ``ImageDownloaderConfig/maxConcurrentDownloads`` also resizes the queue at once, as
    /// ``maxConcurrentDownloads`` does. Each read and each write is atomic; a read-modify-write
    /// such as `config.downloadTimeout += 1` from two threads at once may lose one of them.
    public var config: ImageDownloaderConfig {
        get { state.withLock { $0.config } }
        set {
            let slotsChanged = state.withLock { state -> Bool in
                defer { state.config = newValue }
                return state.config.maxConcurrentDownloads != newValue.maxConcurrentDownloads
            }
            if slotsChanged { maxConcurrentDownloads = newValue.maxConcurrentDownloads }
        }
    }
    /// Bytes of broken-off downloads kept for resuming, by URL.
    let partials: PartialDownloads
    /// Runs the operations; its width is ``ImageDownloaderConfig/maxConcurrentDownloads``.
    let downloadQueue: OperationQueue
    /// The session's serial delegate queue.
    let delegateQueue: OperationQueue
    /// Where downloaded bytes are decoded: the pipeline's one coder queue (disk hits decode there too).
    let coderQueue: DispatchQueue
    let router: DownloadTaskRouter
    /// Closed by ``invalidate()``; operations make tasks only through it.
    let sessionGate = SessionGate()
    /// Deliveries (checks, decodes) still under way after their operation closed.
    let deliveries = PendingWork()
    /// The bytes stage: one shared task per ``DownloadMergeKey``, produced by one
    /// ``DownloaderOperation``; callers that skip decoding subscribe here directly.
    let bytes = TaskPool<DownloadMergeKey, DownloadedBody, BodyProgress>()
    /// The decode stage: one shared task per bytes key and ``DecodeKey``, fed by the bytes
    /// stage; callers that want an image subscribe here.
    let decodes = TaskPool<DecodeKey, Decoded<DownloadedBody>, DecodeProgress>()
    /// Cancels of given-up tasks, which ``invalidate()`` waits for.
    let cancellations = TaskCancellations()
    /// Where ``DownloaderOptions/handleCookies`` requests take and store cookies
    /// (``ImageDownloaderConfig/cookieStorage``, by default `HTTPCookieStorage.shared`). The
    /// session uses it on Apple platforms; on Linux the downloader manages it itself.
    let cookieStorage: HTTPCookieStorage?

    struct State {
        /// The settings later downloads start with (``config``); only whole values are swapped
        /// in. Kept with the rest so that a request reads it in the step that makes its key.
        var config: ImageDownloaderConfig
        /// The session, set once right after `super.init()` (it needs `self` as its delegate).
        var session: URLSession?
        /// Operations that still accept callers, by what a caller must share to join one
        /// (URL, request-shaping options, headers, closures: see ``DownloadMergeKey``).
        var operations: [DownloadMergeKey: DownloaderOperation] = [:]
        /// The key each operation in `operations` is filed under.
        var keyOfOperation: [ObjectIdentifier: DownloadMergeKey] = [:]
        /// The next serial number for a request that may not be merged with any other.
        var nextUnmergeableSerial = 0
        /// Operations waiting for a slot, not yet handed to `downloadQueue`.
        var pending: PendingDownloads
        /// Operations handed to `downloadQueue` that have not finished: at most
        /// ``ImageDownloaderConfig/maxConcurrentDownloads`` of them.
        var running: Set<ObjectIdentifier> = []
        /// While true, no waiting operation is handed to the queue.
        var isSuspended = false
        /// How many operations may be in `downloadQueue` at once
        /// (``ImageDownloader/maxConcurrentDownloads``).
        var slotCount: Int
        /// Sent with every request (`Accept`, `User-Agent`, and ``setHTTPHeaderValue(_:forField:)``),
        /// each name capitalized as `URLRequest.setValue(_:forHTTPHeaderField:)` would store it,
        /// so a request takes them in one assignment.
        var headers: [String: String]
        /// Counts changes to `headers`, so that a caller can tell cheaply whether two requests
        /// were made under the same headers (``headersGeneration``).
        var headersGeneration = 0
        /// Once true, every request fails with `.cancelled`.
        var isInvalidated = false
    }

    /// Invariants: an operation is in `operations` (and `keyOfOperation`) from when it is created
    /// until it reports that it closed; `operations[key]` is the one new callers with an
    /// equal ``DownloadMergeKey`` join (an unmergeable request's key is never equal to another).
    /// An operation is in `pending` until it is handed to `downloadQueue`, then in `running`
    /// until it reports that it finished; never in both. `running.count` never exceeds the
    /// slot count, and an operation is handed to the queue only while a slot is free, so the
    /// queue never holds an operation that may not start at once.
    let state: Locked<State>
    /// `state.headersGeneration`, read by every manager load (``requestGeneration``, part of
    /// its identical-load key) without the lock. Invariant: written only under `state`'s lock,
    /// in the step that changes the headers.
    let headersGenerationMirror = LockFreeMirror(0)

    /// Creates a downloader with its own session and queues.
    public init(config: ImageDownloaderConfig = .init()) {
        partials = PartialDownloads(capacity: config.maxPartialDownloadBytes)
        router = DownloadTaskRouter(clock: config.clock)
        downloadQueue = OperationQueue()
        downloadQueue.name = "osprey.downloader.operations"
        downloadQueue.maxConcurrentOperationCount = max(1, config.maxConcurrentDownloads)
        delegateQueue = OperationQueue()
        delegateQueue.name = "osprey.downloader.session-delegate"
        delegateQueue.maxConcurrentOperationCount = 1
        coderQueue = DecodeStage.coderQueue
        state = Locked(State(config: config, pending: PendingDownloads(order: config.executionOrder), slotCount: max(1, config.maxConcurrentDownloads),
                             headers: Self.defaultHeaders))
        cookieStorage = config.cookieStorage ?? HTTPCookieStorage.shared
        super.init()
        let session = URLSession(configuration: Self.sessionConfiguration(for: config, cookieStorage: cookieStorage),
                                 delegate: self,
                                 delegateQueue: delegateQueue)
        state.withLock { $0.session = session }
    }

    /// The session all downloads run on.
    public var session: URLSession {
        // Set at the end of init, before `self` can reach another thread.
        state.withLock { $0.session }!
    }

    /// Downloads `url`, or joins the download of it already under way.
    ///
    /// - Returns: a token that cancels this caller's interest; nil when the request failed at
    ///   once (invalid URL, request modifier returned nil, downloader invalidated), in which
    ///   case `completed` has been called with the error.
    @discardableResult
    public func downloadImage(with url: URL?, options: DownloaderOptions = [], context: ImageContext = .init(),
                              progress: (@Sendable (ImageProgress) -> Void)? = nil,
                              completed: @escaping @Sendable (Result<LoadedImage, ImageError>) -> Void) -> DownloadToken? {
        let caller = DownloadCaller(url: url, options: options, context: context, progress: progress,
                                    completed: completed)
        guard let url, canRequestImage(for: url) else {
            caller.finish(.failure(ImageError(.invalidURL, url: url)))
            return nil
        }
        guard let (key, config, session) = mergeKey(for: url, caller: caller) else {
            caller.finish(.failure(ImageError(.cancelled, url: url)))
            return nil
        }
        let subscription: TaskSubscription
        // Set when this call tried to start the download: to its operation, or to nil when the
        // request was refused (the start closures run on this thread, before `subscribe`
        // returns). The configuration is read once, and only by a call that starts something.
        var started: DownloaderOperation??
        if let decode = caller.decodeKey {
            subscription = decodes.subscribe(DecodeKey(bytes: key, decode: decode), priority: caller.priority,
                                             listens: caller.listens,
                                             start: { [self] task in
                                                 startDecode(task, key: key, decode: decode, caller: caller, config: config,
                                                             session: session, started: &started)
                                             },
                                             caller.deliverDecoded)
        } else {
            subscription = bytes.subscribe(key, priority: caller.priority, listens: caller.listens,
                                           start: { [self] task in
                                               started = .some(startDownload(task, key: key, caller: caller, config: config,
                                                                             session: session))
                                           },
                                           caller.deliverBytes)
        }
        // A request that failed before it was sent (its request modifier refused it, the
        // downloader was invalidated) has been answered already: there is nothing to cancel.
        let operation: DownloaderOperation?
        switch started {
        case .some(.none): return nil
        case .some(.some(let made)): operation = made
        case .none: operation = state.withLock { $0.operations[key] }
        }
        return DownloadToken(url: url, subscription: subscription, caller: caller, operation: operation)
    }

    /// Sets (or with nil removes) a header sent with every later request.
    public func setHTTPHeaderValue(_ value: String?, forField field: String) {
        state.withLock { state in
            // Header names are case-insensitive: replace any spelling of `field`.
            for key in state.headers.keys where key.caseInsensitiveCompare(field) == .orderedSame {
                state.headers[key] = nil
            }
            if let value { state.headers[field.capitalized] = value }
            state.headersGeneration += 1
            headersGenerationMirror.store(state.headersGeneration)
        }
    }

    /// Changes with every ``setHTTPHeaderValue(_:forField:)``: the manager shares one download
    /// between identical loads only when they were asked for under the same headers, as this
    /// downloader merges requests only then.
    package var headersGeneration: Int {
        headersGenerationMirror.peek() ?? state.withLock { $0.headersGeneration }
    }

    /// ``headersGeneration``: the headers are what shapes every request.
    public var requestGeneration: Int { headersGeneration }

    /// The value of a header sent with every request, or nil.
    public func httpHeaderValue(forField field: String) -> String? {
        state.withLock { state in
            state.headers.first { $0.key.caseInsensitiveCompare(field) == .orderedSame }?.value
        }
    }

    /// Downloads running or waiting to run (merged requests count once).
    public var currentDownloadCount: Int { state.withLock { $0.operations.count } }

    /// True when no download is waiting, running, checking or decoding its bytes: every
    /// `completed` of the calls made so far has been handed to its callback queue (drain that
    /// queue to see them all). For tests and diagnostics.
    package var isIdle: Bool {
        let quiet = state.withLock { $0.operations.isEmpty && $0.pending.count == 0 && $0.running.isEmpty }
        return quiet && bytes.count == 0 && decodes.count == 0 && deliveries.isZero
    }

    /// Stops (true) or resumes (false) starting queued downloads; running ones continue.
    public func setSuspended(_ suspended: Bool) {
        state.withLock { $0.isSuspended = suspended }
        if !suspended { startWaitingOperations() }
    }

    /// Cancels every download: each waiting `completed` gets ``ImageError/Code/cancelled``.
    /// The downloader stays usable.
    public func cancelAllDownloads() {
        let operations = state.withLock { state in
            defer {
                state.operations.removeAll()
                state.keyOfOperation.removeAll()
            }
            // Waiting operations never reach the queue: cancelling them delivers `.cancelled`.
            _ = state.pending.removeAll()
            return Array(state.operations.values)
        }
        for operation in operations { operation.cancel() }
        downloadQueue.cancelAllOperations()
    }

    /// Cancels every download and tears the session down; later requests fail with
    /// ``ImageError/Code/cancelled``. Releases the downloader (the session's reference to its
    /// delegate). Idempotent. A download whose bytes had all arrived may still deliver the
    /// image it is decoding.
    public func invalidate() {
        let first = state.withLock { state in
            defer { state.isInvalidated = true }
            return !state.isInvalidated
        }
        guard first else { return }
        // Closed first: an operation that is starting right now either made its task before
        // this line (and the session cancels it below) or sees the gate closed and fails with
        // `.cancelled`; none touches the session after it is invalidated (that is a fatal
        // error in FoundationNetworking).
        sessionGate.close()
        cancelAllDownloads()
        // No cancel of ours may race the session's teardown.
        cancellations.waitForAll()
        session.invalidateAndCancel()
    }
}
