import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// One download: an asynchronous `Operation` on the downloader's `OperationQueue` that owns one
/// `URLSessionDataTask`, after `SDWebImageDownloaderOperation`.
///
/// It produces the bytes stage of the downloader's pipeline: the shared task under its
/// `DownloadMergeKey` (same URL, headers and request-shaping options, and no per-request
/// closures unless they share an ``ImageContext/downloadMergeKey``). Callers and decode runs
/// subscribe to that task; the operation broadcasts progress (with an incremental feed of the
/// body for progressive decoding) and hands the body over once it is complete. It never
/// decodes. The session's delegate (the ``ImageDownloader``) forwards every callback of the
/// task to the `task…` methods below, on the session's serial delegate queue.
///
/// Subclass it and set ``ImageDownloaderConfig/operationClass`` to customize a download:
/// override ``makeDataTask(for:in:)``, the `task…` methods or ``start()`` and call `super`.
open class DownloaderOperation: Operation, @unchecked Sendable {
    // Safety: every mutable stored property lives in `state`, a `Locked` value touched only
    // inside `withLock`; the other stored properties are immutable `let`s of Sendable types.
    // Callbacks, KVO notifications and task calls are made after the lock is released.

    /// The request this operation sends (after the request modifier).
    public let request: URLRequest
    /// The downloader's session, which creates the data task.
    public let session: URLSession
    /// The options of the caller that created this operation.
    public let options: DownloaderOptions
    /// The context of the caller that created this operation; its response modifier and
    /// decryptor apply to the download (a caller only joins with no such closures of its own or
    /// with the same ``ImageContext/downloadMergeKey``).
    public let context: ImageContext
    /// The downloader's limits and shared machinery.
    public let settings: Settings

    enum Phase: Int { case waiting, executing, finished }

    struct State {
        /// `waiting` until `start()`, `executing` while the transfer runs, then `finished`.
        var phase = Phase.waiting
        /// Once true, the operation sends nothing more: the result is on its way, or everyone
        /// left.
        var isClosed = false
        /// The data task while it runs; nil before `start()` and after it is given up.
        var task: URLSessionDataTask?
        /// The response after the response modifier, once it arrived.
        var response: URLResponse?
        /// Body bytes so far; pre-sized from a trusted `Content-Length`. Grown in place: no
        /// reference to it leaves the lock (one would make the next append copy it all).
        var data = Data()
        /// Body bytes moved in memory by appends that had to grow the buffer (for the
        /// linearity tests: it stays within a small multiple of the body size).
        var bodyBytesMoved = 0
        /// The capacity last reserved for `data`; grown by doubling.
        var reservedBytes = 0
        /// `Content-Length`, when the server sent one.
        var expectedBytes: Int64?
        /// Fires ``Settings/totalDeadline`` seconds after start, when there is one.
        var deadline: DispatchWorkItem?
        /// When the running attempt last showed life (made, response head, redirect, body
        /// bytes), in `DispatchTime` nanoseconds: what the idle watchdog measures.
        var lastActivity: UInt64 = 0
        /// True while an attempt's transfer runs; false before the first, while a retry is
        /// waited for, and after the end.
        var isTransferring = false
        /// Retries made so far (0 during the first attempt).
        var retriedCount = 0
        /// Whether the retry strategy's answer for the last failure is still awaited (only its
        /// first answer counts).
        var isAwaitingRetryDecision = false
        /// Starts the next attempt when the strategy's delay is over; cancelled by ``fail(_:)``.
        var retryWait: DispatchWorkItem?
        /// Set while the running attempt asked for the rest of kept bytes (`Range`).
        var resume: ResumePoint?
        /// The `If-Range` validator of the running attempt's response, when its bytes may be
        /// kept for resuming.
        var resumableValidator: String?
        /// A server refused a range once: this operation asks for whole bodies from now on.
        var resumeRefused = false
        /// The most body bytes offered to progressive decoding through the feed.
        var broadcastBytes = 0
        /// Set when the body started over after the feed offered bytes: feed offsets no longer
        /// match the body, so no more partial images (the final image is unaffected).
        var isFeedDisabled = false
        /// URLCache bytes seen before the request, for ``DownloaderOptions/ignoreCachedResponse``.
        var cachedData: Data?
        /// Whether a 401 was already retried with the configured credential (Linux).
        var didRetryAuthentication = false
        /// Bytes received at the last progress report, for ``Settings/minimumProgressInterval``.
        var reportedBytes: Int64 = 0
    }

    /// Invariant: see the fields of ``State``; `phase` only moves forward.
    let state = Locked(State())
    /// `state.phase`, for the `OperationQueue`'s own reads of ``isExecuting`` and
    /// ``isFinished`` (several per operation), which then take no lock. Invariant: written only
    /// under `state`'s lock, in the step that moves the phase, so it equals `phase` whenever the
    /// lock is free.
    private let phaseMirror = LockFreeMirror(Phase.waiting.rawValue)

    /// Creates the operation for `request`. The downloader calls this through
    /// ``ImageDownloaderConfig/operationClass``; a subclass that overrides it calls `super`.
    public required init(request: URLRequest, session: URLSession, options: DownloaderOptions,
                         context: ImageContext, settings: Settings) {
        self.request = request
        self.session = session
        self.options = options
        self.context = context
        self.settings = settings
        super.init()
        if options.contains(.highPriority) {
            queuePriority = .high
        } else if options.contains(.lowPriority) {
            queuePriority = .low
        }
    }

    /// The URL of ``request`` (the downloader never makes an operation without one).
    public var url: URL { request.url ?? URL(fileURLWithPath: "/") }

    /// The data task while the transfer runs.
    public var dataTask: URLSessionDataTask? { state.withLock { $0.task } }

    /// The response once it arrived (after the response modifier).
    public var response: URLResponse? { state.withLock { $0.response } }

    /// Body bytes received so far, and bytes moved in memory by appends that grew the buffer
    /// (for the linearity tests).
    package var bodyGrowth: (received: Int, moved: Int) { state.withLock { ($0.data.count, $0.bodyBytesMoved) } }

    /// Subscribers still waiting for the bytes (callers that skip decoding, and decodes).
    public var handlerCount: Int { settings.sink?.subscriberCount ?? 0 }

    /// Always true: the work continues after `start()` returns.
    open override var isAsynchronous: Bool { true }

    /// True from `start()` until the body is complete or the download failed.
    open override var isExecuting: Bool { phase == .executing }

    /// True once the queue may forget the operation (decoding may still be under way).
    open override var isFinished: Bool { phase == .finished }

    private var phase: Phase {
        if let raw = phaseMirror.peek(), let phase = Phase(rawValue: raw) { return phase }
        return state.withLock { $0.phase }
    }

    /// Moves the phase (under the lock), keeping its lock-free copy equal.
    private func move(_ state: inout State, to phase: Phase) {
        state.phase = phase
        phaseMirror.store(phase.rawValue)
    }

    /// Starts the transfer, or finishes at once when every caller left before the queue got
    /// here (the queue calls `start()` also for a cancelled operation).
    open override func start() {
        let cancelledBefore = isCancelled
        let deadline = settings.totalDeadline.map { _ in
            DispatchWorkItem { [weak self] in
                guard let self else { return }
                fail(ImageError(.timedOut, url: url))
            }
        }
        // One locked step moves the phase, arms the deadline and reads what the first attempt
        // needs.
        let decision = state.withLock { state -> StartDecision in
            guard state.phase == .waiting else { return .ignore }
            if state.isClosed || cancelledBefore {
                move(&state, to: .finished)
                return .finishAtOnce
            }
            move(&state, to: .executing)
            state.deadline = deadline
            return .run(resumeRefused: state.resumeRefused)
        }
        let resumeRefused: Bool
        switch decision {
        case .ignore: return
        case .finishAtOnce:
            notifyFinished(wasExecuting: false)
            settings.operationEnded(self, true)
            return
        case .run(let refused): resumeRefused = refused
        }
        notifyStarted()
        // The optional total deadline: FoundationNetworking ignores `timeoutIntervalForResource`
        // and its request timeout only measures idle time, so a slow drip would never time
        // out. It covers every attempt and the waits between them.
        if let deadline, let seconds = settings.totalDeadline {
            settings.clock.schedule(at: settings.clock.deadline(after: seconds), deadline)
        }
        startAttempt(resumeRefused: resumeRefused)
    }

    private enum StartDecision { case run(resumeRefused: Bool), finishAtOnce, ignore }

    /// Starts one attempt: the first, or a retry. `resumeRefused`: a server refused a range
    /// earlier in this download (read under the lock by the caller, which holds it anyway).
    func startAttempt(resumeRefused: Bool) {
        if request.url?.isFileURL == true {
            readLocalFile()
        } else {
            startDataTask(resumeRefused: resumeRefused)
        }
    }

    /// Cancels the whole download: every caller still waiting gets
    /// ``ImageError/Code/cancelled``, the task stops and the operation finishes.
    open override func cancel() {
        super.cancel()
        // What arrived may serve a later load of the same URL.
        close(failingWith: ImageError(.cancelled, url: url), keepingPartialBytes: true)
    }

    /// Makes the data task for `request`. Override to adjust the request or the task; call
    /// `super` (or `session.dataTask(with:)`) so the task belongs to the downloader's session.
    /// Called while ``ImageDownloader/invalidate()`` is held off (so the session stays valid):
    /// do not call into the downloader from here.
    open func makeDataTask(for request: URLRequest, in session: URLSession) -> URLSessionDataTask {
        session.dataTask(with: request)
    }

    /// The response head arrived. Applies the response modifier and validates status,
    /// content type and `Content-Length`; answers `.cancel` (and fails the download) when the
    /// response is not acceptable. The disposition is ignored on Linux, so the downloader
    /// also cancels the task itself.
    open func taskDidReceive(_ response: URLResponse) -> URLSession.ResponseDisposition {
        handleResponse(response)
    }

    /// A piece of the body arrived.
    open func taskDidReceive(_ data: Data) {
        handleData(data)
    }

    /// The task ended, with `error` or with the whole body.
    open func taskDidComplete(with error: (any Error)?) {
        handleCompletion(error)
    }

    /// The server redirects to `request`. Default: follow it (FoundationNetworking stops a
    /// loop after 20 hops with `httpTooManyRedirects`). Return nil to stop at the redirect.
    open func taskWillRedirect(_ response: HTTPURLResponse, to request: URLRequest) -> URLRequest? {
        request
    }

    /// An authentication challenge for the task.
    open func taskDidReceive(
        _ challenge: URLAuthenticationChallenge
    ) -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        defaultAnswer(to: challenge)
    }

    /// Moves an executing operation to finished (under the lock, in the step that closes it);
    /// true when it was executing, so the caller then sends ``notifyFinished(wasExecuting:)``.
    func finishPhase(_ state: inout State) -> Bool {
        guard state.phase == .executing else { return false }
        move(&state, to: .finished)
        return true
    }

    // On Linux `willChangeValue` does nothing and `didChangeValue(forKey:)` is what moves the
    // OperationQueue; the state is flipped (under the lock) before either is sent. Both are
    // sent for Darwin's KVO.
    private func notifyStarted() {
        willChangeValue(forKey: "isExecuting")
        didChangeValue(forKey: "isExecuting")
    }

    /// Sends the KVO that frees the queue slot. The downloader is told separately
    /// (``Settings/operationEnded``), once the operation sends nothing more.
    func notifyFinished(wasExecuting: Bool) {
        if wasExecuting { willChangeValue(forKey: "isExecuting") }
        willChangeValue(forKey: "isFinished")
        if wasExecuting { didChangeValue(forKey: "isExecuting") }
        didChangeValue(forKey: "isFinished")
    }
}
