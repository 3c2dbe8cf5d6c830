import Foundation
import OspreyCore

/// The memory tier: decoded images by key, bounded by total cost (decoded bytes) and count,
/// with an `NSCache`-style API.
///
/// On Apple platforms it is built on `NSCache`, which also purges under memory pressure.
/// Elsewhere it is backed by Osprey's own least-recently-used store (a dictionary plus an
/// intrusive doubly linked recency list, one lock), because swift-corelibs-foundation's
/// `NSCache` cannot serve as an image cache: once full it evicts the *newest* entry, reads do
/// not count for recency, lookups cost about five times a locked dictionary, and it is not
/// `Sendable`. The Linux store keeps `NSCache`'s contract and makes it strict:
/// - reads and writes make an entry the most recently used; eviction takes the least
///   recently used first;
/// - ``totalCostLimit`` and ``countLimit`` hold after every insertion (0 = no limit);
/// - an entry whose cost alone exceeds ``totalCostLimit`` is not kept.
///
/// Thread-safe; every method may be called from any thread.
///
/// - Complexity: get, set and remove are O(1) (plus hashing the key).
public final class MemoryCache: Sendable {
    #if canImport(Darwin)
    private let storage: AppleStorage
    #else
    /// Invariant: the store alone holds the entries; touched only inside `withLock`. Values it
    /// displaces are returned and released after the lock is dropped, so freeing a large image
    /// never happens while other threads wait.
    private let storage: Locked<LRUStore<PlatformImage>>
    #endif

    /// A cache holding at most `totalCostLimit` bytes and `countLimit` entries (0 = no limit).
    public init(totalCostLimit: Int = 0, countLimit: Int = 0) {
        #if canImport(Darwin)
        storage = AppleStorage(totalCostLimit: totalCostLimit, countLimit: countLimit)
        #else
        storage = Locked(LRUStore(totalCostLimit: totalCostLimit, countLimit: countLimit))
        #endif
    }

    /// The image for `key`, or nil; a hit makes the entry the most recently used.
    public func object(forKey key: String) -> PlatformImage? {
        #if canImport(Darwin)
        storage.cache.object(forKey: key as NSString)
        #else
        storage.withLock { $0.value(forKey: key) }
        #endif
    }

    /// Stores `image` under `key` with `cost` bytes (see ``PlatformImageBridge/cost(of:)``),
    /// evicting least recently used entries as the limits require.
    public func setObject(_ image: PlatformImage, forKey key: String, cost: Int) {
        #if canImport(Darwin)
        storage.cache.setObject(image, forKey: key as NSString, cost: max(0, cost))
        #else
        let displaced = storage.withLock { $0.insert(image, forKey: key, cost: cost) }
        _ = displaced   // released here, outside the lock
        #endif
    }

    /// Stores `image` under `key` at its decoded size.
    public func setObject(_ image: PlatformImage, forKey key: String) {
        setObject(image, forKey: key, cost: PlatformImageBridge.cost(of: image))
    }

    /// Removes the entry for `key`, if any.
    public func removeObject(forKey key: String) {
        #if canImport(Darwin)
        storage.cache.removeObject(forKey: key as NSString)
        #else
        let removed = storage.withLock { $0.removeValue(forKey: key) }
        _ = removed
        #endif
    }

    /// Removes every entry.
    public func removeAllObjects() {
        #if canImport(Darwin)
        storage.cache.removeAllObjects()
        #else
        let removed = storage.withLock { $0.removeAll() }
        _ = removed
        #endif
    }

    /// The most bytes of decoded images kept; 0 = no limit. Lowering it evicts at once.
    public var totalCostLimit: Int {
        get {
            #if canImport(Darwin)
            storage.cache.totalCostLimit
            #else
            storage.withLock { $0.totalCostLimit }
            #endif
        }
        set {
            #if canImport(Darwin)
            storage.cache.totalCostLimit = max(0, newValue)
            #else
            changeLimits { $0.totalCostLimit = max(0, newValue) }
            #endif
        }
    }

    #if !canImport(Darwin)
    /// Applies a new limit and evicts down to it; the evicted images are released after the
    /// lock is dropped (their deinit may be expensive).
    private func changeLimits(_ change: (inout LRUStore<PlatformImage>) -> Void) {
        let displaced = storage.withLock { store -> [PlatformImage] in
            change(&store)
            var displaced: [PlatformImage] = []
            store.evictToLimits(into: &displaced)
            return displaced
        }
        _ = displaced
    }
    #endif

    /// The most entries kept; 0 = no limit. Lowering it evicts at once.
    public var countLimit: Int {
        get {
            #if canImport(Darwin)
            storage.cache.countLimit
            #else
            storage.withLock { $0.countLimit }
            #endif
        }
        set {
            #if canImport(Darwin)
            storage.cache.countLimit = max(0, newValue)
            #else
            changeLimits { $0.countLimit = max(0, newValue) }
            #endif
        }
    }

    #if !canImport(Darwin)
    /// The sum of the costs of the entries held (Linux store only; `NSCache` does not say).
    public var totalCost: Int { storage.withLock { $0.totalCost } }

    /// The number of entries held (Linux store only; `NSCache` does not say).
    public var count: Int { storage.withLock { $0.count } }

    /// Keys from most to least recently used, for tests (O(n)).
    package var keysByRecency: [String] { storage.withLock { $0.keysByRecency } }
    #endif
}

#if canImport(Darwin)
/// Holds the `NSCache`.
private final class AppleStorage: @unchecked Sendable {
    // Safety: `NSCache` is documented thread-safe on Apple platforms (its own internal lock
    // guards every method), and `cache` itself is never reassigned.
    let cache = NSCache<NSString, PlatformImage>()

    init(totalCostLimit: Int, countLimit: Int) {
        cache.totalCostLimit = max(0, totalCostLimit)
        cache.countLimit = max(0, countLimit)
    }
}
#endif
