import Foundation

/// Measuring and trimming the disk tier: totals, expiry by age, the size limit, and the
/// clean-up of files a killed writer left behind.
extension DiskCache {
    /// How old (by the injected clock) a temporary file must be before a sweep deletes it. Younger ones
    /// may belong to a writer in another process that is still at work; writers of this
    /// instance never overlap a sweep, since both run on the I/O queue.
    public static let temporaryFileGracePeriod: TimeInterval = 60

    /// The bytes held: entries plus their extended data (logical sizes, `st_size`).
    ///
    /// - Complexity: O(n) in the number of files (one `stat` each).
    public func totalSize() -> Int {
        onIOQueue {
            let size = classify(CacheFiles.scan(directoryPath)).size
            usage.withLock { $0.knownSize = size }
            return size
        }
    }

    /// The number of entries (temporary files and extended data are not counted).
    ///
    /// - Complexity: O(n) in the number of files.
    public func totalCount() -> Int {
        onIOQueue { classify(CacheFiles.scan(directoryPath)).entries.count }
    }

    /// Deletes entries older than ``ImageCacheConfig/maxDiskAge`` (never, when negative), then,
    /// if more than ``ImageCacheConfig/maxDiskSize`` bytes remain, the least recently used
    /// until at most half of the limit remains. Also deletes stale temporary files, extended
    /// data whose entry is gone, and anything that is not a regular file under one of the
    /// cache's names (without following it). Synchronous; runs on the I/O queue.
    ///
    /// - Complexity: O(n log n) in the number of files.
    public func removeExpiredData() {
        onIOQueue { sweep(expiringByAge: true) }
    }

    /// Runs ``removeExpiredData()`` on the I/O queue and then calls `completion` there.
    public func removeExpiredData(completion: (@Sendable () -> Void)?) {
        ioQueue.async {
            self.sweep(expiringByAge: true)
            completion?()
        }
    }

    /// Runs ``removeExpiredData()`` every ``ImageCacheConfig/sweepInterval`` seconds on the I/O
    /// queue, for as long as the cache lives: on Linux no app life-cycle event would trigger it.
    /// Each round holds the cache weakly, so the timer never keeps it alive; the first round
    /// after the cache is gone ends the chain. Called once, from `init`.
    func scheduleTimedSweep() {
        let interval = config.sweepInterval
        guard interval > 0, interval.isFinite else { return }
        ioQueue.asyncAfter(deadline: .now() + interval) { [weak self] in
            guard let self else { return }
            self.sweep(expiringByAge: true)
            self.scheduleTimedSweep()
        }
    }

    /// After a store: runs an age sweep when none ran for ``ImageCacheConfig/sweepInterval``
    /// seconds (by the injected clock), so a busy cache expires entries even between timer
    /// rounds, at the cost of at most one folder scan per interval. On the I/O queue.
    func sweepIfDue(now current: Date) {
        let interval = config.sweepInterval
        guard interval > 0 else { return }
        let due = usage.withLock { usage in
            usage.lastSweep.map { current.timeIntervalSince($0) >= interval } ?? true
        }
        if due { sweep(expiringByAge: true) }
    }

    /// Records that a store or removal changed the bytes held by `delta`, measuring the folder
    /// the first time, and trims at once when the size limit is exceeded. On the I/O queue.
    func noteSizeChange(by delta: Int) {
        let known: Int? = usage.withLock { usage in
            guard let size = usage.knownSize else { return nil }
            usage.knownSize = max(0, size + delta)
            return usage.knownSize
        }
        // The first measurement scans after the change, so it already includes `delta`.
        let size = known ?? totalSize()
        if config.maxDiskSize > 0 && size > config.maxDiskSize {
            sweep(expiringByAge: false)
        }
    }

    /// The files of the namespace folder, sorted into entries, extended data and temporaries.
    private struct Inventory {
        var entries: [CacheFiles.Entry] = []
        var extendedData: [String: CacheFiles.Info] = [:]   // by entry name
        var temporaries: [CacheFiles.Entry] = []
        /// Names of ours (entry, extended data or temporary) held by something that is not a
        /// regular file: removed by the sweep, never counted.
        var foreign: [String] = []
        /// Bytes of entries and of extended data whose entry exists.
        var size: Int {
            entries.reduce(0) { total, entry in
                total + entry.info.size + (extendedData[entry.name]?.size ?? 0)
            }
        }
    }

    private func classify(_ files: [CacheFiles.Entry]) -> Inventory {
        var inventory = Inventory()
        inventory.entries.reserveCapacity(files.count)
        let suffix = Self.extendedDataSuffix
        for file in files {
            let name = file.name
            if !file.isRegular {
                let ours = isEntryName(name.utf8) || name.hasPrefix(CacheFiles.temporaryPrefix)
                    || (name.hasSuffix(suffix) && isEntryName(name.utf8.dropLast(suffix.utf8.count)))
                if ours { inventory.foreign.append(name) }
            } else if isEntryName(name.utf8) {
                inventory.entries.append(file)
            } else if name.hasSuffix(suffix), isEntryName(name.utf8.dropLast(suffix.utf8.count)) {
                inventory.extendedData[String(name.dropLast(suffix.count))] = file.info
            } else if name.hasPrefix(CacheFiles.temporaryPrefix) {
                inventory.temporaries.append(file)
            }
            // Anything else is not ours: left alone and not counted.
        }
        return inventory
    }

    /// 64 lowercase hex digits.
    private func isEntryName<Name: Collection>(_ name: Name) -> Bool where Name.Element == UInt8 {
        name.count == 64 && name.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Age expiry (when asked), stale temporaries, orphaned extended data, then the size limit.
    /// On the I/O queue.
    private func sweep(expiringByAge: Bool) {
        var inventory = classify(CacheFiles.scan(directoryPath))
        let clock = now()
        let current = clock.timeIntervalSince1970
        if expiringByAge { usage.withLock { $0.lastSweep = clock } }
        for name in inventory.foreign {
            CacheFiles.removeTree(atPath: directoryPath + "/" + name)
        }
        for temporary in inventory.temporaries where current - temporary.info.modified > Self.temporaryFileGracePeriod {
            CacheFiles.remove(atPath: directoryPath + "/" + temporary.name)
        }
        if expiringByAge && config.maxDiskAge >= 0 {
            let cutoff = current - config.maxDiskAge
            inventory.entries.removeAll { entry in
                guard entry.info.modified < cutoff else { return false }
                _ = removeEntry(atPath: directoryPath + "/" + entry.name, size: entry.info.size)
                return true
            }
        }
        let live = Set(inventory.entries.map(\.name))
        for name in inventory.extendedData.keys where !live.contains(name) {
            CacheFiles.remove(atPath: directoryPath + "/" + name + Self.extendedDataSuffix)
            inventory.extendedData[name] = nil
        }
        var size = inventory.size
        if config.maxDiskSize > 0 && size > config.maxDiskSize {
            let target = config.maxDiskSize / 2
            // Oldest first; the name breaks ties so that equal times trim in a stable order.
            let byAge = inventory.entries.sorted {
                ($0.info.modified, $0.name) < ($1.info.modified, $1.name)
            }
            for entry in byAge where size > target {
                let extended = inventory.extendedData[entry.name]?.size ?? 0
                _ = removeEntry(atPath: directoryPath + "/" + entry.name, size: entry.info.size)
                size -= entry.info.size + extended
            }
        }
        usage.withLock { $0.knownSize = size }
    }
}
