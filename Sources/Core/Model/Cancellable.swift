/// Something under way that a caller can stop.
///
/// `cancel()` may be called from any thread, any number of times; only the first has an
/// effect. The operation's completion handler still runs once, with ``ImageError/Code/cancelled``,
/// unless the documentation of the returning API says otherwise.
public protocol Cancellable: AnyObject, Sendable {
    /// Stops the work; idempotent and thread-safe.
    func cancel()
    /// Whether ``cancel()`` has been called.
    var isCancelled: Bool { get }
}
