import Foundation
@testable import OspreyCache
import OspreyCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A disk tier in a fresh temporary folder with a hand-moved clock, for the disk-tier suites.
struct DiskFixture {
    let root: TemporaryDirectory
    let clock = TestClock()
    let cache: DiskCache

    init(configure: (inout ImageCacheConfig) -> Void = { _ in }) throws {
        root = try TemporaryDirectory()
        var config = ImageCacheConfig()
        configure(&config)
        cache = DiskCache(directory: root.url, namespace: "tests", config: config, now: clock.function)
    }

    /// The entry path of `key`.
    func path(_ key: String) -> String { cache.cachePath(forKey: key).path }

    /// Whether anything (even a dangling symlink) is at `path`, without following it.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// The modification time of `path` (following links), in seconds since 1970.
    static func modified(_ path: String) -> Double? {
        guard let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else {
            return nil
        }
        return date.timeIntervalSince1970
    }

    /// Sets the modification and access time of `path` to `seconds` since 1970.
    static func setModified(_ path: String, _ seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    /// Waits (polling, up to `timeout` seconds) until `condition` holds; false if it never did.
    static func eventually(timeout: TimeInterval = 30, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            usleep(10_000)
        }
        return true
    }
}
