import Foundation
import Osprey

/// A disk-cache hit (read + decode) through `ImageCache.queryImage`
/// ÷ a raw `Data(contentsOf:)` of the same bytes + the same decode. Target ≤ 1.15.
struct DiskHitScenario: Scenario {
    let id = "5"
    let title = "disk hit (read + decode)"

    func run(in bench: Bench) throws -> [Row] {
        try bench.fixtures.requirePNG()
        let names = try bench.fixtures.downloadImages()
        let cache = ImageCache(namespace: "disk-hit", diskCacheDirectory: try bench.makeDirectory("disk-hit"))
        let keys = names.map { "https://images.example/\($0)" }
        var rawFiles: [URL] = []
        for (name, key) in zip(names, keys) {
            let data = try bench.fixtures.data(name)
            guard cache.storeImageDataToDisk(data, forKey: key) else { throw BenchError("could not store \(key)") }
            rawFiles.append(bench.fixtures.directory.appendingPathComponent(name))
        }
        var context = ImageContext()
        context.callbackQueue = .current
        context.storeCacheType = .none   // keep every query a disk hit
        let options: ImageOptions = [.queryDiskDataSync]

        func ospreyPass() throws -> Double {
            let misses = Box(0)
            let seconds = Clock.time {
                for key in keys {
                    cache.queryImage(forKey: key, options: options, context: context, cacheType: .disk) { image, _, type in
                        if image == nil || type != .disk { misses.withLock { $0 += 1 } }
                    }
                }
            }
            let missed = misses.withLock { $0 }
            guard missed == 0 else { throw BenchError("\(missed) disk queries did not answer a decoded disk hit synchronously") }
            return seconds / Double(keys.count) * 1e6
        }
        func rawPass() throws -> Double {
            try Clock.time {
                for file in rawFiles { _ = try ImageCoders.shared.decode(try Data(contentsOf: file)) }
            } / Double(rawFiles.count) * 1e6
        }
        let samples = try Rounds(count: bench.rounds.count * 2, warmup: 1).alternate(osprey: ospreyPass, baseline: rawPass)
        return [
            Row(scenario: "\(id) \(title)", metric: "per hit, 256×256 PNG", unit: "µs", osprey: Stat(samples.osprey),
                baselineName: "Data(contentsOf:) + decode", baseline: Stat(samples.baseline),
                target: .ratio(.atMost, 1.15, source: "a disk hit costs at most 15% over a raw read and the same decode"),
                note: "ImageCache.queryImage(.queryDiskDataSync, cacheType: .disk), memory store off; \(keys.count) files per pass"),
        ]
    }
}
