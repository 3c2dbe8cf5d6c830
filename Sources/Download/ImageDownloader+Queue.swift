import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// Feeding the `OperationQueue` from the downloader's waiting list, one free slot at a time.
///
/// The queue's width is ``ImageDownloaderConfig/maxConcurrentDownloads`` and the downloader
/// never hands it more operations than that, so every operation in the queue starts at once
/// and no operation ever depends on another. Which waiting operation gets a free slot is
/// decided here (``PendingDownloads``): priority first, then FIFO or LIFO.
extension ImageDownloader {
    /// Downloads that run at once; the others wait. Starts as
    /// ``ImageDownloaderConfig/maxConcurrentDownloads`` and may be changed at any time, as in
    /// SDWebImage: raising it starts waiting downloads at once, lowering it lets running ones
    /// finish. Clamped to 1…the session's `httpMaximumConnectionsPerHost` (on Linux a request
    /// waiting inside libcurl for a connection times out while it waits).
    public var maxConcurrentDownloads: Int {
        get { state.withLock { $0.slotCount } }
        set {
            let limit = max(1, session.configuration.httpMaximumConnectionsPerHost)
            let slots = min(max(1, newValue), limit)
            state.withLock { state in
                state.slotCount = slots
                state.config.maxConcurrentDownloads = slots
            }
            downloadQueue.maxConcurrentOperationCount = slots
            startWaitingOperations()
        }
    }

    /// Hands waiting operations to the queue while slots are free (and not suspended).
    func startWaitingOperations() {
        let ready = state.withLock { Self.takeReady(&$0) }
        // Outside the lock: the queue may call `start()` (and so the operation's own lock and
        // its callbacks) on this thread. Operations added together all start at once, so the
        // order of these calls does not matter.
        for operation in ready { downloadQueue.addOperation(operation) }
    }

    /// Takes the waiting operations that may start now (under the downloader's lock) and
    /// counts them as running; the caller hands them to the queue once the lock is released.
    static func takeReady(_ state: inout State) -> [DownloaderOperation] {
        var ready: [DownloaderOperation] = []
        while !state.isSuspended, !state.isInvalidated, state.running.count < state.slotCount,
              let next = state.pending.popNext() {
            state.running.insert(ObjectIdentifier(next))
            ready.append(next)
        }
        return ready
    }
}
