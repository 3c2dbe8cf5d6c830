import Dispatch
import OspreyTestTraits
import Testing
@testable import OspreyCore
@testable import OspreyCodecs

@Suite("Locked", .offCooperativePool)
struct LockedTests {
    @Test("increments from many threads are never lost")
    func contention() {
        let counter = Locked(0)
        let iterations = 200_000
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<iterations / 8 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == iterations)
    }

    @Test("read-modify-write of a compound value stays consistent")
    func compound() {
        struct Pair { var a = 0; var b = 0 }
        let pair = Locked(Pair())
        let broken = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            for _ in 0..<20_000 {
                if i % 2 == 0 {
                    pair.withLock { $0.a += 1; $0.b -= 1 }
                } else if pair.withLock({ $0.a + $0.b }) != 0 {
                    broken.withLock { $0 += 1 }
                }
            }
        }
        #expect(broken.withLock { $0 } == 0)
        #expect(pair.withLock { $0.a } == 40_000)
    }

    @Test("withLock returns the body's value and rethrows its error")
    func returnsAndThrows() throws {
        struct Boom: Error {}
        let box = Locked([1, 2, 3])
        #expect(box.withLock { $0.reduce(0, +) } == 6)
        #expect(throws: Boom.self) { try box.withLock { _ in throw Boom() } }
        #expect(box.withLock { $0.count } == 3)
    }
}
