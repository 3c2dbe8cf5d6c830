import Dispatch
import Foundation

/// Where Osprey calls a caller's closures.
public enum CallbackQueue: Sendable {
    /// The main queue; a closure is run at once when the caller is already on the main queue
    /// (see ``isOnMainQueue``). The default, for apps.
    ///
    /// **Processes without a main loop.** A command-line tool or server whose main thread
    /// blocks (on a semaphore, in a server's `run()`) never serves the main queue, so a
    /// closure sent there would never run. Except under UIKit, Osprey notices: the first hop
    /// to the main queue also sends it a probe, and while the probe has not run, a callback
    /// that waited ``mainQueueFallbackDelay`` (2 s) for the main queue runs on a serial
    /// Osprey queue instead, as do the ones after it, at once and in order, until the main
    /// queue serves the probe. A process that serves its main queue (an app, `dispatchMain()`,
    /// `RunLoop.main.run()`, an `async` `main`, a waiting test) keeps every callback on it.
    /// A server that wants no main queue at all passes ``queue(_:)`` or ``current``, or uses
    /// the `async` API.
    case main
    /// A queue of the caller's choosing; closures are dispatched asynchronously to it.
    case queue(DispatchQueue)
    /// Whatever thread Osprey happens to be on (no hop): cheapest, for callers that are
    /// thread-safe themselves.
    case current

    /// Runs `work` as this callback queue says.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        switch self {
        case .main:
            if Self.isOnMainQueue {
                work()
            } else {
                MainQueueWatch.hop(work)
            }
        case .queue(let queue):
            queue.async(execute: work)
        case .current:
            work()
        }
    }

    /// How long a ``main`` callback waits for an unserved main queue before it runs on
    /// Osprey's serial fallback queue (see ``main``). Default 2 s, and nil under UIKit; nil
    /// turns the fallback off (callbacks then wait for the main queue forever). Settable
    /// from any thread; applies to callbacks sent afterwards.
    public static var mainQueueFallbackDelay: TimeInterval? {
        get { MainQueueWatch.fallbackDelay }
        set { MainQueueWatch.fallbackDelay = newValue }
    }

    /// Whether the caller runs on the main queue — which is where the main actor runs.
    ///
    /// `Thread.isMainThread` is the wrong test: under an `async` `main` on Linux (and under
    /// Swift Testing) the main queue is drained by a thread that is not the process's first
    /// thread, so that test says "no" on the main actor and every `.main` callback would hop.
    /// A queue-specific value set once on `DispatchQueue.main` is seen by whichever thread
    /// drains it. The main thread outside any queue block (plain top-level code) counts too.
    public static var isOnMainQueue: Bool {
        DispatchQueue.getSpecific(key: MainQueueMarker.key) != nil || Thread.isMainThread
    }
}

/// The queue-specific key that marks `DispatchQueue.main`.
private enum MainQueueMarker {
    // Created and attached to the main queue once, under Swift's lazy-global `once`; only
    // read afterwards (`getSpecific` is thread-safe).
    static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()
}
