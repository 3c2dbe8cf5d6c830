import Foundation
@testable import OspreyCache
import OspreyCore
import OspreyTestTraits
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The disk tier in folders it does not own alone: foreign files, unmarked folders, other
/// instances (standing in for other processes), killed writers' leftovers, big folders and
/// bad settings. Everything is counted (files, bytes, sweep slices), never timed.
@Suite("DiskCache folder safety", .offCooperativePool)
struct DiskCacheFolderSafetyTests {
    private static func names(in folder: URL) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    }

    /// Files and a subfolder that are not the cache's, in `folder`.
    private static func plantForeignFiles(in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes/todo.txt"))
        try Data(count: 5_000).write(to: folder.appendingPathComponent("README"))
        try Data(count: 3_000).write(to: folder.appendingPathComponent("holiday.jpg"))
    }

    @Test("foreign files survive clear, trim and sweeps and are reported; clear says what it removed")
    func foreignFilesSurvive() throws {
        let fixture = try DiskFixture { $0.maxDiskAge = 60; $0.maxDiskSize = 10_000 }
        defer { fixture.root.remove() }
        let cache = fixture.cache
        try Self.plantForeignFiles(in: cache.directoryURL)
        cache.store(Data(count: 1_000), forKey: "expiring")
        fixture.clock.advance(by: 120)
        cache.removeExpiredData()   // age sweep
        #expect(!cache.containsData(forKey: "expiring"))
        for index in 0..<15 { cache.store(Data(count: 1_000), forKey: "k\(index)") }   // size trims
        cache.waitForSweeps()
        #expect(cache.totalSize() <= 10_000)
        #expect(cache.totalSize() == cache.totalCount() * 1_000, "foreign bytes are not counted")
        let report = cache.folderReport()
        #expect(report.foreignCount == 3 && report.isMarked && report.entryCount == cache.totalCount())
        let entries = cache.totalCount()
        #expect(cache.removeAll() == DiskCache.Removal(entries: entries, bytes: entries * 1_000))
        #expect(Self.names(in: cache.directoryURL) == ["notes", "README", "holiday.jpg", DiskCache.markerFileName])
        #expect((try? Data(contentsOf: cache.directoryURL.appendingPathComponent("notes/todo.txt"))) == Data("mine".utf8))
        #expect(cache.folderReport().foreignCount == 3)
    }

    @Test("a folder without the marker is adopted when it holds only cache files, else left unclaimed")
    func markerAdoption() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        // A folder an older version wrote: entries only, no marker.
        let old = DiskCache(directory: root.url, namespace: "old")
        old.store(Data([1]), forKey: "a")
        // Its first store's background count may write the marker: let it finish first.
        old.waitForSweeps()
        let marker = old.directoryURL.appendingPathComponent(DiskCache.markerFileName)
        try FileManager.default.removeItem(at: marker)
        let reopened = DiskCache(directory: root.url, namespace: "old")
        #expect(!reopened.folderReport().isMarked)
        reopened.store(Data([2]), forKey: "b")
        reopened.waitForSweeps()
        #expect(reopened.folderReport().isMarked, "adopted by the first sweep")

        // A user's folder that happens to have the namespace's name.
        let users = root.url.appendingPathComponent("default")
        try FileManager.default.createDirectory(at: users, withIntermediateDirectories: true)
        try Self.plantForeignFiles(in: users)
        let cache = DiskCache(directory: root.url, namespace: "default")
        cache.store(Data([3]), forKey: "c")
        cache.waitForSweeps()
        #expect(cache.removeAll().entries == 1)
        let report = cache.folderReport()
        #expect(!report.isMarked && report.foreignCount == 3, "not claimed, and its files are reported")
        #expect(Self.names(in: users) == ["notes", "README", "holiday.jpg"])
    }

    @Test("a store while a 10,000-entry trim is pending waits for at most one slice")
    func storeDuringTrim() throws {
        let fixture = try DiskFixture { $0.maxDiskSize = 1_000_000; $0.sweepInterval = 0 }
        defer { fixture.root.remove() }
        let cache = fixture.cache
        let entry = Data(count: 100)
        for index in 0..<10_000 { cache.store(entry, forKey: "k\(index)") }   // exactly the limit
        cache.waitForSweeps()
        #expect(cache.totalCount() == 10_000)
        fixture.clock.advance(by: 10)   // the entries below are the most recent
        let before = cache.sweepState
        cache.store(Data(count: 200), forKey: "over")   // starts a trim of about 5,000 entries
        // A synchronous call queued now runs after at most the one slice already queued.
        #expect(cache.totalCount() > 9_000, "the store returned before the trim ran")
        #expect(cache.sweepState.active)
        #expect(cache.slicesAheadOfSynchronousCall() <= 1, "at most the one slice queued ahead")
        #expect(cache.store(entry, forKey: "during"))
        cache.waitForSweeps()
        let done = cache.sweepState
        #expect(done.slicesRun - before.slicesRun >= 10_000 / DiskCache.scanSliceNames + 5_000 / DiskCache.removalSliceFiles)
        #expect(cache.totalSize() <= 500_000 + 200)
        #expect(cache.containsData(forKey: "during") && cache.containsData(forKey: "over"))
    }

    @Test("opening a cache does not list its folder; the first store counts it in the background")
    func lazyFirstCount() throws {
        let fixture = try DiskFixture { $0.maxDiskSize = 100_000 }
        defer { fixture.root.remove() }
        for index in 0..<3_000 { fixture.cache.store(Data(count: 10), forKey: "k\(index)") }
        let reopened = DiskCache(directory: fixture.root.url, namespace: "tests", config: fixture.cache.config,
                                 now: fixture.clock.function)
        #expect(reopened.sweepState.slicesRun == 0)
        #expect(reopened.store(Data(count: 10), forKey: "new"))
        #expect(reopened.sweepState.inlineSlicesRun == 0, "the store itself lists nothing")
        #expect(reopened.sweepState.sweepsStarted >= 1, "the store started the count")
        reopened.waitForSweeps()
        #expect(reopened.usage.withLock { $0.knownSize } == 3_001 * 10)
    }

    @Test("two instances sharing a folder (like two processes) converge to the size limit")
    func sharedFolderConverges() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        var config = ImageCacheConfig()
        config.maxDiskSize = 100_000
        let first = DiskCache(directory: root.url, namespace: "shared", config: config)
        let second = DiskCache(directory: root.url, namespace: "shared", config: config)
        first.store(Data(count: 2_000), forKey: "a-start")
        second.store(Data(count: 2_000), forKey: "b-start")
        first.waitForSweeps()
        second.waitForSweeps()
        // Each writes 70 % of the limit: neither's own writes reach it, together 1.4 times.
        for index in 0..<35 { first.store(Data(count: 2_000), forKey: "a\(index)") }
        first.waitForSweeps()
        for index in 0..<35 { second.store(Data(count: 2_000), forKey: "b\(index)") }
        second.waitForSweeps()
        #expect(second.totalSize() <= config.maxDiskSize)
        for index in 35..<70 { first.store(Data(count: 2_000), forKey: "a\(index)") }
        first.waitForSweeps()
        #expect(first.totalSize() <= config.maxDiskSize)
        #expect(first.containsData(forKey: "a69"), "the most recent entries are kept")
    }

    @Test("a killed writer's temporary file counts towards the limit; the next sweep removes it once a minute old")
    func orphanedTemporaryFiles() throws {
        let fixture = try DiskFixture { $0.maxDiskSize = 10_000 }
        defer { fixture.root.remove() }
        let cache = fixture.cache
        cache.store(Data(count: 1_000), forKey: "a")
        cache.waitForSweeps()
        let old = cache.directoryURL.appendingPathComponent(".tmp-00000000000000aa")
        let fresh = cache.directoryURL.appendingPathComponent(".tmp-00000000000000bb")
        try Data(count: 8_000).write(to: old)
        try Data(count: 3_000).write(to: fresh)
        // Written by the system clock, like a dead writer's file: set back instead of waiting.
        DiskFixture.setModified(old.path, Int(Date().timeIntervalSince1970) - 120)
        #expect(cache.totalSize() == 12_000, "temporary files count")
        cache.store(Data(count: 1_000), forKey: "b")   // over the limit: starts a sweep
        cache.waitForSweeps()
        #expect(!DiskFixture.exists(old.path), "older than a minute: removed")
        #expect(DiskFixture.exists(fresh.path), "may be another process's write in progress")
        #expect(cache.containsData(forKey: "a") && cache.containsData(forKey: "b"),
                "with the leftover gone the folder is under the limit: no entry trimmed")
        #expect(cache.totalSize() == 5_000)
    }

    @Test("a tiny sweepInterval is raised to the documented minimum instead of sweeping without pause")
    func sweepIntervalClamped() throws {
        let fixture = try DiskFixture { $0.sweepInterval = 1e-9 }
        defer { fixture.root.remove() }
        #expect(fixture.cache.config.effectiveSweepInterval == ImageCacheConfig.minimumSweepInterval)
        var config = ImageCacheConfig()
        for off in [0, -1, .nan, .infinity] {
            config.sweepInterval = off
            #expect(config.effectiveSweepInterval == nil)
        }
        fixture.cache.store(Data([0]), forKey: "first")
        fixture.cache.waitForSweeps()
        let before = fixture.cache.sweepState.sweepsStarted
        for index in 0..<200 {
            fixture.clock.advance(by: 0.001)
            fixture.cache.store(Data([1]), forKey: "k\(index)")
        }
        fixture.cache.waitForSweeps()
        // 0.2 s of the injected clock: no store-started sweep is due; the timer (every 10 s of
        // real time) may have fired once or twice on a slow machine.
        #expect(fixture.cache.sweepState.sweepsStarted - before <= 2)
    }

    @Test("an over-long namespace is refused by the validating initializer and shortened by the others")
    func overLongNamespace() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let long = String(repeating: "n", count: 50_000)
        #expect(throws: CacheSetupError(.namespaceTooLong(bytes: 50_000, limit: 255))) {
            try ImageCache(validatingNamespace: long, diskCacheDirectory: root.url)
        }
        #expect(throws: CacheSetupError(.namespaceHasNUL)) { try DiskCache.validate(namespace: "a\u{0}b") }
        try DiskCache.validate(namespace: "images/v2")
        let cache = ImageCache(namespace: long, diskCacheDirectory: root.url)
        #expect(cache.storeImageDataToDisk(Data([1, 2]), forKey: "k"), "stores work")
        #expect(cache.diskImageData(forKey: "k") == Data([1, 2]))
        #expect(cache.diskCache.directoryURL.lastPathComponent.utf8.count <= DiskCache.maximumFolderNameBytes)
        let other = ImageCache(namespace: long + "x", diskCacheDirectory: root.url)
        #expect(other.diskCache.directoryURL != cache.diskCache.directoryURL, "distinct namespaces stay apart")
        // A folder that cannot be made is refused too.
        try Data([0]).write(to: root.url.appendingPathComponent("file"))
        #expect(throws: CacheSetupError.self) {
            try ImageCache(validatingNamespace: "ns", diskCacheDirectory: root.url.appendingPathComponent("file"))
        }
    }
}
