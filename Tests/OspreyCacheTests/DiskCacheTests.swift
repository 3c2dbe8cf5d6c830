import Foundation
@testable import OspreyCache
import OspreyCore
import OspreyTestTraits
import Testing

/// What is particular to the disk tier (the shared contract is in `CacheConformanceTests`).
@Suite("DiskCache", .offCooperativePool)
struct DiskCacheTests {
    /// Runs `body` with a disk tier in a fresh folder.
    private func withDiskCache(configure: (inout ImageCacheConfig) -> Void = { _ in },
                               _ body: (DiskCache, TestClock, URL) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var config = ImageCacheConfig()
        configure(&config)
        let clock = TestClock()
        try body(DiskCache(directory: directory.url, namespace: "tests", config: config, now: clock.function),
                 clock, directory.url)
    }

    /// The names in `folder` but the cache's marker file.
    private func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0 != DiskCache.markerFileName }.sorted()
    }

    @Test("files are named by the SHA-256 of the key and stay inside the namespace folder")
    func fileNames() throws {
        try withDiskCache { cache, _, root in
            #expect(cache.directoryURL == root.appendingPathComponent("tests", isDirectory: true))
            #expect(cache.cachePath(forKey: "abc").lastPathComponent
                    == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
            for key in ["../escape", "/etc/passwd", "a/b/c", String(repeating: "x/", count: 5_000)] {
                #expect(cache.store(Data(key.utf8.prefix(10)), forKey: key))
            }
            #expect(names(in: root) == ["tests"])
            #expect(FileManager.default.fileExists(atPath: cache.directoryURL.appendingPathComponent(DiskCache.markerFileName).path),
                    "a folder the cache creates carries its marker")
            let stored = names(in: cache.directoryURL)
            #expect(stored.count == 4)
            #expect(stored.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        }
    }

    @Test("a namespace with / is one folder")
    func namespaceIsOneFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = DiskCache(directory: directory.url, namespace: "../a/b")
        #expect(cache.directoryURL.deletingLastPathComponent().standardizedFileURL == directory.url.standardizedFileURL)
        #expect(cache.store(Data([1]), forKey: "k"))
    }

    @Test("sizes and counts are exact; foreign files are neither counted nor removed")
    func totals() throws {
        try withDiskCache { cache, _, _ in
            #expect(cache.totalSize() == 0 && cache.totalCount() == 0)
            cache.store(Data(count: 1_000), forKey: "a")
            cache.store(Data(count: 2_500), forKey: "b")
            cache.store(Data(count: 700), forKey: "a")
            cache.setExtendedData(Data(count: 30), forKey: "b")
            try Data(count: 5_000).write(to: cache.directoryURL.appendingPathComponent("README"))
            try Data(count: 5_000).write(to: cache.directoryURL.appendingPathComponent(".tmp-killed-writer"))
            #expect(cache.totalSize() == 700 + 2_500 + 30)
            #expect(cache.totalCount() == 2)
            #expect(cache.removeAll() == DiskCache.Removal(entries: 2, bytes: 700 + 2_500 + 30))
            #expect(cache.totalCount() == 0)
            #expect(names(in: cache.directoryURL) == [".tmp-killed-writer", "README"],
                    "removeAll deletes the cache's files only (that name is not one of its temporaries)")
        }
    }

    @Test("extended data lives beside its entry and goes with it")
    func extendedData() throws {
        try withDiskCache(configure: { $0.maxDiskAge = 60 }) { cache, clock, _ in
            cache.store(Data([1, 2, 3]), forKey: "a")
            #expect(cache.extendedData(forKey: "a") == nil)
            cache.setExtendedData(Data("etag-1".utf8), forKey: "a")
            cache.setExtendedData(Data("etag-2".utf8), forKey: "a")
            #expect(cache.extendedData(forKey: "a") == Data("etag-2".utf8))
            cache.store(Data([4]), forKey: "a")
            #expect(cache.extendedData(forKey: "a") == Data("etag-2".utf8), "a new store leaves it alone")
            cache.setExtendedData(nil, forKey: "a")
            #expect(cache.extendedData(forKey: "a") == nil)

            cache.setExtendedData(Data("v".utf8), forKey: "a")
            cache.removeData(forKey: "a")
            #expect(cache.extendedData(forKey: "a") == nil, "removed with the entry")

            cache.store(Data([5]), forKey: "old")
            cache.setExtendedData(Data("v".utf8), forKey: "old")
            cache.setExtendedData(Data("orphan".utf8), forKey: "never stored")
            clock.advance(by: 120)
            cache.removeExpiredData()
            #expect(cache.extendedData(forKey: "old") == nil, "expired with the entry")
            #expect(cache.extendedData(forKey: "never stored") == nil, "orphans are swept")
            #expect(names(in: cache.directoryURL) == [])
        }
    }

    @Test("with the modification-date policy reads do not keep an entry alive")
    func modificationDatePolicy() throws {
        try withDiskCache(configure: { $0.maxDiskAge = 60; $0.diskCacheExpireType = .modificationDate }) { cache, clock, _ in
            cache.store(Data([1]), forKey: "a")
            let written = try #require(CacheFiles.info(atPath: cache.cachePath(forKey: "a").path))
            #expect(written.modified == clock.now.timeIntervalSince1970, "stamped with the injected clock")
            clock.advance(by: 40)
            #expect(cache.data(forKey: "a") == Data([1]))
            #expect(CacheFiles.info(atPath: cache.cachePath(forKey: "a").path)?.modified == written.modified)
            clock.advance(by: 30)
            cache.removeExpiredData()
            #expect(cache.data(forKey: "a") == nil)
        }
    }

    @Test("with the access-date policy a read records the time, at most once a second")
    func accessDatePolicy() throws {
        try withDiskCache { cache, clock, _ in
            cache.store(Data([1]), forKey: "a")
            let path = cache.cachePath(forKey: "a").path
            let written = try #require(CacheFiles.info(atPath: path)).modified
            clock.advance(by: 0.5)
            _ = cache.data(forKey: "a")
            #expect(CacheFiles.info(atPath: path)?.modified == written)
            clock.advance(by: 10)
            _ = cache.data(forKey: "a")
            #expect(CacheFiles.info(atPath: path)?.modified == clock.now.timeIntervalSince1970)
            #expect(!cache.containsData(forKey: "b"))
            clock.advance(by: 10)
            #expect(cache.containsData(forKey: "a"))
            #expect(CacheFiles.info(atPath: path)?.modified != clock.now.timeIntervalSince1970,
                    "a check is not a use")
        }
    }

    @Test("the size limit trims least recently used entries to half, after the store that exceeds it")
    func sizeTrimToHalf() throws {
        try withDiskCache(configure: { $0.maxDiskSize = 10_000 }) { cache, clock, _ in
            for index in 0..<9 {
                clock.advance(by: 2)
                cache.store(Data(count: 1_000), forKey: "k\(index)")
            }
            clock.advance(by: 2)
            _ = cache.data(forKey: "k0")
            #expect(cache.totalCount() == 9)
            clock.advance(by: 2)
            cache.store(Data(count: 1_500), forKey: "big")   // 10,500 > 10,000
            cache.waitForSweeps()   // the trim runs in the background
            #expect(cache.totalSize() <= 5_000)
            let kept = (0..<9).filter { cache.containsData(forKey: "k\($0)") }
            #expect(kept == [0, 7, 8])
            #expect(cache.containsData(forKey: "big"))
        }
    }

    @Test("temporary files of a dead writer are swept after a grace period by the injected clock too")
    func staleTemporaryFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock(start: Date())
        let cache = DiskCache(directory: directory.url, namespace: "tests", now: clock.function)
        let stale = cache.directoryURL.appendingPathComponent(".tmp-0123456789abcdef")
        try Data(count: 10).write(to: stale)
        DiskFixture.setModified(stale.path, Int(clock.now.timeIntervalSince1970))
        cache.removeExpiredData()
        #expect(FileManager.default.fileExists(atPath: stale.path), "young: may belong to a live writer")
        clock.advance(by: DiskCache.temporaryFileGracePeriod + 1)
        cache.removeExpiredData()
        #expect(!FileManager.default.fileExists(atPath: stale.path))
    }

    @Test("missing, vanished and unreadable files are misses")
    func unreadableFilesAreMisses() throws {
        try withDiskCache { cache, _, _ in
            #expect(cache.data(forKey: "never") == nil)
            try FileManager.default.createDirectory(at: cache.cachePath(forKey: "dir"), withIntermediateDirectories: true)
            #expect(cache.data(forKey: "dir") == nil)
            #expect(!cache.containsData(forKey: "dir"))
            cache.store(Data([1]), forKey: "gone")
            try FileManager.default.removeItem(at: cache.cachePath(forKey: "gone"))
            #expect(cache.data(forKey: "gone") == nil)
            try FileManager.default.createSymbolicLink(at: cache.cachePath(forKey: "link"), withDestinationURL: URL(fileURLWithPath: "/etc/hostname"))
            #expect(cache.totalCount() == 0, "a symlink is not an entry")
            #expect(cache.store(Data([2]), forKey: "empty-after"))
            #expect(cache.store(Data(), forKey: "empty"))
            #expect(cache.data(forKey: "empty") == Data())
        }
    }

    @Test("a folder removed under the cache is recreated by the next store")
    func folderRecreated() throws {
        try withDiskCache { cache, _, _ in
            cache.store(Data([1]), forKey: "a")
            // The first store starts the size count in the background (it may write the
            // folder's marker): let it finish, or the removal races with it.
            cache.waitForSweeps()
            try FileManager.default.removeItem(at: cache.directoryURL)
            #expect(cache.data(forKey: "a") == nil)
            #expect(cache.totalCount() == 0)
            #expect(cache.store(Data([2]), forKey: "a"))
            #expect(cache.data(forKey: "a") == Data([2]))
        }
    }

    @Test("a store that cannot write returns false and changes nothing")
    func failedStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data([0]).write(to: directory.url.appendingPathComponent("blocked"))
        let cache = DiskCache(directory: directory.url, namespace: "blocked")
        #expect(!cache.store(Data([1]), forKey: "a"))
        #expect(cache.data(forKey: "a") == nil)
        #expect(cache.totalCount() == 0)
    }

    @Test("the synchronous API may be called from the I/O queue itself")
    func reentrantFromIOQueue() throws {
        try withDiskCache { cache, _, _ in
            let data = cache.ioQueue.sync { () -> Data? in
                cache.store(Data([7]), forKey: "a")
                return cache.data(forKey: "a")
            }
            #expect(data == Data([7]))
        }
    }
}
