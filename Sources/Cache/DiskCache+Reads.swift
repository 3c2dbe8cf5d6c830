import Dispatch
import Foundation

/// Read visits: a query's file-system work is one job on the I/O queue, however many entries
/// it looks at, and the cache counts both (tests check that a load reads the disk once).
extension DiskCache {
    /// How much reading the I/O queue has done since the cache opened.
    package struct ReadCounts: Sendable, Equatable {
        /// Jobs a query ran on the I/O queue to read (one per query, whatever it looked at).
        package var visits = 0
        /// Entries looked up (``DiskCache/data(forKey:)``, hit or miss).
        package var lookups = 0

        /// Counts of these values.
        package init(visits: Int = 0, lookups: Int = 0) {
            self.visits = visits
            self.lookups = lookups
        }
    }

    /// The reads so far, read on the I/O queue (so every read queued before is counted).
    package var readCounts: ReadCounts {
        onIOQueue { reads.value }
    }

    /// Runs `work` later as one read visit of the I/O queue.
    func visit(_ work: @escaping @Sendable () -> Void) {
        ioQueue.async { [self] in
            reads.value.visits += 1
            work()
        }
    }

    /// Runs `work` now as one read visit of the I/O queue (through it with `sync` when called
    /// from elsewhere).
    func visitNow<Result>(_ work: () -> Result) -> Result {
        onIOQueue {
            reads.value.visits += 1
            return work()
        }
    }
}

/// A value confined to one serial queue: the owner touches it only from that queue.
final class IOQueueConfined<Value>: @unchecked Sendable {
    // Safety: every read and write happens on the owning DiskCache's serial I/O queue, which
    // orders them; no other thread ever touches `value`.
    var value: Value

    init(_ value: Value) { self.value = value }
}
