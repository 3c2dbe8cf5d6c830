import Foundation
import Osprey

/// GIF decode in megapixels/s (every frame composed, frames × canvas pixels) beside
/// Pillow on the same files — a 480 × 360 × 50-frame animation and a 1000 × 175 × 259-frame
/// banner, both made deterministically by Pillow (the project has no GIF encoder) — target
/// ≥ 1.0 × Pillow; and the peak memory of playing a 380-frame 472 × 298 GIF once through
/// ``FramePlayer``, lazy frames beside eager ones.
struct AnimationScenario: Scenario {
    let id = "gif"
    let title = "animated GIF"

    struct Case {
        var name: String
        var file: URL
        var data: Data
        var megapixels: Double
    }

    func run(in bench: Bench) throws -> [Row] {
        let label = "\(id) \(title)"
        let python = bench.python
        let folder = try bench.makeDirectory("gif")
        var rows: [Row] = []
        var cases: [Case] = []
        var eager = DecodeOptions()
        eager.lazyAnimationThreshold = Int.max
        eager.animationMemoryBudget = Int.max   // the banner's 181 MB of frames: past the default budget
        for (width, height, frames) in [(480, 360, 50), (1000, 175, 259)] {
            let name = "\(width)×\(height) × \(frames) frames"
            let file = folder.appendingPathComponent("anim-\(width)x\(height)x\(frames).gif")
            do {
                try python.makeGIF(file, width: width, height: height, frames: frames)
            } catch let skip as Skip {
                rows.append(.outcome(.skipped, scenario: label, metric: "GIF decode, \(name)", note: skip.description))
                continue
            }
            let data = try Data(contentsOf: file)
            let image = try ImageCoders.shared.decode(data, options: eager)
            guard image.frameCount == frames, !image.isLazy else { throw BenchError("\(file.lastPathComponent): \(image.frameCount) frames") }
            cases.append(Case(name: name, file: file, data: data,
                              megapixels: Double(image.pixelSize.pixelCount * frames) / 1e6))
        }

        let iterations = bench.size(quick: 2, full: 5)
        typealias Item = PythonReference.Item
        let samples = try bench.rounds.alternate(
            osprey: {
                try cases.map { item in
                    Stat(try (0..<iterations).map { _ in
                        try Clock.time { _ = try ImageCoders.shared.decode(item.data, options: eager) }
                    }).median
                }
            },
            baseline: {
                let items = cases.map { Item(kind: .gif, file: $0.file) } + cases.map { Item(kind: .cGIF, file: $0.file) }
                let answer = try python.measure(items, iterations: iterations)
                return items.map { answer[$0] ?? .nan }
            })
        let hasPillow = python.probe.pillow != nil
        for (index, item) in cases.enumerated() {
            rows.append(Row(scenario: label, metric: "GIF decode, \(item.name)", unit: "MP/s",
                            osprey: Stat(samples.osprey.map { item.megapixels / $0[index] }),
                            baselineName: hasPillow ? "Pillow" : "—",
                            baseline: hasPillow ? Stat(samples.baseline.map { item.megapixels / $0[index] }) : nil,
                            target: .ratio(.atLeast, 1.0, source: "≥ 1.0 × Pillow"),
                            note: "every frame composed to RGBA (frames × canvas pixels); \(item.data.count / 1000) kB file"))
            rows.append(python.cLibraryRow(scenario: label, metric: "GIF decode, \(item.name)", unit: "MP/s",
                                           osprey: Stat(samples.osprey.map { item.megapixels / $0[index] }), kind: .cGIF,
                                           seconds: samples.baseline.map { $0[cases.count + index] }, work: item.megapixels))
        }
        rows += try playbackRows(label: label, folder: folder, python: python)
        return rows
    }

    /// Peak resident memory above the start of playing the 380-frame GIF once through the player
    /// (manual clock, one step per frame, each shown frame fetched), lazy then eager.
    private func playbackRows(label: String, folder: URL, python: PythonReference) throws -> [Row] {
        let metric = "peak RSS playing 472×298 × 380 frames"
        let file = folder.appendingPathComponent("anim-472x298x380.gif")
        do {
            try python.makeGIF(file, width: 472, height: 298, frames: 380)
        } catch let skip as Skip {
            return [.outcome(.skipped, scenario: label, metric: metric, note: skip.description)]
        }
        let data = try Data(contentsOf: file)
        var lazy = DecodeOptions()
        lazy.lazyAnimationThreshold = 0
        var eager = DecodeOptions()
        eager.lazyAnimationThreshold = Int.max
        eager.animationMemoryBudget = Int.max   // 214 MB of frames: past the default budget
        func play(_ options: DecodeOptions) throws -> (peak: Double, cost: Int, cpu: Double) {
            guard ResourceUsage.resetPeakResident(), let start = ResourceUsage.residentBytes() else {
                throw Skip("cannot reset or read the peak resident size (/proc/self/clear_refs)")
            }
            let cpu = ResourceUsage.cpuSeconds()
            var cost = 0
            do {   // the image is released before the next measurement
                let image = try ImageCoders.shared.decode(data, options: options)
                cost = image.cost
                MainActor.assumeIsolated { Self.playOnce(image) }
            }
            let peak = ResourceUsage.peakResidentBytes() ?? start
            return (Double(peak - start) / 1_048_576, cost, ResourceUsage.cpuSeconds() - cpu)
        }
        let lazyRun = try play(lazy)
        let eagerRun = try play(eager)
        return [Row(scenario: label, metric: metric, unit: "MiB",
                    osprey: Stat([lazyRun.peak]), baselineName: "eager frames",
                    baseline: Stat([eagerRun.peak]),
                    note: String(format: "lazy (Osprey column) vs every frame held; memory-cache cost %.1f vs %.1f MB; "
                                 + "decode + one loop %.2f vs %.2f CPU s", Double(lazyRun.cost) / 1e6,
                                 Double(eagerRun.cost) / 1e6, lazyRun.cpu, eagerRun.cpu))]
    }

    /// Plays `image` once, asking the player at each of its next-update times.
    @MainActor
    private static func playOnce(_ image: DecodedImage) {
        let clock = StepClock()
        let player = FramePlayer(image: image, clock: clock, plays: 1)
        var tick = player.start()
        var checksum = 0
        while true {
            while player.awaitedFrameIndex != nil {   // a lazy frame composed off the main actor
                usleep(50)
                let again = player.update()
                tick = FramePlayer.Tick(frameIndex: again.frameIndex, changed: tick.changed || again.changed, nextUpdate: again.nextUpdate)
            }
            if tick.changed { checksum &+= Int(player.framePixels.bytes[0]) }
            guard let next = tick.nextUpdate else { break }
            clock.time = next
            tick = player.update()
        }
        if checksum == -1 { print("") }   // keeps the frames from being optimized away
    }

    /// A clock the bench moves by hand.
    private final class StepClock: AnimationClock, @unchecked Sendable {
        // Safety: read and written only on the main actor, by `playOnce`.
        var time = 0.0
        var now: Double { time }
    }
}
