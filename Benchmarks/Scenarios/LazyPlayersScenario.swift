import Dispatch
import Foundation
import Osprey

/// One lazy animation played by two players half a loop apart (two views showing it, or one
/// restarted later) beside one player alone: CPU seconds per frame shown, compositions on
/// background queues included, and compositions per frame shown. Two players out of step
/// should each cost about what one player costs (each composes from its own cursor), not a
/// recomposition from frame 0 per frame. The 472 × 298 × 380-frame GIF is made by Pillow
/// (the project has no GIF encoder) and decoded lazily; the players run on a hand-moved clock,
/// one step per frame, waiting for each frame to be composed before the next step.
struct LazyPlayersScenario: Scenario {
    let id = "gif-players"
    let title = "lazy animation, two players out of step"

    struct Sample {
        var cpuPerFrame: Double
        var compositionsPerFrame: Double
    }

    func run(in bench: Bench) throws -> [Row] {
        let label = "\(id) \(title)"
        let metric = "CPU per frame shown, 472×298 × 380 frames, 2 players vs 1"
        let file = try bench.makeDirectory("gif-players").appendingPathComponent("anim-472x298x380.gif")
        do {
            try bench.python.makeGIF(file, width: 472, height: 298, frames: 380)
        } catch let skip as Skip {
            return [.outcome(.skipped, scenario: label, metric: metric, note: skip.description)]
        }
        let data = try Data(contentsOf: file)
        var options = DecodeOptions()
        options.lazyAnimationThreshold = 0
        let steps = bench.size(quick: 120, full: 380)
        let samples = try bench.rounds.alternate(
            osprey: { try Self.play(data, options: options, players: 2, steps: steps) },
            baseline: { try Self.play(data, options: options, players: 1, steps: steps) })
        let two = samples.osprey, one = samples.baseline
        return [Row(scenario: label, metric: metric, unit: "ms",
                    osprey: Stat(two.map { $0.cpuPerFrame * 1000 }), baselineName: "one player",
                    baseline: Stat(one.map { $0.cpuPerFrame * 1000 }),
                    target: .ratio(.atMost, 1.5, source: "each player about one frame's composition per frame"),
                    note: String(format: "process CPU (background compositions included) per frame shown, %d steps; "
                                 + "compositions per frame shown %.2f (two players) vs %.2f (one)", steps,
                                 Stat(two.map(\.compositionsPerFrame)).median,
                                 Stat(one.map(\.compositionsPerFrame)).median))]
    }

    /// Decodes `data` lazily and plays it with `players` players, the second half a loop behind
    /// the first, for `steps` clock steps; measures from the first step (the decode and the
    /// players' start are left out).
    private static func play(_ data: Data, options: DecodeOptions, players count: Int, steps: Int) throws -> Sample {
        let image = try ImageCoders.shared.decode(data, options: options)
        guard image.isLazy, let counter = image.frameSource as? any FrameCompositionCounting else {
            throw BenchError("the GIF did not decode lazily")
        }
        return MainActor.assumeIsolated {
            let clock = StepClock()
            let half = (0..<image.frameCount / 2).reduce(0) { $0 + image.frameDuration(at: $1) }
            let players = (0..<count).map { _ in FramePlayer(image: image, clock: clock, plays: 0) }
            players[0].start()
            if count > 1 {
                clock.time = half   // the first player is half a loop ahead when the second starts
                players[1].start()
            }
            var next = players.map { settle($0).nextUpdate }
            let cpu = ResourceUsage.cpuSeconds()
            let composed = counter.composedFrameCount
            var shown = 0
            for _ in 0..<steps {
                clock.time = next.compactMap { $0 }.min() ?? clock.time
                for (index, player) in players.enumerated() {
                    let tick = settle(player)
                    next[index] = tick.nextUpdate
                    if tick.changed { shown += 1 }
                }
            }
            let frames = Double(max(1, shown))
            return Sample(cpuPerFrame: (ResourceUsage.cpuSeconds() - cpu) / frames,
                          compositionsPerFrame: Double(counter.composedFrameCount - composed) / frames)
        }
    }

    /// Ticks `player` until the frame due is shown (composed off the main actor meanwhile).
    @MainActor
    private static func settle(_ player: FramePlayer) -> FramePlayer.Tick {
        var tick = player.update()
        var changed = tick.changed
        while player.awaitedFrameIndex != nil {
            usleep(50)
            tick = player.update()
            changed = changed || tick.changed
        }
        tick.changed = changed
        return tick
    }

    /// A clock the bench moves by hand.
    private final class StepClock: AnimationClock, @unchecked Sendable {
        // Safety: read and written only on the main actor, by `play`.
        var time = 0.0
        var now: Double { time }
    }
}
