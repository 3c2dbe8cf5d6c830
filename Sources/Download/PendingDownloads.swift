import Foundation

/// Downloads that wait for a free slot, kept by the downloader (not by the `OperationQueue`)
/// so that the order they start in is the downloader's decision.
///
/// Why not let the queue order them: LIFO used to be built by making the previously queued
/// operation depend on the new one. An operation the queue may already be starting must never
/// gain a dependency, and corelibs Foundation keeps an unretained back pointer from a
/// dependency to its dependent, which dangles once a cancelled dependent is released first
/// (a crash). Keeping the waiting list here means the queue only ever holds
/// operations that may start at once, without any dependency between them.
///
/// Order: the highest ``DownloaderOperation/queuePriority`` first; within one priority, the
/// oldest (``ExecutionOrder/fifo``) or the newest (``ExecutionOrder/lifo``) request, by when
/// it arrived, also after its priority changed.
/// Not thread-safe: lives inside the downloader's `Locked` state.
struct PendingDownloads {
    /// One bucket per priority (`Operation.QueuePriority.rawValue`), oldest first from
    /// `head`; entries before `head` were taken already.
    private struct Bucket {
        var operations: [DownloaderOperation] = []
        var head = 0

        var isEmpty: Bool { head == operations.count }

        mutating func popFirst() -> DownloaderOperation? {
            guard !isEmpty else { return nil }
            let operation = operations[head]
            head += 1
            // Compact now and then so the taken prefix does not grow without bound.
            if head > 64, head * 2 > operations.count {
                operations.removeFirst(head)
                head = 0
            }
            return operation
        }

        mutating func popLast() -> DownloaderOperation? {
            guard !isEmpty else { return nil }
            return operations.removeLast()
        }

        mutating func remove(_ operation: DownloaderOperation) -> Bool {
            guard let index = operations[head...].firstIndex(where: { $0 === operation }) else { return false }
            operations.remove(at: index)
            return true
        }
    }

    private let order: ExecutionOrder
    private var buckets: [Int: Bucket] = [:]
    /// Waiting operations by identity, with the priority bucket each sits in.
    private var priorities: [ObjectIdentifier: Int] = [:]
    /// When each waiting operation arrived (a counter): every bucket is kept in this order, so
    /// an operation moved to another priority and back keeps its place among the others.
    private var arrivals: [ObjectIdentifier: Int] = [:]
    private var nextArrival = 0

    init(order: ExecutionOrder) {
        self.order = order
    }

    /// Operations waiting.
    var count: Int { priorities.count }

    /// Whether `operation` is waiting (not yet handed to the queue).
    func contains(_ operation: DownloaderOperation) -> Bool {
        priorities[ObjectIdentifier(operation)] != nil
    }

    /// Adds a waiting operation with `priority`.
    mutating func append(_ operation: DownloaderOperation, priority: Operation.QueuePriority) {
        priorities[ObjectIdentifier(operation)] = priority.rawValue
        arrivals[ObjectIdentifier(operation)] = nextArrival
        nextArrival += 1
        buckets[priority.rawValue, default: Bucket()].operations.append(operation)
    }

    /// Moves a waiting operation to `priority`, keeping its age; false when it is not waiting.
    mutating func setPriority(_ priority: Operation.QueuePriority, of operation: DownloaderOperation) -> Bool {
        guard let current = priorities[ObjectIdentifier(operation)] else { return false }
        guard current != priority.rawValue else { return true }
        _ = buckets[current]?.remove(operation)
        priorities[ObjectIdentifier(operation)] = priority.rawValue
        // Placed by arrival among the new bucket's waiting entries, so FIFO and LIFO treat it
        // as the request it was, not as a new one.
        let arrival = arrivals[ObjectIdentifier(operation)] ?? .max
        var bucket = buckets[priority.rawValue, default: Bucket()]
        let later = bucket.operations[bucket.head...].firstIndex {
            (arrivals[ObjectIdentifier($0)] ?? .max) > arrival
        } ?? bucket.operations.count
        bucket.operations.insert(operation, at: later)
        buckets[priority.rawValue] = bucket
        return true
    }

    /// Forgets a waiting operation (its callers left); false when it was not waiting.
    @discardableResult
    mutating func remove(_ operation: DownloaderOperation) -> Bool {
        guard let current = priorities.removeValue(forKey: ObjectIdentifier(operation)) else { return false }
        arrivals[ObjectIdentifier(operation)] = nil
        _ = buckets[current]?.remove(operation)
        return true
    }

    /// Every `Operation.QueuePriority` raw value, highest first: the order buckets are asked
    /// in (no sorting of the bucket keys per pop).
    private static let highestFirst: [Int] = [Operation.QueuePriority.veryHigh, .high, .normal, .low, .veryLow]
        .map(\.rawValue)

    /// Takes the operation that should start next, or nil when none waits.
    mutating func popNext() -> DownloaderOperation? {
        for priority in Self.highestFirst where buckets[priority] != nil {
            let next = order == .lifo ? buckets[priority]?.popLast() : buckets[priority]?.popFirst()
            if let next {
                priorities[ObjectIdentifier(next)] = nil
                arrivals[ObjectIdentifier(next)] = nil
                return next
            }
        }
        return nil
    }

    /// Takes every waiting operation, in no particular order.
    mutating func removeAll() -> [DownloaderOperation] {
        let all = buckets.values.flatMap { $0.operations[$0.head...] }
        buckets.removeAll()
        priorities.removeAll()
        arrivals.removeAll()
        return all
    }
}
