import Foundation
import Osprey

/// Hit ratio of Osprey's memory tier on a Zipf(1.0)
/// trace of 10,000 keys (get; on a miss, set), beside an exact LRU with the same cost limit.
struct EvictionQualityScenario: Scenario {
    let id = "9"
    let title = "memory tier eviction quality (Zipf 1.0)"
    static let keyCount = 10_000
    /// Every entry costs the same (a 256 × 256 RGBA image), so "10%" means 1,000 entries.
    static let entryCost = 256 * 256 * 4

    func run(in bench: Bench) throws -> [Row] {
        let length = bench.size(quick: 200_000, full: 1_000_000)
        let trace = ZipfTrace.make(keyCount: Self.keyCount, length: length)
        let keys = (0..<Self.keyCount).map { "https://images.example/photos/\($0).png" }
        let image = DecodedImage(pixels: PixelBuffer(width: 1, height: 1))
        let label = "\(id) \(title)"
        var rows: [Row] = []
        for (percent, target) in [(10, nil), (25, Target.value(.atLeast, 72, source: "at least Nuke's LRU on the same trace (72.1%)"))] {
            let limit = Self.keyCount * percent / 100 * Self.entryCost
            let cache = MemoryCache(totalCostLimit: limit)
            var ospreyHits = 0
            for k in trace {
                if cache.object(forKey: keys[k]) != nil {
                    ospreyHits += 1
                } else {
                    cache.setObject(image, forKey: keys[k], cost: Self.entryCost)
                }
            }
            var lru = ExactLRU(costLimit: limit)
            var lruHits = 0
            for k in trace {
                if lru.get(k) { lruHits += 1 } else { lru.set(k, cost: Self.entryCost) }
            }
            rows.append(Row(scenario: label, metric: "hit ratio, cost limit = \(percent)% of keys", unit: "%",
                            osprey: Stat(single: Double(ospreyHits) / Double(length) * 100),
                            baselineName: "exact LRU", baseline: Stat(single: Double(lruHits) / Double(length) * 100),
                            target: target,
                            note: percent == 10 ? "\(length) accesses; the issue asks for the ratio to an exact LRU (no number given)" : ""))
        }
        return rows
    }
}
