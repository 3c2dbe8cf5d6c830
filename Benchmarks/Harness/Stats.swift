import Foundation

/// Median and 90th percentile of a set of samples (one per round).
struct Stat: Codable, Sendable {
    /// The middle sample (mean of the two middle ones for an even count).
    var median: Double
    /// The sample below which 90% of the samples lie (nearest rank).
    var p90: Double
    /// How many samples it summarises.
    var count: Int

    /// Summarises `samples`; an empty list gives NaN, which the reports print as "—".
    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        guard !sorted.isEmpty else {
            median = .nan
            p90 = .nan
            return
        }
        let mid = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
        p90 = Stat.percentile(sorted, 0.9)
    }

    /// A single figure (measured once, e.g. a count of requests).
    init(single value: Double) {
        self.init([value])
    }

    /// Nearest-rank percentile of already sorted samples; `fraction` in 0...1.
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }
}

/// Monotonic time in seconds; differences only.
enum Clock {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// Runs `body` and returns how long it took in seconds.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }
}
