import Foundation
import OspreyCore
import Testing

/// The pipeline's one coalescing mechanism: a task starts once per key, broadcasts progress,
/// delivers one result to every subscriber, and stops when its last subscriber leaves; a
/// subscriber that cancels hears `.cancelled` at once.
@Suite("Shared tasks and their pool")
struct SharedTaskTests {
    typealias Pool = TaskPool<String, Int, Int>

    /// Records every event a subscriber heard.
    final class Listener: Sendable {
        let events = Locked<[SharedTaskEvent<Int, Int>]>([])
        var deliver: @Sendable (SharedTaskEvent<Int, Int>) -> Void { { [self] event in events.withLock { $0.append(event) } } }
        var progress: [Int] {
            events.withLock { $0.compactMap { if case .progress(let value) = $0 { value } else { nil } } }
        }
        var results: [Result<Int, ImageError>] {
            events.withLock { $0.compactMap { if case .completed(let result) = $0 { result } else { nil } } }
        }
    }

    /// Keeps the tasks a pool started, so the test plays the producer.
    final class Starts: Sendable {
        let tasks = Locked<[SharedTask<Int, Int>]>([])
        func start(_ task: SharedTask<Int, Int>) { tasks.withLock { $0.append(task) } }
        var count: Int { tasks.withLock { $0.count } }
        subscript(index: Int) -> SharedTask<Int, Int> { tasks.withLock { $0[index] } }
    }

    @Test("one start per key, progress and result to every subscriber, then the key is free again")
    func startsOnceAndBroadcasts() {
        let pool = Pool()
        let starts = Starts()
        let listeners = (0..<5).map { _ in Listener() }
        for listener in listeners { pool.subscribe("a", start: starts.start, listener.deliver) }
        #expect(starts.count == 1)
        #expect(pool.count == 1)
        starts[0].send(1)
        starts[0].send(2)
        starts[0].finish(.success(42))
        for listener in listeners {
            #expect(listener.progress == [1, 2])
            #expect(listener.results.count == 1)
            #expect((try? listener.results.first?.get()) == 42)
        }
        #expect(pool.count == 0)
        // A closed task takes nobody: the next subscriber starts a new one.
        pool.subscribe("a", start: starts.start, Listener().deliver)
        #expect(starts.count == 2)
    }

    @Test("different keys and nil keys never share")
    func keysSeparate() {
        let pool = Pool()
        let starts = Starts()
        pool.subscribe("a", start: starts.start, Listener().deliver)
        pool.subscribe("b", start: starts.start, Listener().deliver)
        pool.subscribe(nil, start: starts.start, Listener().deliver)
        pool.subscribe(nil, start: starts.start, Listener().deliver)
        #expect(starts.count == 4)
    }

    @Test("a subscriber that cancels hears .cancelled at once; the others keep the task")
    func cancelOne() {
        let pool = Pool()
        let starts = Starts()
        let (first, second) = (Listener(), Listener())
        let cancelled = Locked(0)
        let subscription = pool.subscribe("a", start: { task in
            starts.start(task)
            task.onCancel { cancelled.withLock { $0 += 1 } }
        }, first.deliver)
        pool.subscribe("a", start: starts.start, second.deliver)
        subscription.cancel()
        subscription.cancel()
        #expect(first.results.map { (try? $0.get()) == nil } == [true])
        if case .failure(let error)? = first.results.first { #expect(error.code == .cancelled) }
        #expect(cancelled.withLock { $0 } == 0)
        #expect(!starts[0].isCancelled)
        starts[0].send(7)
        starts[0].finish(.success(1))
        #expect(first.progress.isEmpty && first.results.count == 1)
        #expect(second.progress == [7] && second.results.count == 1)
    }

    @Test("the last subscriber leaving cancels the producer and frees the key")
    func cancelLast() {
        let pool = Pool()
        let starts = Starts()
        let cancelled = Locked(0)
        let subscriptions = (0..<3).map { _ in
            pool.subscribe("a", start: { task in
                starts.start(task)
                task.onCancel { cancelled.withLock { $0 += 1 } }
            }, Listener().deliver)
        }
        subscriptions.forEach { $0.cancel() }
        #expect(cancelled.withLock { $0 } == 1)
        #expect(starts[0].isCancelled)
        #expect(pool.count == 0)
        // A result that arrives after everyone left reaches nobody.
        starts[0].finish(.success(3))
        // A cancel handler registered late runs at once.
        starts[0].onCancel { cancelled.withLock { $0 += 1 } }
        #expect(cancelled.withLock { $0 } == 2)
    }

    @Test("a replayed progress reaches a subscriber that joins later")
    func replay() {
        let pool = Pool()
        let starts = Starts()
        pool.subscribe("a", start: starts.start, Listener().deliver)
        starts[0].send(5, replay: true)
        starts[0].send(6)
        let late = Listener()
        pool.subscribe("a", start: starts.start, late.deliver)
        #expect(late.progress == [5])
    }

    @Test("the producer hears the highest priority its subscribers still want")
    func priorities() {
        let pool = Pool()
        let starts = Starts()
        let told = Locked<[LoadPriority]>([])
        let low = pool.subscribe("a", priority: .low, start: { task in
            starts.start(task)
            task.onPriorityChange { priority in told.withLock { $0.append(priority) } }
        }, Listener().deliver)
        #expect(starts[0].priority == .low)
        let other = pool.subscribe("a", priority: .low, start: starts.start, Listener().deliver)
        #expect(told.withLock { $0 }.isEmpty)
        other.setPriority(.high)
        low.setPriority(.low)
        other.cancel()
        #expect(told.withLock { $0 } == [.high, .low])
    }

    @Test("every subscriber hears exactly one completion when cancels race the result")
    func racingCancels() {
        for _ in 0..<50 {
            let pool = Pool()
            let starts = Starts()
            let listeners = (0..<8).map { _ in Listener() }
            let subscriptions = listeners.map { pool.subscribe("a", start: starts.start, $0.deliver) }
            DispatchQueue.concurrentPerform(iterations: 9) { index in
                if index == 8 { starts[0].finish(.success(1)) } else { subscriptions[index].cancel() }
            }
            #expect(listeners.allSatisfy { $0.results.count == 1 })
        }
    }
}
