import Dispatch
import Foundation
@testable import OspreyCache
import OspreyCore
import Testing

/// One cache tier as the conformance checks see it: synchronous, so that checks can hammer
/// it from many threads with `concurrentPerform`.
protocol TierUnderTest: Sendable {
    /// Stores `item`; it is fully written when this returns.
    func put(_ item: TestItem, forKey key: String)
    /// The item for `key`, or nil; counts as a use.
    func get(_ key: String) -> TestItem?
    func remove(_ key: String)
    func removeAll()
    /// Applies the tier's expiry and limits as its policy has it (a disk sweep; nothing for
    /// memory, whose limits hold after every insertion anyway).
    func enforceLimits()
    /// Moves the tier's clock on (disk recency has a resolution of one second).
    func advanceClock(by seconds: TimeInterval)
    /// Descriptions of limits the tier exceeds right now; empty when all hold.
    func limitViolations() -> [String]
}

/// What a check asks of a tier's configuration.
struct TierLimits {
    /// Room for this many standard 8 × 8 items (cost on memory, bytes on disk); nil = no limit.
    var items: Int?
    /// Entry limit of a memory tier; nil = none.
    var count: Int?
    /// Disk age limit in seconds; nil = never expire.
    var maxAge: TimeInterval?
}

/// The implementations the conformance suite runs against.
enum TierKind: String, CaseIterable, CustomStringConvertible {
    case memory, disk, twoTier

    var description: String { rawValue }

    /// Tiers with an entry-count limit.
    static let counting: [TierKind] = [.memory]
    /// Tiers whose entries expire by age. (The two-tier cache is checked with memory off,
    /// since age applies to its disk tier only.)
    static let ageing: [TierKind] = [.disk, .twoTier]

    func make(_ limits: TierLimits, in directory: URL) -> any TierUnderTest {
        let clock = TestClock()
        switch self {
        case .memory:
            return MemoryTier(cache: MemoryCache(totalCostLimit: (limits.items ?? 0) * TestItem.standardCost,
                                                 countLimit: limits.count ?? 0))
        case .disk:
            return DiskTier(cache: DiskCache(directory: directory, namespace: "conformance",
                                             config: Self.config(limits), now: clock.function), clock: clock)
        case .twoTier:
            var config = Self.config(limits)
            config.shouldCacheImagesInMemory = limits.maxAge == nil
            let cache = ImageCache(namespace: "conformance", diskCacheDirectory: directory, config: config,
                                   coders: makeTestCoders(), now: clock.function)
            return TwoTier(cache: cache, clock: clock)
        }
    }

    private static func config(_ limits: TierLimits) -> ImageCacheConfig {
        var config = ImageCacheConfig()
        config.maxMemoryCost = (limits.items ?? 0) * TestItem.standardCost
        config.maxMemoryCount = limits.count ?? 0
        config.maxDiskSize = (limits.items ?? 0) * TestItem.standardSize
        config.maxDiskAge = limits.maxAge ?? -1
        return config
    }
}

struct MemoryTier: TierUnderTest {
    let cache: MemoryCache

    func put(_ item: TestItem, forKey key: String) {
        let image = item.image
        cache.setObject(image, forKey: key, cost: image.cost)
    }
    func get(_ key: String) -> TestItem? { cache.object(forKey: key).map(TestItem.init(image:)) }
    func remove(_ key: String) { cache.removeObject(forKey: key) }
    func removeAll() { cache.removeAllObjects() }
    func enforceLimits() {}
    func advanceClock(by seconds: TimeInterval) {}
    func limitViolations() -> [String] { memoryViolations(cache) }
}

struct DiskTier: TierUnderTest {
    let cache: DiskCache
    let clock: TestClock

    func put(_ item: TestItem, forKey key: String) { cache.store(item.data, forKey: key) }
    func get(_ key: String) -> TestItem? { cache.data(forKey: key).map(TestItem.init(data:)) }
    func remove(_ key: String) { cache.removeData(forKey: key) }
    func removeAll() { cache.removeAll() }
    func enforceLimits() { cache.removeExpiredData() }
    func advanceClock(by seconds: TimeInterval) { clock.advance(by: seconds) }
    func limitViolations() -> [String] { diskViolations(cache) }
}

/// `ImageCache` through its `ImageCaching` API: stores wait for the I/O queue to drain, and
/// queries use `.queryDiskDataSync`, so that they answer before returning.
struct TwoTier: TierUnderTest {
    let cache: ImageCache
    let clock: TestClock

    func put(_ item: TestItem, forKey key: String) {
        cache.store(item.image, imageData: item.data, forKey: key, cacheType: .all, completion: nil)
        drain()
    }

    func get(_ key: String) -> TestItem? {
        var context = ImageContext()
        context.callbackQueue = .current
        let answer = Locked<TestItem??>(nil)
        cache.queryImage(forKey: key, options: [.queryDiskDataSync], context: context, cacheType: .all) { image, _, _ in
            answer.withLock { $0 = .some(image.map(TestItem.init(image:))) }
        }
        guard let answered = answer.withLock({ $0 }) else {
            Issue.record("a .queryDiskDataSync query did not answer before returning")
            return nil
        }
        return answered
    }

    func remove(_ key: String) {
        cache.removeImage(forKey: key, cacheType: .all, completion: nil)
        drain()
    }

    func removeAll() {
        cache.clear(cacheType: .all, completion: nil)
        drain()
    }

    func enforceLimits() {
        cache.deleteExpiredFiles(completion: nil)
        drain()
    }

    func advanceClock(by seconds: TimeInterval) { clock.advance(by: seconds) }

    func limitViolations() -> [String] { memoryViolations(cache.memoryCache) + diskViolations(cache.diskCache) }

    /// Waits until the work queued on the serial I/O queue so far is done.
    private func drain() { cache.diskCache.ioQueue.sync {} }
}

private func memoryViolations(_ cache: MemoryCache) -> [String] {
    var violations: [String] = []
    if cache.totalCostLimit > 0 && cache.totalCost > cache.totalCostLimit {
        violations.append("memory cost \(cache.totalCost) > \(cache.totalCostLimit)")
    }
    if cache.countLimit > 0 && cache.count > cache.countLimit {
        violations.append("memory count \(cache.count) > \(cache.countLimit)")
    }
    return violations
}

private func diskViolations(_ cache: DiskCache) -> [String] {
    let size = cache.totalSize()
    guard cache.config.maxDiskSize > 0, size > cache.config.maxDiskSize else { return [] }
    return ["disk size \(size) > \(cache.config.maxDiskSize)"]
}
