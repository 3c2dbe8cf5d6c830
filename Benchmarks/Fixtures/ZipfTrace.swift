import Foundation

/// A Zipf(s) access trace over `keyCount` keys: key k (0-based) is drawn with probability
/// ∝ 1 / (k + 1)^s. Seeded, so every run replays the same trace.
enum ZipfTrace {
    static func make(keyCount: Int, length: Int, exponent: Double = 1.0, seed: UInt64 = 2024) -> [Int] {
        var cumulative = [Double](repeating: 0, count: keyCount)
        var total = 0.0
        for k in 0..<keyCount {
            total += 1 / pow(Double(k + 1), exponent)
            cumulative[k] = total
        }
        var rng = SplitMix64(seed: seed)
        var trace = [Int](repeating: 0, count: length)
        for i in 0..<length {
            let u = Double(rng.next() >> 11) / Double(1 << 53) * total
            // First index whose cumulative weight reaches u.
            var low = 0
            var high = keyCount - 1
            while low < high {
                let mid = (low + high) / 2
                if cumulative[mid] < u { low = mid + 1 } else { high = mid }
            }
            trace[i] = low
        }
        // Shuffle key identities so popularity does not follow insertion order.
        var identity = Array(0..<keyCount)
        identity.shuffle(using: &rng)
        return trace.map { identity[$0] }
    }
}

/// The reference for eviction quality: an exact LRU by cost (dictionary + doubly linked
/// list over arrays), evicting least recently used entries until the cost fits.
struct ExactLRU {
    private var slotOfKey: [Int: Int] = [:]
    private var keys: [Int] = []
    private var costs: [Int] = []
    private var previous: [Int] = []
    private var next: [Int] = []
    private var freeSlots: [Int] = []
    private var head = -1   // most recent
    private var tail = -1   // least recent
    private var totalCost = 0
    let costLimit: Int

    init(costLimit: Int) {
        self.costLimit = costLimit
    }

    /// A lookup that counts as a use.
    mutating func get(_ key: Int) -> Bool {
        guard let slot = slotOfKey[key] else { return false }
        unlink(slot)
        pushFront(slot)
        return true
    }

    mutating func set(_ key: Int, cost: Int) {
        if let slot = slotOfKey[key] {
            totalCost += cost - costs[slot]
            costs[slot] = cost
            unlink(slot)
            pushFront(slot)
        } else {
            guard cost <= costLimit else { return }
            let slot: Int
            if let free = freeSlots.popLast() {
                slot = free
                keys[slot] = key
                costs[slot] = cost
            } else {
                slot = keys.count
                keys.append(key)
                costs.append(cost)
                previous.append(-1)
                next.append(-1)
            }
            slotOfKey[key] = slot
            totalCost += cost
            pushFront(slot)
        }
        while totalCost > costLimit, tail >= 0 {
            let victim = tail
            unlink(victim)
            slotOfKey[keys[victim]] = nil
            totalCost -= costs[victim]
            freeSlots.append(victim)
        }
    }

    private mutating func unlink(_ slot: Int) {
        let p = previous[slot]
        let n = next[slot]
        if p >= 0 { next[p] = n } else { head = n }
        if n >= 0 { previous[n] = p } else { tail = p }
        previous[slot] = -1
        next[slot] = -1
    }

    private mutating func pushFront(_ slot: Int) {
        previous[slot] = -1
        next[slot] = head
        if head >= 0 { previous[head] = slot }
        head = slot
        if tail < 0 { tail = slot }
    }
}
