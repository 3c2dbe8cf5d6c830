import Dispatch
import Foundation
import OspreyCore
import OspreyTestSupport
import OspreyTestTraits
import Testing

/// The cache contract, written once and run against the memory tier, the disk tier and the
/// two-tier `ImageCache` (see ``TierKind``).
@Suite("Cache conformance", .offCooperativePool)
struct CacheConformanceTests {
    /// Runs `check` on a fresh tier of `kind` in its own temporary folder.
    private func withTier(_ kind: TierKind, _ limits: TierLimits = TierLimits(),
                          _ check: (any TierUnderTest) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try check(kind.make(limits, in: directory.url))
    }

    @Test("store, query, overwrite, remove and clear", arguments: TierKind.allCases)
    func basics(kind: TierKind) throws {
        try withTier(kind) { tier in
            #expect(tier.get("missing") == nil)
            tier.put(TestItem(tag: 1), forKey: "a")
            tier.put(TestItem(tag: 2), forKey: "b")
            #expect(tier.get("a") == TestItem(tag: 1))
            #expect(tier.get("b") == TestItem(tag: 2))
            tier.put(TestItem(tag: 3, side: 5), forKey: "a")
            #expect(tier.get("a") == TestItem(tag: 3, side: 5))
            tier.remove("a")
            #expect(tier.get("a") == nil)
            #expect(tier.get("b") == TestItem(tag: 2))
            tier.remove("never stored")
            tier.put(TestItem(tag: 4), forKey: "c")
            tier.removeAll()
            #expect(tier.get("b") == nil)
            #expect(tier.get("c") == nil)
            tier.put(TestItem(tag: 5), forKey: "b")
            #expect(tier.get("b") == TestItem(tag: 5), "the tier works after being cleared")
        }
    }

    @Test("keys with /, .., unicode and 10 kB are distinct entries", arguments: TierKind.allCases)
    func awkwardKeys(kind: TierKind) throws {
        let keys = ["a/b", "a_b", "../../../etc/passwd", "..", ".", "", "/", "/absolute/path",
                    "ünïcødé 🦅 ключ 鳥", "e\u{301}", "\u{e9}", "nul\u{0}byte", "with space\nnewline",
                    String(repeating: "k", count: 10_240), String(repeating: "🦅/", count: 2_600)]
        try withTier(kind) { tier in
            for (tag, key) in keys.enumerated() { tier.put(TestItem(tag: tag), forKey: key) }
            for (tag, key) in keys.enumerated() {
                #expect(tier.get(key) == TestItem(tag: tag), "key #\(tag) (\(key.utf8.count) bytes)")
            }
            tier.remove("..")
            #expect(tier.get("..") == nil)
            #expect(tier.get(".") == TestItem(tag: 4))
        }
    }

    @Test("least recently used entries are evicted first", arguments: TierKind.allCases)
    func leastRecentlyUsedFirst(kind: TierKind) throws {
        try withTier(kind, TierLimits(items: 4)) { tier in
            for index in 0..<4 {
                tier.advanceClock(by: 2)
                tier.put(TestItem(tag: index), forKey: "k\(index)")
            }
            tier.advanceClock(by: 2)
            #expect(tier.get("k0") == TestItem(tag: 0))
            tier.advanceClock(by: 2)
            tier.put(TestItem(tag: 4), forKey: "k4")
            tier.enforceLimits()
            #expect(tier.limitViolations() == [])

            let byRecency = ["k1", "k2", "k3", "k0", "k4"]   // oldest use first
            let present = byRecency.map { tier.get($0) != nil }
            #expect(present.first == false, "the least recently used entry is gone")
            #expect(present.suffix(2) == [true, true], "the touched and the newest entries stay")
            let firstKept = present.firstIndex(of: true) ?? present.count
            #expect(present[firstKept...].allSatisfy { $0 }, "survivors are the most recently used: \(present)")
        }
    }

    @Test("limits hold after every insertion", arguments: TierKind.allCases)
    func limitsHoldAfterEveryInsertion(kind: TierKind) throws {
        var random = SeededGenerator(seed: 7)
        try withTier(kind, TierLimits(items: 5)) { tier in
            for step in 0..<40 {
                tier.advanceClock(by: 2)
                let key = "k\(random.next(below: 12))"
                tier.put(TestItem(tag: step), forKey: key)
                tier.enforceLimits()
                #expect(tier.limitViolations() == [], "after step \(step)")
                #expect(tier.get(key) == TestItem(tag: step), "the newest entry is kept")
                if random.next(below: 2) == 0 { _ = tier.get("k\(random.next(below: 12))") }
            }
        }
    }

    @Test("an entry larger than the whole limit is not kept", arguments: TierKind.allCases)
    func oversizedEntry(kind: TierKind) throws {
        try withTier(kind, TierLimits(items: 2)) { tier in
            tier.advanceClock(by: 2)
            tier.put(TestItem(tag: 1), forKey: "small")
            tier.advanceClock(by: 2)
            tier.put(TestItem(tag: 2, side: 16), forKey: "huge")
            tier.enforceLimits()
            #expect(tier.get("huge") == nil)
            #expect(tier.limitViolations() == [])
            tier.put(TestItem(tag: 3), forKey: "after")
            #expect(tier.get("after") == TestItem(tag: 3))
        }
    }

    @Test("the count limit holds, oldest first", arguments: TierKind.counting)
    func countLimit(kind: TierKind) throws {
        try withTier(kind, TierLimits(count: 3)) { tier in
            for index in 0..<5 { tier.put(TestItem(tag: index), forKey: "k\(index)") }
            #expect(tier.limitViolations() == [])
            #expect(tier.get("k0") == nil)
            #expect(tier.get("k1") == nil)
            #expect((2..<5).allSatisfy { tier.get("k\($0)") == TestItem(tag: $0) })
        }
    }

    @Test("entries expire by age unless they were used", arguments: TierKind.ageing)
    func ageExpiry(kind: TierKind) throws {
        try withTier(kind, TierLimits(maxAge: 60)) { tier in
            tier.put(TestItem(tag: 1), forKey: "stale")
            tier.put(TestItem(tag: 2), forKey: "used")
            tier.advanceClock(by: 40)
            #expect(tier.get("used") == TestItem(tag: 2))
            tier.advanceClock(by: 30)
            tier.put(TestItem(tag: 3), forKey: "fresh")
            tier.enforceLimits()
            #expect(tier.get("stale") == nil, "70 s old, limit 60 s")
            #expect(tier.get("used") == TestItem(tag: 2), "used 30 s ago")
            #expect(tier.get("fresh") == TestItem(tag: 3))
        }
    }

    @Test("concurrent readers and writers see whole entries of the right key", arguments: TierKind.allCases)
    func concurrentReadersAndWriters(kind: TierKind) throws {
        try withTier(kind, TierLimits(items: 16)) { tier in
            let failures = Locked<[String]>([])
            let hits = Locked(0)
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                var random = SeededGenerator(seed: UInt64(worker))
                for step in 0..<250 {
                    let key = random.next(below: 24)
                    if worker % 2 == 0 {
                        switch random.next(below: 50) {
                        case 0: tier.remove("k\(key)")
                        case 1 where worker == 0: tier.removeAll()
                        default: tier.put(TestItem(tag: key * 1_000_000 + worker * 1_000 + step), forKey: "k\(key)")
                        }
                    } else if let item = tier.get("k\(key)") {
                        hits.withLock { $0 += 1 }
                        if item.data.count != TestItem.standardSize || item.tag / 1_000_000 != key {
                            failures.withLock { $0.append("k\(key) gave \(item)") }
                        }
                    }
                }
            }
            #expect(failures.withLock { $0 } == [])
            #expect(hits.withLock { $0 } > 0, "readers saw entries")
            tier.enforceLimits()
            #expect(tier.limitViolations() == [])
        }
    }
}

