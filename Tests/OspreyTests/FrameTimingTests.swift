import OspreyTestTraits
import Testing
import Osprey

/// Animated frames keep their
/// durations through a player that shows every frame for the same time, and back.
@Suite("Uniform frame timing", .offCooperativePool)
struct FrameTimingTests {
    @Test("durations 30/90/60 ms: frames repeated 1:3:2 at 30 ms, total kept")
    func proportional() {
        let timing = UniformFrameTiming(durations: [0.03, 0.09, 0.06])
        #expect(timing.frameIndices == [0, 1, 1, 1, 2, 2])
        #expect(abs(timing.interval - 0.03) < 1e-9)
        #expect(abs(timing.totalDuration - 0.18) < 1e-9)
    }

    @Test("collapse undoes the repetition: the round trip keeps every duration")
    func roundTrip() {
        let durations = [0.1, 0.02, 0.5, 0.02, 0.02]
        let timing = UniformFrameTiming(durations: durations)
        let runs = UniformFrameTiming.collapse(timing.frameIndices, interval: timing.interval, isSame: ==)
        #expect(runs.map(\.frame) == [0, 1, 2, 3, 4])
        for (run, duration) in zip(runs, durations) { #expect(abs(run.duration - duration) < 1e-9) }
    }

    @Test("zero or missing durations count as one unit; the sequence stays bounded")
    func bounded() {
        #expect(UniformFrameTiming(durations: [0, -1, .nan]).frameIndices == [0, 1, 2])
        let awkward = UniformFrameTiming(durations: [0.01, 7.0, 0.03], maxEntries: 64)
        #expect(awkward.frameIndices == [0, 1, 2])
        #expect(abs(awkward.totalDuration - 7.04) < 1e-9)
        #expect(UniformFrameTiming(durations: []).frameIndices.isEmpty)
    }
}
