import Foundation
import OspreyCore

/// One sweep of the namespace folder, cut into slices so that it never holds the I/O queue
/// for long: a store, read or removal queued behind it waits for at most one slice.
///
/// A sweep lists the folder (``DiskCache/scanSliceNames`` names per slice), plans its
/// removals from what it found (stale temporaries, expired entries, orphaned extended data,
/// then the least recently used while over the size limit), and carries them out
/// (``DiskCache/removalSliceFiles`` files per slice). Because stores keep running between
/// slices, each planned removal checks the file again first: an entry written or read since
/// the listing (its modification time moved) is kept.
final class SweepJob: @unchecked Sendable {
    // Safety: created, read and changed only on the owning DiskCache's serial I/O queue; other
    // threads only compare its identity (inside the cache's `usage` lock).

    /// Whether entries past ``ImageCacheConfig/maxDiskAge`` are removed (else only the size
    /// limit, temporaries and orphans are looked after). May be turned on until the plan is made.
    var expiringByAge: Bool
    /// Called on the I/O queue when the sweep is done.
    var completions: [@Sendable () -> Void]
    /// Bytes stores and removals of this instance changed while the sweep ran.
    var deltaDuringJob = 0
    /// Bytes this instance wrote while the sweep ran (the next recount budget starts there).
    var writtenDuringJob = 0

    fileprivate var reader: DirectoryReader?
    fileprivate var opened = false
    fileprivate var files: [CacheFiles.Entry] = []
    fileprivate var removals: [PlannedRemoval] = []
    fileprivate var nextRemoval = 0
    /// Bytes the sweep counts on disk: what the listing found, less what it removed.
    fileprivate var counted = 0

    /// Whether the folder is still being listed (so the plan can still take new requests).
    var isScanning: Bool { !planned }
    fileprivate var planned = false

    init(expiringByAge: Bool, completions: [@Sendable () -> Void]) {
        self.expiringByAge = expiringByAge
        self.completions = completions
    }
}

/// A sweep asked for while another one had already planned its removals.
struct PendingSweep {
    var expiringByAge = false
    var completions: [@Sendable () -> Void] = []
}

/// One file a sweep means to remove, with what it saw, to check again before removing.
private struct PlannedRemoval {
    enum Kind {
        /// An entry (and its extended data) by age or by size: kept if its time moved.
        case entry
        /// Extended data whose entry was missing: kept if the entry exists now.
        case orphan
        /// A stale temporary file: kept if its time moved.
        case temporary
        /// Something not a regular file under one of the cache's names: removed unseen.
        case squatter
    }

    var kind: Kind
    var name: String
    var size: Int
    var modified: Double
}

extension DiskCache {
    /// Names listed per slice of a sweep (one `lstat` each).
    static let scanSliceNames = 1_024
    /// Files removed per slice of a sweep (an `unlink` costs many `lstat`s).
    static let removalSliceFiles = 128

    /// Installs a new sweep as the one under way. On the I/O queue.
    func beginSweep(expiringByAge: Bool, completions: [@Sendable () -> Void]) -> SweepJob {
        let job = SweepJob(expiringByAge: expiringByAge, completions: completions)
        usage.withLock { usage in
            usage.job = job
            usage.sweepsStarted += 1
            if expiringByAge { usage.lastSweep = now() }
        }
        return job
    }

    /// Queues the next slice of `job` behind whatever is already on the I/O queue.
    func scheduleSlice(of job: SweepJob) {
        ioQueue.async { [weak self] in self?.runSlice(of: job) }
    }

    /// One slice; queues the next or finishes. A job that is no longer the one under way (a
    /// synchronous sweep ran it to the end, or `removeAll` dropped it) is left alone.
    private func runSlice(of job: SweepJob) {
        guard usage.withLock({ $0.job === job }) else { return }
        if advance(job, inline: false) {
            scheduleSlice(of: job)
        } else {
            finish(job)
        }
    }

    /// Runs `job`'s remaining slices at once. On the I/O queue.
    func runToEnd(_ job: SweepJob) {
        while advance(job, inline: true) {}
        finish(job)
    }

    /// Does one slice of work; false when nothing is left. `inline`: run inside a caller's
    /// synchronous call, not as a queued slice of its own.
    private func advance(_ job: SweepJob, inline: Bool) -> Bool {
        usage.withLock { usage in
            usage.slicesRun += 1
            if inline { usage.inlineSlicesRun += 1 }
        }
        if !job.planned {
            if !job.opened {
                job.opened = true
                job.reader = DirectoryReader(directoryPath)
            }
            if let reader = job.reader, reader.next(upTo: Self.scanSliceNames, into: &job.files) { return true }
            job.reader = nil
            plan(job)
            return !job.removals.isEmpty
        }
        let end = min(job.nextRemoval + Self.removalSliceFiles, job.removals.count)
        for index in job.nextRemoval..<end { carryOut(job.removals[index], in: job) }
        job.nextRemoval = end
        return end < job.removals.count
    }

    /// Decides what `job` removes, from its listing. Pure bookkeeping but for the marker
    /// file, which an unclaimed folder holding only cache files gets here.
    private func plan(_ job: SweepJob) {
        job.planned = true
        let inventory = Inventory(job.files)
        job.files = []
        adoptFolderIfUnclaimed(inventory)
        let clock = now().timeIntervalSince1970
        let temporaryClock = max(clock, Date().timeIntervalSince1970)
        var removals: [PlannedRemoval] = inventory.squatters.map {
            PlannedRemoval(kind: .squatter, name: $0, size: 0, modified: 0)
        }
        var counted = inventory.countedBytes
        for temporary in inventory.temporaries
        where temporaryClock - temporary.info.modified > Self.temporaryFileGracePeriod {
            removals.append(PlannedRemoval(kind: .temporary, name: temporary.name, size: temporary.info.size,
                                           modified: temporary.info.modified))
            counted -= temporary.info.size
        }
        var entries = inventory.entries
        if job.expiringByAge && config.maxDiskAge >= 0 {
            let cutoff = clock - config.maxDiskAge
            entries.removeAll { entry in
                guard entry.info.modified < cutoff else { return false }
                let size = entry.info.size + (inventory.extendedData[entry.name]?.size ?? 0)
                removals.append(PlannedRemoval(kind: .entry, name: entry.name, size: size, modified: entry.info.modified))
                counted -= size
                return true
            }
        }
        let live = Set(inventory.entries.map(\.name))
        // Extended data is written just before its entry (validators, then the bytes): one
        // that is young may be waiting for its entry, not orphaned. Like a temporary file, it
        // is an orphan only once the grace period has passed.
        for (name, info) in inventory.extendedData
        where !live.contains(name) && temporaryClock - info.modified > Self.temporaryFileGracePeriod {
            removals.append(PlannedRemoval(kind: .orphan, name: name, size: info.size, modified: info.modified))
        }
        if config.maxDiskSize > 0 && counted > config.maxDiskSize {
            let target = config.maxDiskSize / 2
            // Oldest first; the name breaks ties so that equal times trim in a stable order.
            entries.sort { ($0.info.modified, $0.name) < ($1.info.modified, $1.name) }
            var remaining = counted
            for entry in entries where remaining > target {
                let size = entry.info.size + (inventory.extendedData[entry.name]?.size ?? 0)
                removals.append(PlannedRemoval(kind: .entry, name: entry.name, size: size, modified: entry.info.modified))
                remaining -= size
            }
        }
        job.removals = removals
        // Removals of counted files are subtracted as they succeed.
        job.counted = counted + removals.reduce(0) { $1.kind == .entry ? $0 + $1.size : $0 }
    }

    /// Removes one planned file unless it changed since the listing.
    private func carryOut(_ removal: PlannedRemoval, in job: SweepJob) {
        let path = directoryPath + "/" + removal.name
        switch removal.kind {
        case .squatter:
            if CacheFiles.isForeign(atPath: path) { CacheFiles.removeTree(atPath: path) }
        case .temporary:
            if CacheFiles.info(atPath: path)?.modified == removal.modified { CacheFiles.remove(atPath: path) }
        case .orphan:
            if CacheFiles.info(atPath: path) == nil, CacheFiles.info(atPath: path + Self.extendedDataSuffix) != nil {
                CacheFiles.remove(atPath: path + Self.extendedDataSuffix)
            }
        case .entry:
            guard let info = CacheFiles.info(atPath: path) else {
                job.counted -= removal.size   // someone else removed it
                return
            }
            guard info.modified == removal.modified else { return }
            job.counted -= removeEntry(atPath: path, size: info.size)
        }
    }

    /// Publishes `job`'s count, calls its completions, and starts the sweep asked for in the
    /// meantime, or another one when this instance's writes during the sweep leave the
    /// count over the limit or the recount budget spent.
    private func finish(_ job: SweepJob) {
        let next: PendingSweep? = usage.withLock { usage in
            guard usage.job === job else { return nil }
            usage.job = nil
            usage.knownSize = max(0, job.counted + job.deltaDuringJob)
            usage.writtenSinceCount = job.writtenDuringJob
            if let pending = usage.pending {
                usage.pending = nil
                return pending
            }
            let over = config.maxDiskSize > 0 && job.writtenDuringJob > 0
                && (usage.knownSize ?? 0 > config.maxDiskSize || usage.writtenSinceCount >= recountBudget)
            return over ? PendingSweep() : nil
        }
        for completion in job.completions { completion() }
        if let next {
            let job = beginSweep(expiringByAge: next.expiringByAge, completions: next.completions)
            scheduleSlice(of: job)
        }
    }

    /// Drops the sweep under way (its completions are called) and starts any that was asked
    /// for meanwhile. For ``removeAll()``, after which the listing is meaningless. On the I/O queue.
    func abandonSweep() {
        let (dropped, next): (SweepJob?, PendingSweep?) = usage.withLock { usage in
            defer { usage.job = nil; usage.pending = nil }
            return (usage.job, usage.pending)
        }
        for completion in dropped?.completions ?? [] { completion() }
        if let next {
            let job = beginSweep(expiringByAge: next.expiringByAge, completions: next.completions)
            scheduleSlice(of: job)
        }
    }

    /// Writes the marker into a folder without one that holds nothing but the cache's own
    /// files (a folder an older version wrote); a folder with foreign files stays unclaimed.
    private func adoptFolderIfUnclaimed(_ inventory: Inventory) {
        guard !inventory.hasMarker, inventory.foreignCount == 0 else { return }
        writeMarker()
    }

    /// Whether a sweep is under way, how many slices and sweeps ran since the cache opened
    /// (for tests: they count work instead of timing it).
    var sweepState: (active: Bool, slicesRun: Int, inlineSlicesRun: Int, sweepsStarted: Int) {
        usage.withLock { ($0.job != nil, $0.slicesRun, $0.inlineSlicesRun, $0.sweepsStarted) }
    }

    /// How many sweep slices ran ahead of a synchronous call on the I/O queue (for tests: a
    /// call must wait for at most the one slice already queued). The count is read in the
    /// step that queues the probe, so slices that ran before the call was queued are not
    /// counted, however long the calling thread was descheduled. Not on the I/O queue.
    func slicesAheadOfSynchronousCall() -> Int {
        let done = DispatchSemaphore(value: 0)
        let ahead = Locked(0)
        // Queued inside the lock that every slice takes to count itself: no slice can start
        // between reading the count and queueing the probe.
        usage.withLock { usage in
            let before = usage.slicesRun
            ioQueue.async { [self] in
                let after = self.usage.withLock { $0.slicesRun }
                ahead.withLock { $0 = after - before }
                done.signal()
            }
        }
        done.wait()
        return ahead.withLock { $0 }
    }

    /// Waits until no sweep is under way or asked for, letting each slice run in turn (for
    /// tests and tools). Not on the I/O queue.
    func waitForSweeps() {
        while ioQueue.sync(execute: { usage.withLock { $0.job != nil || $0.pending != nil } }) {}
    }
}
