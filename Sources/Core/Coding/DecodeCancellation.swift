/// A flag that stops a decode in progress: set it with ``cancel()`` from any thread, and a
/// decoder given it in ``DecodeOptions/cancellation`` throws ``ImageError/Code/cancelled`` at
/// its next check (between frames, and between bands of rows within a frame).
///
/// Meant for the loader that owns a decode: it creates one per decode and cancels it when
/// the last caller waiting for that decode cancels (that wiring is not part of the decoders).
/// Thread-safe; a check costs one uncontended lock.
public final class DecodeCancellation: Sendable {
    /// Whether ``cancel()`` was called, and how many checks a decoder made so far.
    /// Invariant: once `cancelled` is true it stays true.
    private let state = Locked((cancelled: false, checks: 0, cancelAfterChecks: Int?.none))

    /// A flag not yet set.
    public init() {}

    /// A flag that sets itself at the `checks`-th check (tests use it to cancel a decode at a
    /// known point without racing it).
    package init(cancelAfterChecks checks: Int) {
        state.withLock { $0.cancelAfterChecks = checks }
    }

    /// Sets the flag; decodes that check it from now on stop. Idempotent.
    public func cancel() {
        state.withLock { $0.cancelled = true }
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// How many times a decoder checked the flag (a measure of how often it looks).
    package var checkCount: Int { state.withLock { $0.checks } }

    /// Throws ``ImageError/Code/cancelled`` once the flag is set. Decoders call this.
    public func check() throws(ImageError) {
        let cancelled = state.withLock { state in
            state.checks += 1
            if let limit = state.cancelAfterChecks, state.checks >= limit { state.cancelled = true }
            return state.cancelled
        }
        if cancelled { throw ImageError(.cancelled) }
    }
}
