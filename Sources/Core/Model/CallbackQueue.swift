import Dispatch
import Foundation

/// Where Osprey calls a caller's closures.
public enum CallbackQueue: Sendable {
    /// The main queue; a closure is run at once when the caller is already on the main queue
    /// (see ``isOnMainQueue``). The default, for apps. A command-line tool or server whose
    /// main queue does not run should pass ``queue(_:)`` or ``current``.
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
                DispatchQueue.main.async(execute: work)
            }
        case .queue(let queue):
            queue.async(execute: work)
        case .current:
            work()
        }
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
