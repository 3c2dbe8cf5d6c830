import Dispatch
import Foundation
import OspreyCore

/// The disk tier: one file per key under `<directory>/<namespace>/`, named by the hex SHA-256
/// of the key, so that no key (`/`, `..`, 10 kB of text) can ever name a path.
///
/// **Threading.** All file I/O runs on ``ioQueue``, one serial queue of utility QoS. The
/// synchronous methods may be called from any thread: off the queue they run their I/O on it
/// with `sync`; on it they run directly. Do not call them from a queue the I/O queue waits on.
///
/// **Crash safety.** A write goes to a temporary file in the same folder, which is then
/// renamed over the entry (see ``store(_:forKey:)``). A process killed at any point leaves
/// the old entry or the new one, never a torn one; a temporary file it leaves behind is never
/// read and is deleted by the next ``removeExpiredData()``. There is no fsync, so a power loss
/// or kernel crash may lose recent entries (or, depending on the filesystem, leave one empty).
///
/// **Recency.** The entry's modification time holds the date the policy ages by. For
/// ``ImageCacheConfig/ExpireType/accessDate`` (the default) a write, and a read (at most once
/// a second per entry), set it to the injected clock's now; for
/// ``ImageCacheConfig/ExpireType/modificationDate`` only a write does; for
/// ``ImageCacheConfig/ExpireType/creationDate`` the first write does, and a store replacing a
/// live entry stamps the new file with the old one's date. The creation date is kept this way
/// (not as a birth time) because Linux filesystems do not all report one (`statx` btime is
/// missing on tmpfs, NFS and older kernels) and a rename-replaced file is a new inode anyway;
/// extended attributes are not everywhere either. The price: a folder written under one policy
/// and read under another is aged by the dates the first one wrote. The access time
/// (`st_atime`) is not used: `relatime`/`noatime` mounts do not maintain it, and on Linux
/// setting a file's modification date moves its access time too.
///
/// **Expiry.** An entry past ``ImageCacheConfig/maxDiskAge`` is never served: reads check the
/// date and delete it. Sweeps also delete expired entries in bulk: every
/// ``ImageCacheConfig/sweepInterval`` on a timer, after a store when the last sweep is that old,
/// and on ``removeExpiredData()``.
///
/// **Trust.** Only regular files are entries. An entry is opened with `O_NOFOLLOW | O_NONBLOCK`
/// and checked with `fstat`; its timestamps are set through that descriptor. A symlink, folder,
/// FIFO, socket or device found in an entry's place is a miss and is removed without being
/// followed, so nothing outside the folder is ever read or touched and the key can be stored
/// again. Scans use `lstat` and never open a file, so a FIFO cannot stall them.
///
/// **Limits.** ``removeExpiredData()`` deletes entries older than
/// ``ImageCacheConfig/maxDiskAge``, then, if more than ``ImageCacheConfig/maxDiskSize``
/// bytes remain, the least recently used until at most half of it remains. A store that
/// takes the tier over the size limit runs that size trim at once, so the limit holds after
/// every store. Sizes are logical bytes (`st_size`) of entries and their extended data.
///
/// A missing, vanished or unreadable file is a miss, never an error.
public final class DiskCache: Sendable {
    /// The folder holding the entries: `<directory>/<namespace>/`.
    public let directoryURL: URL
    /// The limits and expiry policy in force.
    public let config: ImageCacheConfig
    /// The serial queue (utility QoS) that runs every file operation.
    public let ioQueue: DispatchQueue

    /// The injected clock: what "now" is for recency and expiry.
    let now: @Sendable () -> Date
    let directoryPath: String
    private let queueKey = DispatchSpecificKey<Bool>()
    /// Invariant: `knownSize` is nil until a scan measured the folder; afterwards it is the
    /// bytes of entries and extended data as this process last saw them (adjusted by every
    /// store and removal). Only touched inside `withLock`, and only from `ioQueue`.
    let usage = Locked(Usage())

    struct Usage {
        var knownSize: Int?
        /// When (by the injected clock) the last age sweep ran; nil before the first.
        var lastSweep: Date?
    }

    /// A disk tier in `<directory>/<namespace>/` (created if missing), with `config`'s disk
    /// limits and `now` as its clock (tests inject one; default: the system clock).
    /// A `/` in `namespace` is replaced by `_`, so the namespace is one folder.
    public init(directory: URL, namespace: String, config: ImageCacheConfig = .init(),
                now: @escaping @Sendable () -> Date = { Date() }) {
        var folder = namespace.replacingOccurrences(of: "/", with: "_")
        if folder.isEmpty || folder == "." || folder == ".." { folder = "_" + folder }
        directoryURL = directory.appendingPathComponent(folder, isDirectory: true)
        directoryPath = directoryURL.path
        self.config = config
        self.now = now
        ioQueue = DispatchQueue(label: "dev.osprey.DiskCache.io", qos: .utility)
        ioQueue.setSpecific(key: queueKey, value: true)
        CacheFiles.makeDirectory(atPath: directoryPath)
        scheduleTimedSweep()
    }

    /// The file name of `key`'s entry: 64 lowercase hex digits of its SHA-256.
    public static func fileName(forKey key: String) -> String {
        SHA256.hexDigest(Array(key.utf8))
    }

    /// Where the entry for `key` lives (whether or not it exists).
    public func cachePath(forKey key: String) -> URL {
        directoryURL.appendingPathComponent(Self.fileName(forKey: key), isDirectory: false)
    }

    /// The stored bytes for `key`, or nil on a miss. With the access-date policy, a hit counts
    /// as a use for recency.
    ///
    /// An entry older than ``ImageCacheConfig/maxDiskAge`` (by the policy's date and the
    /// injected clock) is a miss and is deleted, whether or not a sweep ran since it expired.
    /// Anything but a regular file in the entry's place (a symlink, folder, FIFO…) is a miss and
    /// is removed without being followed or opened for reading, so the key can be stored again.
    public func data(forKey key: String) -> Data? {
        let path = entryPath(forKey: key)
        let current = now()
        let touchAt: Date? = config.diskCacheExpireType == .accessDate ? current : nil
        return onIOQueue {
            var expired: CacheFiles.Info?
            let lookup = CacheFiles.read(atPath: path, touchAt: touchAt) { info in
                guard isExpired(info, now: current) else { return false }
                expired = info
                return true
            }
            switch lookup {
            case .hit(let data, _):
                return data
            case .foreign:
                CacheFiles.removeTree(atPath: path)
            case .miss:
                if let expired { noteSizeChange(by: -removeEntry(atPath: path, size: expired.size)) }
            }
            return nil
        }
    }

    /// Whether an entry for `key` exists and has not expired; does not count as a use.
    public func containsData(forKey key: String) -> Bool {
        let path = entryPath(forKey: key)
        let current = now()
        return onIOQueue {
            guard let info = CacheFiles.info(atPath: path) else { return false }
            return !isExpired(info, now: current)
        }
    }

    /// Writes `data` as the entry for `key`, atomically (temporary file + rename, no fsync),
    /// stamped with the injected clock's now as its recency — except under
    /// ``ImageCacheConfig/ExpireType/creationDate``, where replacing a live entry keeps the
    /// first write's date (see ``DiskCache``). Replaces a previous entry (or anything else in
    /// its place) but leaves its extended data as is. If the tier is now over
    /// ``ImageCacheConfig/maxDiskSize``, trims it before returning; if the last sweep is
    /// ``ImageCacheConfig/sweepInterval`` old, schedules one. Returns false when the file could
    /// not be written (the old entry, if any, is then untouched).
    @discardableResult
    public func store(_ data: Data, forKey key: String) -> Bool {
        let path = entryPath(forKey: key)
        let current = now()
        return onIOQueue {
            let previous = CacheFiles.info(atPath: path)
            var stamp = current
            if config.diskCacheExpireType == .creationDate, let previous, !isExpired(previous, now: current) {
                stamp = Date(timeIntervalSince1970: previous.modified)
            }
            guard writeCreatingFolder(data, toPath: path, modified: stamp) else { return false }
            noteSizeChange(by: data.count - (previous?.size ?? 0))
            sweepIfDue(now: current)
            return true
        }
    }

    /// Removes `key`'s entry and its extended data.
    public func removeData(forKey key: String) {
        let path = entryPath(forKey: key)
        onIOQueue {
            let removed = removeEntry(atPath: path, size: CacheFiles.info(atPath: path)?.size ?? 0)
            noteSizeChange(by: -removed)
        }
    }

    /// Stores small data beside `key`'s entry (e.g. HTTP validators), atomically, in a
    /// sibling file; nil removes it. It lives as long as the entry: removing or expiring the
    /// entry removes it too.
    public func setExtendedData(_ data: Data?, forKey key: String) {
        let path = extendedDataPath(forKey: key)
        let stamp = now()
        onIOQueue {
            let previous = CacheFiles.info(atPath: path)?.size ?? 0
            if let data {
                guard writeCreatingFolder(data, toPath: path, modified: stamp) else { return }
                noteSizeChange(by: data.count - previous)
            } else if CacheFiles.removeTree(atPath: path) && previous > 0 {
                noteSizeChange(by: -previous)
            }
        }
    }

    /// The data stored with ``setExtendedData(_:forKey:)``, or nil.
    public func extendedData(forKey key: String) -> Data? {
        let path = extendedDataPath(forKey: key)
        return onIOQueue {
            switch CacheFiles.read(atPath: path, touchAt: nil) {
            case .hit(let data, _): return data
            case .foreign: CacheFiles.removeTree(atPath: path); return nil
            case .miss: return nil
            }
        }
    }

    /// Deletes everything in the namespace folder (entries, extended data, temporary files and
    /// anything put there, without following links), leaving the folder itself.
    public func removeAll() {
        onIOQueue {
            for entry in CacheFiles.scan(directoryPath) {
                CacheFiles.removeTree(atPath: directoryPath + "/" + entry.name)
            }
            usage.withLock { $0.knownSize = 0 }
        }
    }

    // MARK: - Internals shared with the trim facet

    func entryPath(forKey key: String) -> String {
        directoryPath + "/" + Self.fileName(forKey: key)
    }

    func extendedDataPath(forKey key: String) -> String {
        entryPath(forKey: key) + Self.extendedDataSuffix
    }

    /// Extended data lives in `<entry name>` + this.
    static let extendedDataSuffix = ".ext"

    /// Whether an entry whose policy date is `info.modified` is past ``ImageCacheConfig/maxDiskAge`` at `now`.
    func isExpired(_ info: CacheFiles.Info, now: Date) -> Bool {
        config.maxDiskAge >= 0 && info.modified < now.timeIntervalSince1970 - config.maxDiskAge
    }

    /// Writes atomically; when the folder was removed under us (by another process or a
    /// user), recreates it and tries once more. On the I/O queue.
    private func writeCreatingFolder(_ data: Data, toPath path: String, modified: Date) -> Bool {
        if CacheFiles.writeAtomically(data, toPath: path, directory: directoryPath, modified: modified) { return true }
        return CacheFiles.makeDirectory(atPath: directoryPath)
            && CacheFiles.writeAtomically(data, toPath: path, directory: directoryPath, modified: modified)
    }

    /// Runs `work` on the I/O queue: directly when already there, else with `sync`.
    func onIOQueue<Result>(_ work: () -> Result) -> Result {
        if DispatchQueue.getSpecific(key: queueKey) == true { return work() }
        return ioQueue.sync(execute: work)
    }

    /// Removes the entry at `path` (of `size` bytes) and its extended data; returns the bytes
    /// freed. Must run on the I/O queue.
    func removeEntry(atPath path: String, size: Int) -> Int {
        var freed = CacheFiles.removeTree(atPath: path) ? size : 0
        let sidecar = path + Self.extendedDataSuffix
        if let info = CacheFiles.info(atPath: sidecar), CacheFiles.remove(atPath: sidecar) {
            freed += info.size
        }
        return freed
    }
}
