import Foundation
@testable import OspreyCache
import OspreyCore
import OspreyTestSupport
import OspreyTestTraits
import Testing

/// Expiry on Linux, where no app life-cycle event triggers a sweep: an expired entry is never
/// served, sweeps run on a timer and after stores, and the creation-date policy keeps the
/// first write's date.
@Suite("DiskCache expiry", .offCooperativePool)
struct DiskCacheExpiryTests {
    @Test("an entry past maxDiskAge is never served, even with no sweep")
    func expiredIsNotServed() throws {
        let fixture = try DiskFixture { $0.maxDiskAge = 1; $0.sweepInterval = 0 }
        defer { fixture.root.remove() }
        fixture.cache.store(Data([1]), forKey: "a")
        fixture.cache.setExtendedData(Data("etag".utf8), forKey: "a")
        fixture.clock.advance(by: 100)
        #expect(!fixture.cache.containsData(forKey: "a"))
        #expect(fixture.cache.data(forKey: "a") == nil)
        #expect(!DiskFixture.exists(fixture.path("a")), "deleted when found expired")
        #expect(fixture.cache.extendedData(forKey: "a") == nil, "with its extended data")
        #expect(fixture.cache.totalSize() == 0)
    }

    @Test("never-expiring caches (negative age) keep serving")
    func negativeAgeNeverExpires() throws {
        let fixture = try DiskFixture { $0.maxDiskAge = -1 }
        defer { fixture.root.remove() }
        fixture.cache.store(Data([1]), forKey: "a")
        fixture.clock.advance(by: 10 * 365 * 24 * 3600)
        #expect(fixture.cache.data(forKey: "a") == Data([1]))
    }

    @Test("the creation-date policy keeps the first write's date; the modification-date one does not")
    func creationDiffersFromModification() throws {
        for policy in [ImageCacheConfig.ExpireType.creationDate, .modificationDate] {
            let fixture = try DiskFixture { $0.maxDiskAge = 60; $0.diskCacheExpireType = policy }
            defer { fixture.root.remove() }
            fixture.cache.store(Data([1]), forKey: "a")
            let created = fixture.clock.now.timeIntervalSince1970
            fixture.clock.advance(by: 40)
            fixture.cache.store(Data([2]), forKey: "a")
            fixture.clock.advance(by: 30)   // 70 s after the creation, 30 s after the rewrite
            if policy == .creationDate {
                #expect(CacheFiles.info(atPath: fixture.path("a"))?.modified == created)
                #expect(fixture.cache.data(forKey: "a") == nil, "created 70 s ago: expired")
                // Once expired, a store starts a new life.
                fixture.cache.store(Data([3]), forKey: "a")
                fixture.clock.advance(by: 30)
                #expect(fixture.cache.data(forKey: "a") == Data([3]))
            } else {
                #expect(fixture.cache.data(forKey: "a") == Data([2]), "written 30 s ago: alive")
            }
        }
    }

    @Test("a store sweeps expired entries when the last sweep is sweepInterval old")
    func storeSweepsWhenDue() throws {
        let fixture = try DiskFixture { $0.maxDiskAge = 1; $0.sweepInterval = 10 }
        defer { fixture.root.remove() }
        fixture.cache.store(Data([1]), forKey: "old")
        fixture.cache.waitForSweeps()   // the first store's sweep, which finds nothing expired
        fixture.clock.advance(by: 5)
        fixture.cache.store(Data([2]), forKey: "young")
        fixture.cache.waitForSweeps()
        #expect(DiskFixture.exists(fixture.path("old")), "5 s after the last sweep: not due yet")
        fixture.clock.advance(by: 100)
        fixture.cache.store(Data([3]), forKey: "new")
        fixture.cache.waitForSweeps()   // started by the store, run in the background
        #expect(!DiskFixture.exists(fixture.path("old")) && !DiskFixture.exists(fixture.path("young")),
                "swept by the store, not by a read")
        #expect(fixture.cache.totalCount() == 1)
    }

    @Test("a timer sweeps expired entries of an idle cache")
    func timerSweeps() throws {
        let fixture = try DiskFixture { $0.maxDiskAge = 1; $0.sweepInterval = ImageCacheConfig.minimumSweepInterval }
        defer { fixture.root.remove() }
        fixture.cache.store(Data([1]), forKey: "old")
        fixture.cache.waitForSweeps()
        fixture.clock.advance(by: 100)
        #expect(DiskFixture.eventually(timeout: 60) { !DiskFixture.exists(fixture.path("old")) },
                "no sweep within 60 s although one is due every 10 s")
    }

    @Test("the timer does not keep a cache alive")
    func timerHoldsCacheWeakly() async throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        var config = ImageCacheConfig()
        config.sweepInterval = 0.01
        let probe = WeakProbe()
        do {
            let cache = DiskCache(directory: root.url, namespace: "weak", config: config)
            cache.store(Data([1]), forKey: "a")
            probe.watch(cache)
        }
        // A timer block running at this moment holds the cache until it returns; none may
        // keep it after that (a sweep every 10 ms would otherwise keep it for good).
        #expect(await waitForCondition(timeout: .seconds(60)) { probe.isGone })
    }
}

/// Watches one object without keeping it alive.
private final class WeakProbe: Sendable {
    private struct Reference { weak var object: AnyObject? }
    // Invariant: `object` is the watched object while something else keeps it alive.
    private let reference = Locked(Reference())

    func watch(_ object: AnyObject) { reference.withLock { $0.object = object } }
    var isGone: Bool { reference.withLock { $0.object == nil } }
}
