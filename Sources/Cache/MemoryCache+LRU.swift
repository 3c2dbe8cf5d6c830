import Foundation
import OspreyCore

/// The least-recently-used store behind ``MemoryCache`` on platforms without a usable
/// `NSCache`: a dictionary from key to slot plus a doubly linked recency list threaded through
/// the slots by index.
///
/// Slots live in one array and link to each other by index rather than by reference, so that
/// moving an entry to the front is a handful of integer stores with no retain/release traffic;
/// freed slots are reused through a free list. Not thread-safe by itself: ``MemoryCache`` keeps
/// it inside one `Locked`.
///
/// - Complexity: ``value(forKey:)``, ``insert(_:forKey:cost:)`` and ``removeValue(forKey:)``
///   are O(1) amortized (plus hashing the key); each eviction is O(1).
struct LRUStore<Value> {
    private struct Slot {
        var key: String
        var value: Value?
        var cost: Int
        var newer: Int
        var older: Int
    }

    private static var none: Int { -1 }

    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var index: [ExactKey: Int] = [:]
    /// Most recently used slot, or `none` when empty.
    private var newest = -1
    /// Least recently used slot (the next to be evicted), or `none` when empty.
    private var oldest = -1

    /// Sum of the costs of all entries.
    private(set) var totalCost = 0
    /// Cost limit; 0 = none.
    var totalCostLimit: Int
    /// Entry limit; 0 = none.
    var countLimit: Int

    init(totalCostLimit: Int, countLimit: Int) {
        self.totalCostLimit = max(0, totalCostLimit)
        self.countLimit = max(0, countLimit)
    }

    /// Number of entries.
    var count: Int { index.count }

    /// The value for `key`, which becomes the most recently used entry.
    mutating func value(forKey key: String) -> Value? {
        guard let slot = index[ExactKey(key)] else { return nil }
        moveToFront(slot)
        return slots[slot].value
    }

    /// The value for `key` without touching its recency.
    func peek(forKey key: String) -> Value? {
        index[ExactKey(key)].flatMap { slots[$0].value }
    }

    /// Stores `value` as the most recently used entry, then evicts least recently used entries
    /// until both limits hold. A value costlier than the whole cost limit is not kept (and the
    /// key's previous value is dropped with it). Returns what was displaced, so that the
    /// caller can release it outside its lock.
    mutating func insert(_ value: Value, forKey key: String, cost: Int) -> [Value] {
        let cost = max(0, cost)
        var displaced: [Value] = []
        if totalCostLimit > 0 && cost > totalCostLimit {
            if let old = removeValue(forKey: key) { displaced.append(old) }
            displaced.append(value)
            return displaced
        }
        if let slot = index[ExactKey(key)] {
            if let old = slots[slot].value { displaced.append(old) }
            totalCost += cost - slots[slot].cost
            slots[slot].value = value
            slots[slot].cost = cost
            moveToFront(slot)
        } else {
            let slot = allocate(Slot(key: key, value: value, cost: cost, newer: Self.none, older: Self.none))
            index[ExactKey(key)] = slot
            totalCost += cost
            linkAtFront(slot)
        }
        evictToLimits(into: &displaced)
        return displaced
    }

    /// Removes the entry for `key` and returns its value.
    @discardableResult
    mutating func removeValue(forKey key: String) -> Value? {
        guard let slot = index.removeValue(forKey: ExactKey(key)) else { return nil }
        return release(slot)
    }

    /// Removes every entry and returns the values, to be released outside the caller's lock.
    mutating func removeAll() -> [Value] {
        let values = slots.compactMap(\.value)
        self = LRUStore(totalCostLimit: totalCostLimit, countLimit: countLimit)
        return values
    }

    /// Evicts least recently used entries until the limits hold (after they were lowered).
    mutating func evictToLimits(into displaced: inout [Value]) {
        while oldest != Self.none && isOverLimit {
            let slot = oldest
            index.removeValue(forKey: ExactKey(slots[slot].key))
            if let value = release(slot) { displaced.append(value) }
        }
    }

    /// Keys from most to least recently used (for tests and debugging; O(n)).
    var keysByRecency: [String] {
        var keys: [String] = []
        var slot = newest
        while slot != Self.none {
            keys.append(slots[slot].key)
            slot = slots[slot].older
        }
        return keys
    }

    private var isOverLimit: Bool {
        (totalCostLimit > 0 && totalCost > totalCostLimit) || (countLimit > 0 && index.count > countLimit)
    }

    private mutating func allocate(_ slot: Slot) -> Int {
        if let reused = freeSlots.popLast() {
            slots[reused] = slot
            return reused
        }
        slots.append(slot)
        return slots.count - 1
    }

    /// Unlinks a slot already removed from `index`, frees it and returns its value.
    private mutating func release(_ slot: Int) -> Value? {
        unlink(slot)
        totalCost -= slots[slot].cost
        let value = slots[slot].value
        slots[slot].value = nil
        slots[slot].key = ""
        slots[slot].cost = 0
        freeSlots.append(slot)
        return value
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        linkAtFront(slot)
    }

    private mutating func linkAtFront(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = Self.none
        if newest != Self.none { slots[newest].newer = slot }
        newest = slot
        if oldest == Self.none { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let newer = slots[slot].newer
        let older = slots[slot].older
        if newer != Self.none { slots[newer].older = older } else { newest = older }
        if older != Self.none { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = Self.none
        slots[slot].older = Self.none
    }
}

/// A dictionary key that compares strings by their UTF-8 bytes.
///
/// Swift's `String` equality is canonical equivalence ("e\u{301}" == "\u{e9}"), but the disk
/// tier names files by the digest of the UTF-8 bytes and `NSCache` compares `NSString`s
/// literally; comparing bytes keeps the memory tier in step with both.
struct ExactKey: Hashable {
    let string: String

    init(_ string: String) { self.string = string }

    // Native strings expose their UTF-8 contiguously, so equality is one memcmp and hashing
    // reads the bytes in place; bridged or lazily-decoded strings take the slow paths.
    @inline(__always)
    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
        let left = lhs.string.utf8, right = rhs.string.utf8
        guard left.count == right.count else { return false }
        let fast = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes in
                leftBytes.isEmpty || memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, leftBytes.count) == 0
            }
        }
        return fast.flatMap { $0 } ?? left.elementsEqual(right)
    }

    /// One word for the hasher: the ``KeyDigest`` of the bytes, read in place from a native
    /// string, from a copy otherwise (so equal bytes always hash alike).
    @inline(__always)
    func hash(into hasher: inout Hasher) {
        let digest = string.utf8.withContiguousStorageIfAvailable(KeyDigest.digest)
            ?? Array(string.utf8).withUnsafeBufferPointer(KeyDigest.digest)
        hasher.combine(digest)
    }
}
