/// Per-frame durations expressed for players that show every frame for the same time, such
/// as `UIImage.animatedImage(with:duration:)`: each source frame is repeated in proportion to
/// its duration (after SDWebImage's greatest-common-divisor approach), so a 30 ms frame next to
/// a 90 ms frame keeps its 1 : 3 timing instead of both getting the average.
///
/// Generic and tested on Linux; the Apple conversion only maps ``frameIndices`` to images.
/// ``collapse(_:interval:isSame:)`` undoes it, so a round trip keeps the durations.
public struct UniformFrameTiming: Sendable, Equatable {
    /// Source frame indices in play order; each is shown for ``interval`` seconds.
    public let frameIndices: [Int]
    /// The time each entry of ``frameIndices`` is shown, in seconds.
    public let interval: Double

    /// One loop's duration, in seconds.
    public var totalDuration: Double { interval * Double(frameIndices.count) }

    /// Timing for frames of `durations` seconds. Durations are rounded to `resolution` (10 ms,
    /// GIF's unit) with at least one unit per frame. When the repeated sequence would exceed
    /// `maxEntries` (durations with no useful common divisor), every frame is shown once for
    /// the average duration instead: the sequence stays bounded, the total time is kept.
    public init(durations: [Double], resolution: Double = 0.01, maxEntries: Int = 1024) {
        guard !durations.isEmpty else {
            frameIndices = []
            interval = 0
            return
        }
        let units = durations.map { duration -> Int in
            guard duration.isFinite, duration > 0 else { return 1 }
            return max(1, Int((duration / resolution).rounded()))
        }
        let divisor = units.reduce(0, Self.gcd)
        let repeats = units.map { $0 / divisor }
        let count = repeats.reduce(0, +)
        if count <= max(maxEntries, durations.count) {
            frameIndices = repeats.enumerated().flatMap { Array(repeating: $0.offset, count: $0.element) }
            interval = Double(divisor) * resolution
        } else {
            frameIndices = Array(durations.indices)
            interval = Double(units.reduce(0, +)) * resolution / Double(durations.count)
        }
    }

    /// The inverse: runs of the same frame in a uniform sequence (each shown `interval`
    /// seconds) become one frame with the run's total duration.
    public static func collapse<Frame>(_ sequence: [Frame], interval: Double,
                                       isSame: (Frame, Frame) -> Bool) -> [(frame: Frame, duration: Double)] {
        var runs: [(frame: Frame, duration: Double)] = []
        for frame in sequence {
            if let last = runs.last, isSame(last.frame, frame) {
                runs[runs.count - 1].duration += interval
            } else {
                runs.append((frame, interval))
            }
        }
        return runs
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
