import Foundation

/// What a subscriber of a ``SharedTask`` hears: any number of progress events, then exactly
/// one completion.
package enum SharedTaskEvent<Value: Sendable, Progress: Sendable>: Sendable {
    case progress(Progress)
    case completed(Result<Value, ImageError>)
}

/// One unit of work shared by every caller that wants the same result: the pipeline's only
/// coalescing mechanism, after Nuke's `AsyncTask`. Each stage of a load (the bytes, the
/// decoded image, the transformed image) is one of these in a ``TaskPool`` keyed by what makes
/// its result differ.
///
/// - The work starts once (the pool calls the starter), however many subscribe.
/// - Progress is broadcast to every subscriber that listens for it; a progress marked `replay`
///   is also handed to a listener that joins later (a partial image may be the last before the
///   body stalls). A task nobody listens to takes no lock for a progress report.
/// - The result goes to every subscriber still there, and the task closes: nobody joins a task
///   whose result is on its way (a newcomer gets a fresh one).
/// - A subscriber that cancels gets `.cancelled` at once, on the cancelling thread; the others
///   are untouched. When the last one leaves, the task closes and its cancel handler runs (the
///   producer stops, and unsubscribes in turn from the stage it was fed by).
/// - Subscribers may ask for priorities; the producer hears the highest one still wanted.
///
/// Locking: the tasks of one pool share the pool's lock, which also guards the pool's table, so
/// joining a task, and closing one and taking it off the table, are one locked step each. A
/// task made outside a pool has a lock of its own. Handlers and subscriber closures are always
/// called with no lock held.
package final class SharedTask<Value: Sendable, Progress: Sendable>: @unchecked Sendable {
    // Safety: `state.pointee`, and `hasLeft` of this task's subscriptions, are read and written
    // only inside `lock.withLock`. `flags` is a copy of two of the state's facts, written only
    // there too. Everything else is immutable.
    package typealias Event = SharedTaskEvent<Value, Progress>
    package typealias Deliver = @Sendable (Event) -> Void

    fileprivate struct Subscriber {
        let id: Int
        let deliver: Deliver
        var priority: LoadPriority
        /// Whether it hears progress (a caller with a progress closure, a decode that passes
        /// progress on or reads the body as it arrives).
        var listens: Bool
    }

    fileprivate struct State {
        /// In the order they joined (ids increase): delivery order without sorting, and no
        /// hashing for the one or few subscribers a task has.
        var subscribers: [Subscriber] = []
        var nextID = 0
        /// Subscribers with `listens`.
        var listenerCount = 0
        /// The one listener's closure while `listenerCount` is 1, else nil: a progress report to
        /// a single listener (the common case) then builds no array, which in this generic class
        /// goes through the runtime (measured: ~5,000 instructions per report).
        var soleListener: Deliver?
        /// True once the result is on its way or every subscriber left: nobody may join.
        var isClosed = false
        /// True when the task closed because every subscriber left.
        var isCancelled = false
        /// The last progress sent with `replay`, handed to listeners that join later.
        var replayed: Progress?
        var onCancel: (@Sendable () -> Void)?
        var onPriority: (@Sendable (LoadPriority) -> Void)?
        /// Told once, when the first listener is there (a producer that subscribed upstream
        /// without listening starts listening then).
        var onListened: (@Sendable () -> Void)?
        /// The priority the producer was last told (it starts at the first subscriber's).
        var toldPriority: LoadPriority = .normal

        var wantedPriority: LoadPriority {
            guard var wanted = subscribers.first?.priority else { return .normal }
            for subscriber in subscribers.dropFirst() where subscriber.priority > wanted { wanted = subscriber.priority }
            return wanted
        }

        func index(of id: Int) -> Int? {
            subscribers.firstIndex { $0.id == id }
        }

        /// Sets ``soleListener`` after the listeners changed other than by one joining.
        mutating func findSoleListener() {
            soleListener = listenerCount == 1 ? subscribers.first { $0.listens }?.deliver : nil
        }

        /// What ``SharedTask/flags`` copies.
        var flags: Int {
            (listenerCount > 0 ? SharedTask.listenedFlag : 0) | (isCancelled ? SharedTask.cancelledFlag : 0)
        }
    }

    /// What joining a task leaves to do once no lock is held.
    fileprivate struct Joined {
        let id: Int
        let replay: Progress?
        let raise: (@Sendable (LoadPriority) -> Void, LoadPriority)?
        let listened: (@Sendable () -> Void)?
    }

    // Invariant: `subscribers` are the callers still waiting for the result; once `isClosed`
    // it is empty, the handlers are dropped, and the task's pool no longer lists it (it is
    // unlisted in the step that closes it). `listenerCount` counts the subscribers that listen.
    private let state: UnsafeMutablePointer<State>
    fileprivate let lock: Locked<Void>
    /// Bit `listenedFlag`: a subscriber listens; bit `cancelledFlag`: every subscriber left.
    private let flags = LockFreeMirror(0)
    fileprivate static var listenedFlag: Int { 1 }
    fileprivate static var cancelledFlag: Int { 2 }
    /// Takes the task off its pool's table; called under `lock` in the step that closes it.
    private let unlist: (@Sendable (SharedTask) -> Void)?

    /// A task of its own (no pool), with no subscriber yet.
    package convenience init() {
        self.init(lock: Locked(()), unlist: nil)
    }

    fileprivate init(lock: Locked<Void>, unlist: (@Sendable (SharedTask) -> Void)?) {
        self.lock = lock
        self.unlist = unlist
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    // MARK: Subscribers

    /// Adds a subscriber; nil when the task is closed (the caller then makes a new one).
    /// `listens`: whether it wants progress.
    package func subscribe(priority: LoadPriority = .normal, listens: Bool = true,
                           _ deliver: @escaping Deliver) -> TaskSubscription? {
        guard let joined = lock.withLock({ _ in attachLocked(priority: priority, listens: listens, deliver) }) else {
            return nil
        }
        let subscription = Subscription(task: self, id: joined.id)
        follow(joined, deliver)
        return subscription
    }

    /// Adds a subscriber (with the lock held); nil when the task is closed.
    fileprivate func attachLocked(priority: LoadPriority, listens: Bool, _ deliver: @escaping Deliver) -> Joined? {
        guard !state.pointee.isClosed else { return nil }
        let id = state.pointee.nextID
        state.pointee.nextID += 1
        if id == 0 { state.pointee.toldPriority = priority }
        state.pointee.subscribers.append(Subscriber(id: id, deliver: deliver, priority: priority, listens: listens))
        var raise: (@Sendable (LoadPriority) -> Void, LoadPriority)?
        // The first subscriber's priority is the one the producer starts at: nothing to raise,
        // and no walk over the subscribers (generic here, so not free) on every task's start.
        if id > 0 {
            let wanted = state.pointee.wantedPriority
            if wanted != state.pointee.toldPriority, let handler = state.pointee.onPriority {
                state.pointee.toldPriority = wanted
                raise = (handler, wanted)
            }
        }
        var listened: (@Sendable () -> Void)?
        if listens {
            state.pointee.listenerCount += 1
            if state.pointee.listenerCount == 1 { flags.store(state.pointee.flags) }
            state.pointee.soleListener = state.pointee.listenerCount == 1 ? deliver : nil
            listened = state.pointee.onListened
            state.pointee.onListened = nil
        }
        return Joined(id: id, replay: listens ? state.pointee.replayed : nil, raise: raise, listened: listened)
    }

    /// What must run once a subscriber joined and no lock is held: a priority change and the
    /// news of a first listener for the producer, the replayed progress for the newcomer.
    fileprivate func follow(_ joined: Joined, _ deliver: Deliver) {
        if let (handler, priority) = joined.raise { handler(priority) }
        joined.listened?()
        if let replay = joined.replay { deliver(.progress(replay)) }
    }

    /// The priority the first subscriber asked for (the producer starts at it).
    package var priority: LoadPriority { lock.withLock { _ in state.pointee.toldPriority } }

    fileprivate func leave(_ subscription: Subscription<Value, Progress>) {
        typealias Left = (subscriber: Subscriber, cancel: (@Sendable () -> Void)?,
                          lower: (@Sendable (LoadPriority) -> Void, LoadPriority)?)
        let left = lock.withLock { _ -> Left? in
            guard !subscription.hasLeft else { return nil }
            subscription.hasLeft = true
            // Not there: it was handed the result already.
            guard let index = state.pointee.index(of: subscription.id) else { return nil }
            let subscriber = state.pointee.subscribers.remove(at: index)
            if subscriber.listens {
                state.pointee.listenerCount -= 1
                if state.pointee.listenerCount == 0 { flags.store(state.pointee.flags) }
                state.pointee.findSoleListener()
            }
            guard state.pointee.subscribers.isEmpty, !state.pointee.isClosed else {
                // The one that wanted it soonest may have left.
                let wanted = state.pointee.wantedPriority
                guard !state.pointee.isClosed, wanted != state.pointee.toldPriority,
                      let handler = state.pointee.onPriority else {
                    return (subscriber, nil, nil)
                }
                state.pointee.toldPriority = wanted
                return (subscriber, nil, (handler, wanted))
            }
            // The last one left: the task closes and leaves its pool in this same step.
            let cancel = state.pointee.onCancel ?? {}
            close(cancelled: true)
            return (subscriber, cancel, nil)
        }
        guard let left else { return }
        if let (handler, priority) = left.lower { handler(priority) }
        // The producer stops (and the pool forgot the task) before the caller hears of it: a
        // caller told `.cancelled` may tear down what the producer runs on.
        left.cancel?()
        left.subscriber.deliver(.completed(.failure(ImageError(.cancelled))))
    }

    /// Closes the task (with the lock held): nobody joins or hears anything more, the handlers
    /// are dropped and the pool forgets it.
    private func close(cancelled: Bool) {
        state.pointee.isClosed = true
        state.pointee.isCancelled = cancelled
        state.pointee.subscribers.removeAll()
        state.pointee.listenerCount = 0
        state.pointee.soleListener = nil
        state.pointee.onCancel = nil
        state.pointee.onPriority = nil
        state.pointee.onListened = nil
        state.pointee.replayed = nil
        flags.store(state.pointee.flags)
        unlist?(self)
    }

    fileprivate func setPriority(_ priority: LoadPriority, of subscription: Subscription<Value, Progress>) {
        let tell = lock.withLock { _ -> (@Sendable (LoadPriority) -> Void, LoadPriority)? in
            guard !subscription.hasLeft, !state.pointee.isClosed,
                  let index = state.pointee.index(of: subscription.id) else { return nil }
            state.pointee.subscribers[index].priority = priority
            let wanted = state.pointee.wantedPriority
            guard wanted != state.pointee.toldPriority, let handler = state.pointee.onPriority else { return nil }
            state.pointee.toldPriority = wanted
            return (handler, wanted)
        }
        if let (handler, priority) = tell { handler(priority) }
    }

    /// A subscriber that joined without listening listens from now on (a decode that learnt
    /// that a caller of its own wants progress).
    fileprivate func listen(_ subscription: Subscription<Value, Progress>) {
        let listened = lock.withLock { _ -> (@Sendable () -> Void)?? in
            guard !subscription.hasLeft, !state.pointee.isClosed,
                  let index = state.pointee.index(of: subscription.id),
                  !state.pointee.subscribers[index].listens else { return nil }
            state.pointee.subscribers[index].listens = true
            state.pointee.listenerCount += 1
            if state.pointee.listenerCount == 1 { flags.store(state.pointee.flags) }
            state.pointee.findSoleListener()
            defer { state.pointee.onListened = nil }
            return .some(state.pointee.onListened)
        }
        if case .some(.some(let handler)) = listened { handler() }
    }

    fileprivate func hasLeft(_ subscription: Subscription<Value, Progress>) -> Bool {
        lock.withLock { _ in subscription.hasLeft }
    }

    // MARK: Producer

    /// Subscribers still waiting for the result.
    package var subscriberCount: Int { lock.withLock { _ in state.pointee.subscribers.count } }

    /// Whether every subscriber left (the producer may stop early).
    package var isCancelled: Bool {
        if let flags = flags.peek() { return flags & Self.cancelledFlag != 0 }
        return lock.withLock { _ in state.pointee.isCancelled }
    }

    /// Whether a subscriber listens for progress (a producer may skip preparing a report).
    package var isListened: Bool {
        if let flags = flags.peek() { return flags & Self.listenedFlag != 0 }
        return lock.withLock { _ in state.pointee.listenerCount > 0 }
    }

    /// Runs `handler` when the last subscriber leaves; at once if that already happened.
    package func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = lock.withLock { _ -> Bool in
            guard !state.pointee.isCancelled else { return true }
            if !state.pointee.isClosed { state.pointee.onCancel = handler }
            return false
        }
        if runNow { handler() }
    }

    /// ``onCancel(_:)`` and ``onPriorityChange(_:)`` in one locked step, for a producer that
    /// has both; with `onListened`, also told once when the task has a listener (at once if it
    /// has one now), for a producer that subscribed upstream without listening.
    package func onCancel(_ cancel: @escaping @Sendable () -> Void,
                          onPriorityChange priority: @escaping @Sendable (LoadPriority) -> Void,
                          onListened: (@Sendable () -> Void)? = nil) {
        let now = lock.withLock { _ -> WiredNow in
            guard !state.pointee.isCancelled else { return .cancel }
            guard !state.pointee.isClosed else { return .nothing }
            state.pointee.onCancel = cancel
            state.pointee.onPriority = priority
            guard onListened != nil else { return .nothing }
            if state.pointee.listenerCount > 0 { return .listened }
            state.pointee.onListened = onListened
            return .nothing
        }
        switch now {
        case .nothing: break
        case .cancel: cancel()
        case .listened: onListened?()
        }
    }

    /// Runs `handler` whenever the highest priority the subscribers want changes.
    package func onPriorityChange(_ handler: @escaping @Sendable (LoadPriority) -> Void) {
        lock.withLock { _ in
            if !state.pointee.isClosed { state.pointee.onPriority = handler }
        }
    }

    /// Hands `progress` to every listening subscriber; with `replay`, also to those that join
    /// later. Without a listener (and without `replay`) it takes no lock.
    package func send(_ progress: Progress, replay: Bool = false) {
        if !replay, let flags = flags.peek(), flags & Self.listenedFlag == 0 { return }
        var sole: Deliver?
        let delivers = lock.withLock { _ -> [Deliver]? in
            guard !state.pointee.isClosed else { return nil }
            if replay { state.pointee.replayed = progress }
            if let only = state.pointee.soleListener {
                sole = only
                return nil
            }
            guard state.pointee.listenerCount > 0 else { return nil }
            return state.pointee.subscribers.compactMap { $0.listens ? $0.deliver : nil }
        }
        if let sole { return sole(.progress(progress)) }
        guard let delivers else { return }
        for deliver in delivers { deliver(.progress(progress)) }
    }

    /// Hands the result to every subscriber still there and closes the task (the pool forgets
    /// it in the same step); later calls do nothing.
    package func finish(_ result: Result<Value, ImageError>) {
        let delivers = lock.withLock { _ -> [Deliver]? in
            guard !state.pointee.isClosed else { return nil }
            // A closure, not the key path `\.deliver`: in this generic class a key path is
            // instantiated by the runtime on every call (measured: ~21,000 instructions).
            let delivers = state.pointee.subscribers.map { $0.deliver }
            close(cancelled: false)
            return delivers
        }
        guard let delivers else { return }
        for deliver in delivers { deliver(.completed(result)) }
    }
}

/// What wiring a producer's handlers leaves to do at once.
private enum WiredNow { case nothing, cancel, listened }

/// One subscriber's handle on a ``SharedTask``: cancelling it gives that subscriber
/// `.cancelled` at once and leaves the others their task.
package class TaskSubscription: Cancellable, LoadPriorityAdjusting, @unchecked Sendable {
    // Safety: no stored state here; the one subclass keeps its own under its task's lock.
    fileprivate init() {}

    /// Leaves the task (idempotent).
    package func cancel() {}

    /// Whether ``cancel()`` was called.
    package var isCancelled: Bool { false }

    /// Asks for `priority`; the task's producer hears the highest priority still wanted.
    package func setPriority(_ priority: LoadPriority) {}

    /// Starts hearing progress, for a subscriber that joined without listening.
    package func listen() {}
}

/// A subscription to one ``SharedTask``.
private final class Subscription<Value: Sendable, Progress: Sendable>: TaskSubscription, @unchecked Sendable {
    // Safety: `hasLeft` is read and written only under `task.lock`; the rest is immutable.
    let task: SharedTask<Value, Progress>
    let id: Int
    /// Set by the first ``cancel()``.
    var hasLeft = false

    init(task: SharedTask<Value, Progress>, id: Int) {
        self.task = task
        self.id = id
    }

    override func cancel() { task.leave(self) }
    override var isCancelled: Bool { task.hasLeft(self) }
    override func setPriority(_ priority: LoadPriority) { task.setPriority(priority, of: self) }
    override func listen() { task.listen(self) }
}

/// The shared tasks of one stage, by key: a subscriber joins the open task under its key or
/// starts a new one. A task leaves the pool when it closes.
package final class TaskPool<Key: Hashable & Sendable, Value: Sendable, Progress: Sendable>: @unchecked Sendable {
    // Safety: `tasks.pointee` is read and written only inside `lock.withLock`.
    package typealias Task = SharedTask<Value, Progress>

    /// Shared with every task of the pool: the table and the tasks' states change together.
    private let lock = Locked(())
    // Invariant: every task listed is open (a task unlists itself in the step that closes it).
    private let tasks: UnsafeMutablePointer<[Key: Task]>

    package init() {
        tasks = .allocate(capacity: 1)
        tasks.initialize(to: [:])
    }

    deinit {
        tasks.deinitialize(count: 1)
        tasks.deallocate()
    }

    /// Subscribes `deliver` to the open task under `key`, or to a new one that `start` then
    /// runs (outside every lock). A nil key never shares. `listens`: whether the subscriber
    /// wants progress.
    @discardableResult
    package func subscribe(_ key: Key?, priority: LoadPriority = .normal, listens: Bool = true,
                           start: (Task) -> Void,
                           _ deliver: @escaping Task.Deliver) -> TaskSubscription {
        guard let key else {
            let task = Task()
            // A fresh task is open, so it always takes its first subscriber.
            let subscription = task.subscribe(priority: priority, listens: listens, deliver)!
            start(task)
            return subscription
        }
        let (task, joined, isNew) = lock.withLock { _ -> (Task, Task.Joined, Bool) in
            if let existing = tasks.pointee[key],
               let joined = existing.attachLocked(priority: priority, listens: listens, deliver) {
                return (existing, joined, false)
            }
            let created = Task(lock: lock) { [weak self] closed in self?.unlistLocked(closed, key: key) }
            tasks.pointee[key] = created
            // A fresh task is open, so it always takes its first subscriber.
            return (created, created.attachLocked(priority: priority, listens: listens, deliver)!, true)
        }
        let subscription = Subscription(task: task, id: joined.id)
        if isNew {
            start(task)
        } else {
            task.follow(joined, deliver)
        }
        return subscription
    }

    /// Called by a closing task, under the pool's lock.
    private func unlistLocked(_ task: Task, key: Key) {
        // One hash of the key, not two (a lookup, then a removal): the pool's types are generic
        // to its callers' modules, so each dictionary step goes through the runtime.
        guard let index = tasks.pointee.index(forKey: key), tasks.pointee.values[index] === task else { return }
        tasks.pointee.remove(at: index)
    }

    /// Open tasks (for tests and diagnostics).
    package var count: Int { lock.withLock { _ in tasks.pointee.count } }
}
