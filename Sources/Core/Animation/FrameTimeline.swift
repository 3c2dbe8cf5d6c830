/// When each frame of an animation starts within one loop, and which frame shows at a given
/// moment: the arithmetic of ``FramePlayer``, kept apart so it is a pure value.
///
/// Built from the durations alone (``DecodedImage/frameDurations`` never decodes). A duration
/// below ``minimumFrameDuration`` (an APNG delay of 0, a damaged value) plays for that minimum,
/// so a loop always takes time and the player never spins.
public struct FrameTimeline: Sendable, Equatable {
    /// The shortest time a frame is shown: 10 ms (GIF's time unit).
    public static let minimumFrameDuration = 0.01

    /// Each frame's start within a loop, in seconds; `starts[0] == 0`.
    public let starts: [Double]
    /// The length of one loop, in seconds (> 0).
    public let loopDuration: Double

    /// The timeline of frames lasting `durations` seconds (at least one frame).
    public init(durations: [Double]) {
        precondition(!durations.isEmpty, "a timeline needs at least one frame")
        var starts: [Double] = []
        starts.reserveCapacity(durations.count)
        var time = 0.0
        for duration in durations {
            starts.append(time)
            time += duration.isFinite ? max(duration, Self.minimumFrameDuration) : Self.minimumFrameDuration
        }
        self.starts = starts
        loopDuration = time
    }

    /// How many frames a loop has.
    public var frameCount: Int { starts.count }

    /// The frame showing `offset` seconds into a loop (0 ≤ offset < ``loopDuration``), and when
    /// (seconds into the loop) the next one starts. Binary search: O(log frames).
    public func frame(at offset: Double) -> (index: Int, nextStart: Double) {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low, low + 1 < starts.count ? starts[low + 1] : loopDuration)
    }
}
