import Foundation

/// One download (and its decode, transform and store) shared by identical loads, after
/// Nuke's task subscriptions: every load that would produce the same result subscribes; each
/// gets the progress and the result; cancelling one only unsubscribes it, and the download
/// stops when the last subscriber leaves.
///
/// The download runs as an internal ``ImageLoadOperation`` (not registered with the manager,
/// calling back on the thread that finishes it) whose result is handed to every subscriber.
final class SharedDownload: Sendable {
    private struct Subscriber {
        let operation: ImageLoadOperation
        let progress: (@Sendable (ImageProgress) -> Void)?
    }
    private struct State {
        var subscribers: [Int: Subscriber] = [:]
        var nextID = 0
        /// True once the result is being delivered or every subscriber left: nobody may join.
        var isClosed = false
        /// The last report that carried a partial image (`.progressiveLoad`), handed to a load
        /// that joins later: it may be the last one before the download ends.
        var latestPartial: ImageProgress?
        /// Priorities subscribers asked for with ``LoadPriorityAdjusting/setPriority(_:)``;
        /// the others count as ``LoadPriority/normal``.
        var priorities: [Int: LoadPriority] = [:]

        /// The highest priority a subscriber still wants.
        var wantedPriority: LoadPriority {
            subscribers.keys.map { priorities[$0] ?? .normal }.max() ?? .normal
        }
    }
    // Invariant: `subscribers` holds the loads still waiting for this download; once
    // `isClosed` is true it only shrinks, and the manager no longer lists this download.
    private let state = Locked(State())
    let key: String
    /// Set once, before the download can start; cancelling it stops the download.
    let operation: ImageLoadOperation
    private let onClose: @Sendable (SharedDownload) -> Void

    /// A download for `key`; `onClose` runs once, when it stops accepting subscribers.
    init(key: String, url: URL, onClose: @escaping @Sendable (SharedDownload) -> Void) {
        self.key = key
        self.onClose = onClose
        // The operation's completion reaches this object through a box filled right after
        // init; the cycle it makes ends when the operation finishes (completion released).
        let delivery = Locked<SharedDownload?>(nil)
        operation = ImageLoadOperation(url: url, callbackQueue: .current,
                                       completion: { result in delivery.withLock { $0 }?.deliver(result) },
                                       onFinish: { _ in })
        delivery.withLock { $0 = self }
    }

    /// Adds `operation` as a subscriber; nil when this download no longer accepts any (the
    /// caller then starts another one). The token unsubscribes it.
    func subscribe(_ operation: ImageLoadOperation, progress: (@Sendable (ImageProgress) -> Void)?) -> (any Cancellable)? {
        let joined: (id: Int, partial: ImageProgress?, wanted: LoadPriority?)? = state.withLock { state in
            guard !state.isClosed else { return nil }
            defer { state.nextID += 1 }
            state.subscribers[state.nextID] = Subscriber(operation: operation, progress: progress)
            // A newcomer at the default priority lifts a download its earlier subscribers lowered.
            return (state.nextID, state.latestPartial, state.priorities.isEmpty ? nil : state.wantedPriority)
        }
        guard let joined else { return nil }
        if let wanted = joined.wanted { self.operation.setPriority(wanted) }
        // A load that joins after the last rows arrived would otherwise see no partial image
        // until the end (the body may stall right there).
        if let partial = joined.partial { progress?(partial) }
        return Unsubscribe(adjust: { [weak self] priority in self?.setPriority(priority, of: joined.id) },
                           action: { [weak self] in self?.unsubscribe(joined.id) })
    }

    /// One subscriber asks for `priority`: the download waits at the highest priority any
    /// subscriber still wants.
    private func setPriority(_ priority: LoadPriority, of id: Int) {
        let wanted: LoadPriority? = state.withLock { state in
            guard state.subscribers[id] != nil, !state.isClosed else { return nil }
            state.priorities[id] = priority
            return state.wantedPriority
        }
        if let wanted { operation.setPriority(wanted) }
    }

    /// Tells every subscriber how far the download has come.
    func reportProgress(_ report: ImageProgress) {
        let progressClosures = state.withLock { state in
            if report.partialImage != nil { state.latestPartial = report }
            return state.subscribers.values.compactMap(\.progress)
        }
        progressClosures.forEach { $0(report) }
    }

    /// Removes one subscriber (its operation completes itself with `.cancelled`); the last
    /// one to leave stops the download.
    private func unsubscribe(_ id: Int) {
        let wasLast = state.withLock { state -> Bool in
            state.priorities[id] = nil
            guard state.subscribers.removeValue(forKey: id) != nil, state.subscribers.isEmpty,
                  !state.isClosed else { return false }
            state.isClosed = true
            return true
        }
        guard wasLast else { return }
        onClose(self)
        operation.cancel()
    }

    /// The download's result, to every subscriber still waiting.
    private func deliver(_ result: Result<ImageResult, ImageError>) {
        let (subscribers, wasOpen) = state.withLock { state in
            defer { state.isClosed = true; state.subscribers.removeAll() }
            return (Array(state.subscribers.values), !state.isClosed)
        }
        if wasOpen { onClose(self) }
        subscribers.forEach { $0.operation.finish(result) }
    }
}

/// A subscription's cancel token.
private final class Unsubscribe: Cancellable, LoadPriorityAdjusting {
    // Invariant: `action` is non-nil until the first `cancel()` takes it.
    private let action: Locked<(@Sendable () -> Void)?>
    private let adjust: @Sendable (LoadPriority) -> Void
    init(adjust: @escaping @Sendable (LoadPriority) -> Void, action: @escaping @Sendable () -> Void) {
        self.adjust = adjust
        self.action = Locked(action)
    }
    func setPriority(_ priority: LoadPriority) {
        if !isCancelled { adjust(priority) }
    }
    var isCancelled: Bool { action.withLock { $0 == nil } }
    func cancel() {
        let action = action.withLock { action in defer { action = nil }; return action }
        action?()
    }
}
