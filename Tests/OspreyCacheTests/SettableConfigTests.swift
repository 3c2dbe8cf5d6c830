import Foundation
import OspreyTestTraits
import Testing
import OspreyCache
import OspreyCore

/// `ImageCache.config` is settable in place: the one-line start-up settings of SDWebImage
/// compile, and new limits apply at once (memory now, disk by a sweep on the I/O queue).
@Suite("settable cache config", .offCooperativePool)
struct SettableConfigTests {
    private func makeCache(_ folder: TemporaryDirectory, clock: TestClock = TestClock()) -> ImageCache {
        ImageCache(namespace: "settable", diskCacheDirectory: folder.url, config: .init(),
                   coders: makeTestCoders(), now: clock.function)
    }

    @Test("the shared cache's one-line settings compile and read back")
    func sharedShapes() {
        let shared = ImageCache.shared
        let saved = shared.config
        defer { shared.config = saved }
        ImageCache.shared.config.maxDiskSize = 200 << 20
        ImageCache.shared.config.maxDiskAge = 3 * 24 * 3600
        ImageCache.shared.config.maxMemoryCost = 64 << 20
        #expect(shared.config.maxDiskSize == 200 << 20)
        #expect(shared.config.maxDiskAge == 3 * 24 * 3600)
        #expect(shared.config.maxMemoryCost == 64 << 20)
        #expect(shared.diskCache.config.maxDiskSize == 200 << 20)
        #expect(shared.memoryCache.totalCostLimit == 64 << 20)
    }

    @Test("a lower memory limit evicts before the setter returns")
    func memoryShrinks() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = makeCache(folder)
        for tag in 0..<10 {
            cache.store(TestItem(tag: tag).image, imageData: nil, forKey: "k\(tag)", cacheType: .memory, completion: nil)
        }
        #expect(cache.memoryCache.count == 10)
        cache.config.maxMemoryCost = 3 * TestItem.standardCost
        #expect(cache.memoryCache.count == 3)
        #expect(cache.memoryCache.totalCost <= 3 * TestItem.standardCost)
        // The newest stay (least recently used go first).
        #expect(cache.imageFromMemoryCache(forKey: "k9") != nil)
        cache.config.maxMemoryCount = 1
        #expect(cache.memoryCache.count == 1)
        cache.config.shouldCacheImagesInMemory = false
        #expect(cache.memoryCache.count == 0)
    }

    @Test("a lower disk size limit trims the folder at once, on the I/O queue")
    func diskSizeShrinks() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = makeCache(folder)
        for tag in 0..<20 {
            #expect(cache.storeImageDataToDisk(TestItem(tag: tag).data, forKey: "d\(tag)"))
        }
        #expect(cache.totalDiskCount() == 20)
        let limit = 8 * TestItem.standardSize
        cache.config.maxDiskSize = limit
        #expect(cache.diskCache.config.maxDiskSize == limit)
        // Trimmed to half the limit, with no further store or timer.
        #expect(DiskFixture.eventually { cache.totalDiskSize() <= limit / 2 })
        #expect(cache.totalDiskCount() > 0)
    }

    @Test("a shorter maximum age expires entries now: they miss at once and a sweep deletes them")
    func diskAgeShrinks() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let clock = TestClock()
        let cache = makeCache(folder, clock: clock)
        for tag in 0..<5 {
            #expect(cache.storeImageDataToDisk(TestItem(tag: tag).data, forKey: "a\(tag)"))
        }
        clock.advance(by: 3600)
        #expect(cache.diskImageDataExists(forKey: "a0"))
        cache.config.maxDiskAge = 60
        #expect(cache.diskImageData(forKey: "a1") == nil)
        #expect(DiskFixture.eventually { cache.totalDiskCount() == 0 })
    }

    @Test("purgeMemoryOnPressure empties the memory tier and keeps the disk tier")
    func purge() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = makeCache(folder)
        let item = TestItem(tag: 7)
        let stored = DispatchSemaphore(value: 0)
        cache.store(item.image, imageData: item.data, forKey: "p", cacheType: .all) { stored.signal() }
        stored.wait()
        #expect(cache.memoryCache.count == 1)
        cache.purgeMemoryOnPressure()
        #expect(cache.memoryCache.count == 0)
        #expect(cache.diskImageData(forKey: "p") == item.data)
    }
}
