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

/// The disk tier only ever reads, stamps or counts regular files it created: symlinks,
/// folders and FIFOs put in place of an entry are misses, are removed without being followed,
/// and never stall the I/O queue.
@Suite("DiskCache trust", .offCooperativePool)
struct DiskCacheTrustTests {
    /// A file outside the cache folder, stamped long ago, with known bytes.
    private func outsideFile(_ fixture: DiskFixture, name: String = "secret") throws -> String {
        let path = fixture.root.url.appendingPathComponent(name).path
        try Data("not yours".utf8).write(to: URL(fileURLWithPath: path))
        DiskFixture.setModified(path, 1_000_000)
        return path
    }

    @Test("a symlink in place of an entry is a miss: never read, never stamped, removed")
    func symlinkIsNotFollowed() throws {
        let fixture = try DiskFixture()
        defer { fixture.root.remove() }
        let target = try outsideFile(fixture)
        #expect(symlink(target, fixture.path("k")) == 0)
        fixture.clock.advance(by: 3_600)
        #expect(fixture.cache.data(forKey: "k") == nil, "the target's bytes must not be served")
        #expect(DiskFixture.modified(target) == 1_000_000, "the access-date policy must not stamp the target")
        #expect(!DiskFixture.exists(fixture.path("k")), "the link is removed")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("not yours".utf8))

        #expect(symlink(target, fixture.path("k2")) == 0)
        #expect(!fixture.cache.containsData(forKey: "k2"))
        #expect(fixture.cache.extendedData(forKey: "k2") == nil)
        #expect(fixture.cache.totalSize() == 0 && fixture.cache.totalCount() == 0)
        #expect(fixture.cache.store(Data([7]), forKey: "k2"), "a store replaces the link, not the target")
        #expect(fixture.cache.data(forKey: "k2") == Data([7]))
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("not yours".utf8))
    }

    @Test("a symlinked extended-data file is not followed")
    func symlinkedExtendedData() throws {
        let fixture = try DiskFixture()
        defer { fixture.root.remove() }
        let target = try outsideFile(fixture)
        fixture.cache.store(Data([1]), forKey: "k")
        #expect(symlink(target, fixture.path("k") + DiskCache.extendedDataSuffix) == 0)
        #expect(fixture.cache.extendedData(forKey: "k") == nil)
        #expect(FileManager.default.fileExists(atPath: target))
    }

    @Test("a FIFO in place of an entry is a miss and does not block other stores")
    func fifoDoesNotBlock() throws {
        let fixture = try DiskFixture()
        defer { fixture.root.remove() }
        let fifo = fixture.path("fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        let read = DispatchSemaphore(value: 0)
        let stored = DispatchSemaphore(value: 0)
        let result = Locked<(data: Data??, seconds: Double?)>((nil, nil))
        // The read is queued first; the store of another key waits behind it on the serial queue.
        fixture.cache.ioQueue.async {
            let data = fixture.cache.data(forKey: "fifo")
            result.withLock { $0.data = .some(data) }
            read.signal()
        }
        let start = Date()
        DispatchQueue.global().async {
            fixture.cache.store(Data([1]), forKey: "other")
            result.withLock { $0.seconds = Date().timeIntervalSince(start) }
            stored.signal()
        }
        let finished = stored.wait(timeout: .now() + 10) == .success
        if !finished {
            // Unblock the reader stuck in open(2) so the process can go on, then fail.
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            _ = stored.wait(timeout: .now() + 30)
        }
        #expect(read.wait(timeout: .now() + 30) == .success)
        #expect(finished, "the store waited for the FIFO read for over 10 s")
        let outcome = result.withLock { $0 }
        print("DiskCache trust: a store behind a FIFO read waited \(outcome.seconds.map { String(format: "%.4f s", $0) } ?? "-")")
        #expect(outcome.data == .some(nil), "a FIFO is a miss")
        #expect(!DiskFixture.exists(fifo), "and is removed")
        #expect(fixture.cache.store(Data([2]), forKey: "fifo"))
        #expect(fixture.cache.data(forKey: "fifo") == Data([2]))
    }

    @Test("sizes, counts and sweeps never open or follow what is in the folder")
    func scansDoNotFollowOrBlock() throws {
        let fixture = try DiskFixture { $0.maxDiskAge = 60 }
        defer { fixture.root.remove() }
        let target = try outsideFile(fixture)
        fixture.cache.store(Data(count: 10), forKey: "real")
        #expect(mkfifo(fixture.path("fifo"), 0o644) == 0)
        #expect(symlink(target, fixture.path("link")) == 0)
        let folder = fixture.root.url.appendingPathComponent("outside-folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: folder.appendingPathComponent("keep"))
        #expect(symlink(folder.path, fixture.path("folder-link")) == 0)
        #expect(fixture.cache.totalSize() == 10 && fixture.cache.totalCount() == 1)
        fixture.clock.advance(by: 120)
        fixture.cache.removeExpiredData()
        for key in ["real", "fifo", "link", "folder-link"] {
            #expect(!DiskFixture.exists(fixture.path(key)), "\(key) is swept")
        }
        #expect(FileManager.default.fileExists(atPath: target))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("keep").path))
    }

    @Test("a folder in place of an entry is a miss and is removed without following links inside it")
    func folderIsRemoved() throws {
        let fixture = try DiskFixture()
        defer { fixture.root.remove() }
        let outside = fixture.root.url.appendingPathComponent("outside-folder")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let kept = outside.appendingPathComponent("keep")
        try Data("keep".utf8).write(to: kept)
        let squatter = URL(fileURLWithPath: fixture.path("k"))
        try FileManager.default.createDirectory(at: squatter.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try Data([1]).write(to: squatter.appendingPathComponent("a/b/file"))
        #expect(symlink(outside.path, squatter.appendingPathComponent("a/link").path) == 0)
        #expect(mkfifo(squatter.appendingPathComponent("fifo").path, 0o644) == 0)

        #expect(fixture.cache.data(forKey: "k") == nil)
        #expect(!DiskFixture.exists(fixture.path("k")), "the folder is removed")
        #expect(FileManager.default.fileExists(atPath: kept.path), "nothing behind a link inside it is touched")
        #expect(fixture.cache.store(Data([3]), forKey: "k"))
        #expect(fixture.cache.data(forKey: "k") == Data([3]))
    }

    @Test("a store replaces a folder in place of its entry")
    func storeOverFolder() throws {
        let fixture = try DiskFixture()
        defer { fixture.root.remove() }
        try FileManager.default.createDirectory(atPath: fixture.path("k") + "/inner", withIntermediateDirectories: true)
        #expect(fixture.cache.store(Data([4]), forKey: "k"), "before the fix the key was unstorable forever")
        #expect(fixture.cache.data(forKey: "k") == Data([4]))
        #expect(fixture.cache.totalCount() == 1)
    }
}
