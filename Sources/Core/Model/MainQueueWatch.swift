import Dispatch
import Foundation

/// Decides where a ``CallbackQueue/main`` callback goes when it has to hop: to the main queue
/// when something serves it (an app's run loop, `dispatchMain()`, `RunLoop.main.run()`, an
/// `async` `main`, a test runner that waits), else to ``fallbackQueue``.
///
/// A process that never serves its main queue — a script or server whose main thread blocks on
/// a semaphore, or sits in a server's `run()` — would otherwise never hear back. Whether the
/// main queue is served cannot be asked; it is observed: the first hop also sends a probe to
/// the main queue. Until the probe has run, each hop is raced: the callback is queued on the
/// main queue, and if the probe has still not run after ``fallbackDelay``, the callback runs on
/// ``fallbackQueue`` instead (exactly once, whichever comes first). From then on, callbacks go
/// straight to ``fallbackQueue`` until the probe runs (the program started its main loop
/// late), after which they go to the main queue again. Once the main queue has served the
/// probe, `.main` means the main queue only.
package enum MainQueueWatch {
    private enum Served { case unknown, yes, no }
    private struct State {
        var served = Served.unknown
        var probeSent = false
    }
    /// Invariant: `served` is `.yes` once the probe ran on the main queue, `.no` once a
    /// callback waited ``fallbackDelay`` for it in vain (and the probe has not run since);
    /// `probeSent` once the one probe was queued.
    private static let state = Locked(State())
    private static let delay = Locked<TimeInterval?>(defaultFallbackDelay)

    /// The serial queue that runs `.main` callbacks while the main queue is not served, in order.
    static let fallbackQueue = DispatchQueue(label: "dev.osprey.callbacks.fallback", qos: .userInitiated)

    /// 2 s where a process may run without a main loop (Linux, command-line tools on macOS);
    /// nil (never fall back) under UIKit, where an app always runs one.
    static var defaultFallbackDelay: TimeInterval? {
        #if canImport(UIKit)
        nil
        #else
        2
        #endif
    }

    /// Whether the main queue has served the probe, so that `.main` callbacks go to it from
    /// now on (for tests: a claim about where `.main` callbacks run holds only after this).
    package static var isMainQueueServed: Bool {
        state.withLock { $0.served == .yes }
    }

    /// See ``CallbackQueue/mainQueueFallbackDelay``.
    static var fallbackDelay: TimeInterval? {
        get { delay.withLock { $0 } }
        set { delay.withLock { $0 = newValue.map { $0.isFinite ? max(0, $0) : 0 } } }
    }

    /// Runs `work` on the main queue if it is served, else on ``fallbackQueue`` (see above).
    /// Called off the main queue.
    static func hop(_ work: @escaping @Sendable () -> Void) {
        guard let wait = fallbackDelay else { return DispatchQueue.main.async(execute: work) }
        let (served, sendProbe): (Served, Bool) = state.withLock { state in
            defer { state.probeSent = true }
            return (state.served, !state.probeSent)
        }
        if sendProbe {
            DispatchQueue.main.async { state.withLock { $0.served = .yes } }
        }
        switch served {
        case .yes:
            DispatchQueue.main.async(execute: work)
        case .no:
            fallbackQueue.async(execute: work)
        case .unknown:
            // Whichever runs first takes the work; the other finds nil.
            let once = Locked<(@Sendable () -> Void)?>(work)
            DispatchQueue.main.async { once.withLock { $0.take() }?() }
            fallbackQueue.asyncAfter(deadline: .now() + wait) {
                let starved = state.withLock { state -> Bool in
                    guard state.served != .yes else { return false }
                    state.served = .no
                    return true
                }
                // The main queue is served after all: the block queued there runs the work.
                guard starved else { return }
                once.withLock { $0.take() }?()
            }
        }
    }
}

extension CallbackQueue {
    /// Runs `body` on the main actor: at once when the caller is on the main queue (where a
    /// ``main`` callback normally arrives), else queued there. For view code, which must never
    /// run on the fallback queue a ``main`` callback may take in a process without a main loop.
    package static func onMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
        if isOnMainQueue {
            MainActor.assumeIsolated { body() }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
        }
    }
}
