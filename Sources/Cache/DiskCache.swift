import Dispatch
import Foundation
import OspreyCore

/// The disk tier: one file per key under `<directory>/<namespace>/`, named by the hex SHA-256
/// of the key, so that no key (`/`, `..`, 10 kB of text) can ever name a path.
///
/// **The folder.** The cache writes a marker file (``markerFileName``) when it creates its
/// folder, and only ever deletes or counts files named as it names them (entries, their
/// extended data, its temporary files; see ``FileKind``). Anything else there is foreign:
/// left alone by ``removeAll()``, trims and sweeps, and reported by ``folderReport()``. A
/// folder found without the marker is adopted (marked) by the first sweep if it holds only
/// cache files; one that also holds foreign files stays unmarked.
///
/// **Threading.** All file I/O runs on ``ioQueue``, one serial queue of utility QoS. The
/// synchronous methods may be called from any thread: off the queue they run their I/O on it
/// with `sync`; on it they run directly. Do not call them from a queue the I/O queue waits on.
///
/// **Crash safety.** A write goes to a temporary file in the same folder, which is then
/// renamed over the entry (see ``store(_:forKey:)``). A process killed at any point leaves
/// the old entry or the new one, never a torn one; a temporary file it leaves behind is never
/// read, counts towards the size limit, and is deleted by the next sweep once it is older than
/// ``temporaryFileGracePeriod``. There is no fsync, so a power loss
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
/// ``ImageCacheConfig/effectiveSweepInterval`` on a timer, after a store when the last sweep
/// is that old, and on ``removeExpiredData()``.
///
/// **Sweeps.** Automatic sweeps run in the background in slices of the I/O queue (see
/// ``SweepJob``): a store queued behind one waits for one slice, never for the whole sweep.
///
/// **Trust.** Only regular files are entries. An entry is opened with `O_NOFOLLOW | O_NONBLOCK`
/// and checked with `fstat`; its timestamps are set through that descriptor. A symlink, folder,
/// FIFO, socket or device found in an entry's place is a miss and is removed without being
/// followed, so nothing outside the folder is ever read or touched and the key can be stored
/// again. Scans use `lstat` and never open a file, so a FIFO cannot stall them.
///
/// **Limits.** A sweep deletes entries older than ``ImageCacheConfig/maxDiskAge``, then, if
/// more than ``ImageCacheConfig/maxDiskSize`` bytes remain, the least recently used until at
/// most half of it remains. The cache keeps a running count of the bytes held: the first
/// store after opening starts a background sweep that measures the folder (opening never
/// scans), stores and removals adjust the count, and a store that takes it over the limit
/// starts a background trim. Since other processes sharing the folder write too, each
/// instance also recounts the folder in the background after writing a sixteenth of the limit
/// (``recountBudget``), so processes sharing a folder converge to the limit. Sizes are logical
/// bytes (`st_size`) of entries, their extended data and temporary files.
///
/// A missing, vanished or unreadable file is a miss, never an error.
public final class DiskCache: Sendable {
    /// The folder holding the entries: `<directory>/<namespace>/`.
    public let directoryURL: URL
    /// The limits and expiry policy in force: settable at any time, from any thread. A new
    /// value applies to every read, store and sweep that starts afterwards (an entry older
    /// than a shortened ``ImageCacheConfig/maxDiskAge`` is a miss from then on); a limit
    /// that shrinks is enforced at once by a sweep on the I/O queue. The owning
    /// ``ImageCache`` sets it when its own ``ImageCache/config`` changes.
    public var config: ImageCacheConfig {
        get { settings.withLock { $0 } }
        set {
            let old = settings.withLock { settings in
                defer { settings = newValue }
                return settings
            }
            if newValue.shrinksDisk(from: old) { removeExpiredData(completion: nil) }
        }
    }
    /// Invariant: the config in force; a leaf lock (nothing is called while it is held), so
    /// it may be read inside `usage.withLock`.
    private let settings: Locked<ImageCacheConfig>
    /// The serial queue (utility QoS) that runs every file operation.
    public let ioQueue: DispatchQueue

    /// The injected clock: what "now" is for recency and expiry.
    let now: @Sendable () -> Date
    let directoryPath: String
    /// What opening found: the folder made now, already there, or not makeable (and why).
    let folderCreation: CacheFiles.FolderCreation
    private let queueKey = DispatchSpecificKey<Bool>()
    /// Invariant: `knownSize` is nil until a sweep (or ``totalSize()``) counted the folder;
    /// afterwards it is that count adjusted by every store and removal of this instance since
    /// (an estimate: other processes' files show up at the next count). `job` is the sweep
    /// under way, `pending` one asked for meanwhile. Only touched inside `withLock`; changed
    /// only from `ioQueue` (tests read it from elsewhere).
    let usage = Locked(Usage())
    /// The read work done so far (see ``readCounts``); touched only on `ioQueue`, which orders
    /// every access, so counting costs no lock on the read path.
    let reads = IOQueueConfined(ReadCounts())

    struct Usage {
        var knownSize: Int?
        /// When (by the injected clock) the last age sweep started; nil before the first.
        var lastSweep: Date?
        /// Bytes this instance wrote since the folder was last counted.
        var writtenSinceCount = 0
        var job: SweepJob?
        var pending: PendingSweep?
        /// Sweep slices run and sweeps started since the cache opened (tests count them).
        var slicesRun = 0
        /// Of `slicesRun`, those run inside a caller's synchronous call rather than queued on
        /// their own (tests check that a store lists nothing itself).
        var inlineSlicesRun = 0
        var sweepsStarted = 0
    }

    /// A disk tier in `<directory>/<namespace>/` (created, with its marker file, if missing),
    /// with `config`'s disk limits and `now` as its clock (tests inject one; default: the
    /// system clock). Opening does not list the folder.
    ///
    /// A `/` in `namespace` is replaced by `_`, so the namespace is one folder. A namespace
    /// that cannot name a folder (over ``maximumFolderNameBytes`` bytes, or holding a NUL) is
    /// not refused here: it gets a shortened folder name, its first 64 characters and the
    /// SHA-256 of the whole, so stores still work. To be told instead, call
    /// ``validate(namespace:)`` first or use ``ImageCache/init(validatingNamespace:diskCacheDirectory:config:)``.
    public init(directory: URL, namespace: String, config: ImageCacheConfig = .init(),
                now: @escaping @Sendable () -> Date = { Date() }) {
        let folder = Self.folderName(forNamespace: namespace) ?? Self.shortenedFolderName(forNamespace: namespace)
        directoryURL = directory.appendingPathComponent(folder, isDirectory: true)
        directoryPath = directoryURL.path
        settings = Locked(config)
        self.now = now
        ioQueue = DispatchQueue(label: "dev.osprey.DiskCache.io", qos: .utility)
        ioQueue.setSpecific(key: queueKey, value: true)
        folderCreation = CacheFiles.makeDirectory(atPath: directoryPath)
        if folderCreation == .created { writeMarker() }
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
        let settings = config
        let touchAt: Date? = settings.diskCacheExpireType == .accessDate ? current : nil
        return onIOQueue {
            reads.value.lookups += 1
            var expired: CacheFiles.Info?
            let lookup = CacheFiles.read(atPath: path, touchAt: touchAt) { info in
                guard isExpired(info, now: current, maxAge: settings.maxDiskAge) else { return false }
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
    /// ``ImageCacheConfig/maxDiskSize``, or the last sweep is
    /// ``ImageCacheConfig/effectiveSweepInterval`` old, starts a background sweep; it never
    /// sweeps itself. Returns false when the file could
    /// not be written (the old entry, if any, is then untouched).
    @discardableResult
    public func store(_ data: Data, forKey key: String) -> Bool {
        let path = entryPath(forKey: key)
        let current = now()
        // One read of the settings for the whole store: each read takes the settings lock.
        let settings = config
        return onIOQueue {
            let previous = CacheFiles.info(atPath: path)
            var stamp = current
            if settings.diskCacheExpireType == .creationDate, let previous,
               !isExpired(previous, now: current, maxAge: settings.maxDiskAge) {
                stamp = Date(timeIntervalSince1970: previous.modified)
            }
            guard writeCreatingFolder(data, toPath: path, modified: stamp) else { return false }
            noteSizeChange(by: data.count - (previous?.size ?? 0), maxDiskSize: settings.maxDiskSize)
            sweepIfDue(now: current, interval: settings.effectiveSweepInterval)
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

    /// Deletes every entry with its extended data, temporary files older than
    /// ``temporaryFileGracePeriod`` (younger ones may be another process's write in progress),
    /// and anything that is not a regular file under one of the cache's names (without
    /// following it). Foreign files, the marker and the folder itself stay. Drops any sweep
    /// under way. Synchronous; returns what was removed.
    ///
    /// - Complexity: O(n) in the number of files, in one go on the I/O queue.
    @discardableResult
    public func removeAll() -> Removal {
        onIOQueue {
            abandonSweep()
            let inventory = Inventory(CacheFiles.scan(directoryPath))
            let temporaryClock = max(now(), Date()).timeIntervalSince1970
            var removal = Removal()
            for name in inventory.squatters { CacheFiles.removeTree(atPath: directoryPath + "/" + name) }
            for entry in inventory.entries where CacheFiles.remove(atPath: directoryPath + "/" + entry.name) {
                removal.entries += 1
                removal.bytes += entry.info.size
            }
            for (name, info) in inventory.extendedData
            where CacheFiles.remove(atPath: directoryPath + "/" + name + Self.extendedDataSuffix) {
                removal.bytes += info.size
            }
            var kept = 0
            for temporary in inventory.temporaries {
                if temporaryClock - temporary.info.modified > Self.temporaryFileGracePeriod,
                   CacheFiles.remove(atPath: directoryPath + "/" + temporary.name) {
                    removal.bytes += temporary.info.size
                } else {
                    kept += temporary.info.size
                }
            }
            usage.withLock { usage in
                usage.knownSize = kept
                usage.writtenSinceCount = 0
            }
            return removal
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
    /// `maxAge` is the caller's read of the setting, when it has one at hand.
    func isExpired(_ info: CacheFiles.Info, now: Date, maxAge: TimeInterval? = nil) -> Bool {
        let maxAge = maxAge ?? config.maxDiskAge
        return maxAge >= 0 && info.modified < now.timeIntervalSince1970 - maxAge
    }

    /// Writes atomically; when the folder was removed under us (by another process or a
    /// user), recreates it and tries once more. On the I/O queue.
    private func writeCreatingFolder(_ data: Data, toPath path: String, modified: Date) -> Bool {
        if CacheFiles.writeAtomically(data, toPath: path, directory: directoryPath, modified: modified) { return true }
        let creation = CacheFiles.makeDirectory(atPath: directoryPath)
        if creation == .created { writeMarker() }
        return creation.isThere
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
