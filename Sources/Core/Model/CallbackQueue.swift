import Dispatch
import Foundation

/// Where Osprey calls a caller's closures.
public enum CallbackQueue: Sendable {
    /// The main queue; a closure is run at once when the caller is already on the main thread.
    /// The default, for apps. A command-line tool or server whose main queue does not run
    /// should pass ``queue(_:)`` or ``current``.
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
            if Thread.isMainThread {
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
}
