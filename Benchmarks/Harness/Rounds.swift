/// Runs Osprey and its baseline(s) in the same process, alternating, so that drift in the
/// machine (other helpers' builds, CPU frequency, page cache) hits every side alike.
struct Rounds {
    /// Measured rounds per side.
    var count: Int
    /// Unrecorded rounds per side first (to warm caches, pools and connections).
    var warmup: Int = 1

    /// Calls `osprey` and `baseline` `warmup + count` times each, in ABBA order (the side that
    /// goes first swaps every round), and returns the recorded samples of each side.
    func alternate<Sample>(osprey: () throws -> Sample,
                           baseline: () throws -> Sample) throws -> (osprey: [Sample], baseline: [Sample]) {
        let samples = try withoutActuallyEscaping(osprey) { a in
            try withoutActuallyEscaping(baseline) { b in try interleave([a, b]) }
        }
        return (samples[0], samples[1])
    }

    /// Calls every side once per round, `warmup + count` rounds; the side that goes first
    /// rotates every round. Returns the recorded samples per side, in the order given.
    func interleave<Sample>(_ sides: [() throws -> Sample]) throws -> [[Sample]] {
        var samples = [[Sample]](repeating: [], count: sides.count)
        for round in 0..<(warmup + count) {
            for step in 0..<sides.count {
                let side = (round + step) % sides.count
                let sample = try sides[side]()
                if round >= warmup { samples[side].append(sample) }
            }
        }
        return samples
    }

    /// Runs one side alone `warmup + count` times and returns the recorded samples.
    func repeated<Sample>(_ body: () throws -> Sample) throws -> [Sample] {
        try withoutActuallyEscaping(body) { try interleave([$0])[0] }
    }
}
