import OspreyTestSupport
import Foundation
@testable import OspreyCache
import OspreyCore
import OspreyTestTraits
import Testing

/// What is particular to the memory tier (the shared contract is in `CacheConformanceTests`).
@Suite("MemoryCache", .offCooperativePool)
struct MemoryCacheTests {
    private func image(_ tag: Int, side: Int = 2) -> DecodedImage { TestItem(tag: tag, side: side).image }

    @Test("reads and writes move an entry to the front of the recency order")
    func recencyOrder() {
        let cache = MemoryCache()
        for key in ["a", "b", "c"] { cache.setObject(image(0), forKey: key, cost: 1) }
        #expect(cache.keysByRecency == ["c", "b", "a"])
        _ = cache.object(forKey: "a")
        #expect(cache.keysByRecency == ["a", "c", "b"])
        cache.setObject(image(1), forKey: "b", cost: 1)
        #expect(cache.keysByRecency == ["b", "a", "c"])
        _ = cache.object(forKey: "missing")
        cache.removeObject(forKey: "a")
        #expect(cache.keysByRecency == ["b", "c"])
        #expect(cache.count == 2)
    }

    @Test("an overwrite updates the cost; a too costly overwrite drops the key")
    func overwriteCost() {
        let cache = MemoryCache(totalCostLimit: 100)
        cache.setObject(image(1), forKey: "a", cost: 30)
        cache.setObject(image(2), forKey: "a", cost: 60)
        #expect(cache.totalCost == 60)
        cache.setObject(image(3), forKey: "a", cost: 101)
        #expect(cache.object(forKey: "a") == nil, "the old image must not survive under the key")
        #expect(cache.totalCost == 0)
        cache.setObject(image(4), forKey: "z", cost: -5)
        #expect(cache.totalCost == 0, "a negative cost counts as zero")
    }

    @Test("lowering a limit evicts at once, least recently used first")
    func loweringLimits() {
        let cache = MemoryCache()
        for index in 0..<6 { cache.setObject(image(index), forKey: "k\(index)", cost: 10) }
        _ = cache.object(forKey: "k0")
        cache.totalCostLimit = 40
        #expect(cache.keysByRecency == ["k0", "k5", "k4", "k3"])
        cache.countLimit = 2
        #expect(cache.keysByRecency == ["k0", "k5"])
        #expect(cache.totalCost == 20)
        cache.removeAllObjects()
        #expect(cache.count == 0 && cache.totalCost == 0)
        cache.setObject(image(9), forKey: "again", cost: 10)
        #expect(cache.object(forKey: "again") != nil)
    }

    @Test("the cost is the decoded size by default")
    func defaultCost() {
        let cache = MemoryCache()
        cache.setObject(image(1, side: 4), forKey: "a")
        #expect(cache.totalCost == 4 * 4 * 4)
    }

    @Test("keys compare by their bytes, as on disk")
    func exactKeys() {
        let cache = MemoryCache()
        cache.setObject(image(1), forKey: "e\u{301}", cost: 1)
        cache.setObject(image(2), forKey: "\u{e9}", cost: 1)
        #expect(cache.count == 2)
        #expect(cache.object(forKey: "e\u{301}").map(TestItem.init(image:)) == TestItem(tag: 1, side: 2))
    }

    @Test("keys of every short length, and keys that differ only in NUL bytes, are distinct entries")
    func keysHashedByWords() {
        let cache = MemoryCache()
        var keys: [String] = []
        for length in 0..<20 {
            keys.append(String(repeating: "k", count: length))
            keys.append(String(repeating: "\0", count: length))
            keys.append("\0" + String(repeating: "k", count: length))
            keys.append(String(repeating: "k", count: length) + "\0")
        }
        keys = Array(Set(keys)).sorted()
        for (tag, key) in keys.enumerated() { cache.setObject(image(tag), forKey: key, cost: 1) }
        #expect(cache.count == keys.count)
        for (tag, key) in keys.enumerated() {
            #expect(cache.object(forKey: key).map(TestItem.init(image:)) == TestItem(tag: tag, side: 2), "\(key.utf8.count) bytes")
        }
    }

    @Test("hits and evictions match a reference LRU on a skewed random trace")
    func matchesReferenceModel() {
        let limit = 1_000
        let cache = MemoryCache(totalCostLimit: limit, countLimit: 12)
        var model: [(key: String, cost: Int)] = []   // most recently used last
        var random = SeededGenerator(seed: 42)
        let images = (0..<40).map { image($0) }
        var hits = 0
        for step in 0..<20_000 {
            let index = min(random.next(below: 40), random.next(below: 40))   // skewed to small keys
            let key = "key-\(index)"
            let modelPosition = model.firstIndex { $0.key == key }
            if random.next(below: 3) == 0 {
                let cost = random.next(below: 200) + (index == 39 ? 1_000 : 0)
                cache.setObject(images[index], forKey: key, cost: cost)
                if let modelPosition { model.remove(at: modelPosition) }
                if cost <= limit { model.append((key, cost)) }
                while model.reduce(0, { $0 + $1.cost }) > limit || model.count > 12 { model.removeFirst() }
            } else {
                let hit = cache.object(forKey: key)
                #expect((hit != nil) == (modelPosition != nil), "step \(step), \(key)")
                if let modelPosition {
                    #expect(hit === images[index])
                    model.append(model.remove(at: modelPosition))
                    hits += 1
                }
            }
            if step % 1_000 == 0 {
                #expect(cache.keysByRecency == model.reversed().map(\.key))
            }
        }
        #expect(cache.keysByRecency == model.reversed().map(\.key))
        #expect(hits > 1_000)
    }
}
