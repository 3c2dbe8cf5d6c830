import Foundation

/// Measuring and trimming the disk tier: totals, expiry by age, the size limit, and the
/// clean-up of files a killed writer left behind.
extension DiskCache {
    /// How old a temporary file must be before a sweep deletes it. Younger ones may belong to
    /// a writer in another process that is still at work. Its age is taken by the later of the
    /// system clock and the injected one: the kernel stamps a file being written with the
    /// system time, a finished write carries the injected time.
    public static let temporaryFileGracePeriod: TimeInterval = 60

    /// The bytes held: entries, their extended data and temporary files (logical sizes,
    /// `st_size`). Foreign files are not counted. Also corrects the running count the size
    /// limit is checked against.
    ///
    /// - Complexity: O(n) in the number of files (one `stat` each), in one go on the I/O queue.
    public func totalSize() -> Int {
        onIOQueue {
            let size = Inventory(CacheFiles.scan(directoryPath)).countedBytes
            usage.withLock { usage in
                if usage.job == nil {
                    usage.knownSize = size
                    usage.writtenSinceCount = 0
                }
            }
            return size
        }
    }

    /// The number of entries (temporary files, extended data and foreign files are not counted).
    ///
    /// - Complexity: O(n) in the number of files.
    public func totalCount() -> Int {
        onIOQueue { Inventory(CacheFiles.scan(directoryPath)).entries.count }
    }

    /// Deletes entries older than ``ImageCacheConfig/maxDiskAge`` (never, when negative), then,
    /// if more than ``ImageCacheConfig/maxDiskSize`` bytes remain (temporary files included),
    /// the least recently used until at most half of the limit remains. Also deletes stale
    /// temporary files, extended data whose entry is gone, and anything that is not a regular
    /// file under one of the cache's names (without following it). Foreign files are left
    /// alone. Synchronous: finishes any sweep under way, then sweeps the whole folder before
    /// returning, so it holds the I/O queue for the whole job.
    ///
    /// - Complexity: O(n log n) in the number of files.
    public func removeExpiredData() {
        onIOQueue {
            while let active = usage.withLock({ $0.job }) { runToEnd(active) }
            let job = beginSweep(expiringByAge: true, completions: [])
            runToEnd(job)
        }
    }

    /// Runs the sweep of ``removeExpiredData()`` in the background, in slices of the I/O
    /// queue, and then calls `completion` on the I/O queue.
    public func removeExpiredData(completion: (@Sendable () -> Void)?) {
        ioQueue.async {
            self.requestSweep(expiringByAge: true, completion: completion)
        }
    }

    /// Runs a sweep every ``ImageCacheConfig/effectiveSweepInterval`` seconds on the I/O
    /// queue, for as long as the cache lives: on Linux no app life-cycle event would trigger
    /// it. Each round holds the cache weakly, so the timer never keeps it alive; the first
    /// round after the cache is gone ends the chain. Called once, from `init`.
    func scheduleTimedSweep() {
        guard let interval = config.effectiveSweepInterval else { return }
        ioQueue.asyncAfter(deadline: .now() + interval) { [weak self] in
            guard let self else { return }
            self.requestSweep(expiringByAge: true, completion: nil)
            self.scheduleTimedSweep()
        }
    }

    /// After a store: starts an age sweep when none started for
    /// ``ImageCacheConfig/effectiveSweepInterval`` seconds (by the injected clock), so a busy
    /// cache expires entries even between timer rounds. On the I/O queue.
    func sweepIfDue(now current: Date, interval: TimeInterval?) {
        guard let interval else { return }
        let due = usage.withLock { usage in
            usage.lastSweep.map { current.timeIntervalSince($0) >= interval } ?? true
        }
        if due { requestSweep(expiringByAge: true, completion: nil) }
    }

    /// How many bytes this instance may write between two counts of the folder: a sixteenth
    /// of the size limit. Other processes sharing the folder write too, and only a count of
    /// what is on disk sees their files; so each instance recounts (in the background) after
    /// writing this much, and the folder overshoots the limit by at most about this much per
    /// writing process before some sweep trims it.
    var recountBudget: Int { Self.recountBudget(maxDiskSize: config.maxDiskSize) }

    /// ``recountBudget`` for a given size limit.
    static func recountBudget(maxDiskSize: Int) -> Int {
        maxDiskSize > 0 ? max(maxDiskSize / 16, 1) : .max
    }

    /// Records that a store or removal changed the bytes held by `delta`. Starts a background
    /// sweep (never runs one here) when the folder was never counted, when the count is over
    /// the size limit, or when this instance wrote ``recountBudget`` bytes since the last count.
    /// On the I/O queue.
    /// `maxDiskSize` is the caller's read of the setting, when it has one at hand; it is read
    /// before the usage lock is taken, so the two locks never nest.
    func noteSizeChange(by delta: Int, maxDiskSize: Int? = nil) {
        let maxDiskSize = maxDiskSize ?? config.maxDiskSize
        let budget = Self.recountBudget(maxDiskSize: maxDiskSize)
        let needsSweep: Bool = usage.withLock { usage in
            if let job = usage.job {
                job.deltaDuringJob += delta
                if delta > 0 { job.writtenDuringJob += delta }
            }
            if delta > 0 { usage.writtenSinceCount += delta }
            guard let size = usage.knownSize else { return usage.job == nil }
            usage.knownSize = max(0, size + delta)
            guard usage.job == nil, maxDiskSize > 0 else { return false }
            return size + delta > maxDiskSize || usage.writtenSinceCount >= budget
        }
        if needsSweep { requestSweep(expiringByAge: false, completion: nil) }
    }

    /// Starts a sliced sweep, or, when one is under way, makes sure one runs after it (an age
    /// sweep or a completion cannot join a sweep that has already planned its removals).
    /// On the I/O queue.
    func requestSweep(expiringByAge: Bool, completion: (@Sendable () -> Void)?) {
        let current = now()
        let start: Bool = usage.withLock { usage in
            if expiringByAge { usage.lastSweep = current }
            guard let job = usage.job else { return true }
            if job.isScanning {
                // Not planned yet: it can take the request as it is.
                job.expiringByAge = job.expiringByAge || expiringByAge
                if let completion { job.completions.append(completion) }
            } else if expiringByAge || completion != nil {
                var pending = usage.pending ?? PendingSweep()
                pending.expiringByAge = pending.expiringByAge || expiringByAge
                if let completion { pending.completions.append(completion) }
                usage.pending = pending
            }
            return false
        }
        guard start else { return }
        let job = beginSweep(expiringByAge: expiringByAge, completions: completion.map { [$0] } ?? [])
        scheduleSlice(of: job)
    }
}
