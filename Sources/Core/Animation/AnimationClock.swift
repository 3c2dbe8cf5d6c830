import Dispatch

/// The time source a ``FramePlayer`` reads: seconds on a monotonic scale (only differences
/// matter). Injected so that tests drive the player with a hand-set clock instead of waiting.
public protocol AnimationClock: Sendable {
    /// The current time, in seconds. Never goes backwards.
    var now: Double { get }
}

/// The real clock: the system's monotonic uptime (`DispatchTime`), unaffected by changes to
/// the wall clock. What the view adapters use on Apple platforms (and anything on Linux).
public struct SystemAnimationClock: AnimationClock {
    /// The system clock.
    public init() {}

    /// Seconds since an arbitrary fixed point (boot).
    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000 }
}
