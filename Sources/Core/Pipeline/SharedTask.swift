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
/// - Progress is broadcast to every subscriber; a progress marked `replay` is also handed to a
///   subscriber that joins later (a partial image may be the last before the body stalls).
/// - The result goes to every subscriber still there, and the task closes: nobody joins a task
///   whose result is on its way (a newcomer gets a fresh one).
/// - A subscriber that cancels gets `.cancelled` at once, on the cancelling thread; the others
///   are untouched. When the last one leaves, the task closes and its cancel handler runs (the
///   producer stops, and unsubscribes in turn from the stage it was fed by).
/// - Subscribers may ask for priorities; the producer hears the highest one still wanted.
///
/// Lock order: a pool's lock, then a task's lock. Handlers and subscriber closures are always
/// called with no lock held.
package final class SharedTask<Value: Sendable, Progress: Sendable>: Sendable {
    package typealias Event = SharedTaskEvent<Value, Progress>
    package typealias Deliver = @Sendable (Event) -> Void

    private struct Subscriber {
        let id: Int
        let deliver: Deliver
        var priority: LoadPriority
    }

    private struct State {
        /// In the order they joined (ids increase): delivery order without sorting, and no
        /// hashing for the one or few subscribers a task has.
        var subscribers: [Subscriber] = []
        var nextID = 0
        /// True once the result is on its way or every subscriber left: nobody may join.
        var isClosed = false
        /// True when the task closed because every subscriber left.
        var isCancelled = false
        /// The last progress sent with `replay`, handed to subscribers that join later.
        var replayed: Progress?
        var onCancel: (@Sendable () -> Void)?
        var onPriority: (@Sendable (LoadPriority) -> Void)?
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
    }

    // Invariant: `subscribers` are the callers still waiting for the result; once `isClosed`
    // it only shrinks (to empty), `onCancel`/`onPriority` are dropped, and the task's pool no
    // longer lists it.
    private let state = Locked(State())
    /// Told once, when the task closes (result sent or abandoned), so the pool unlists it.
    private let onClose: (@Sendable (SharedTask) -> Void)?

    /// A task with no subscriber yet; `onClose` runs once when it closes.
    package init(onClose: (@Sendable (SharedTask) -> Void)? = nil) {
        self.onClose = onClose
    }

    // MARK: Subscribers

    /// Adds a subscriber; nil when the task is closed (the caller then makes a new one).
    package func subscribe(priority: LoadPriority = .normal, _ deliver: @escaping Deliver) -> TaskSubscription? {
        guard let (subscription, followUp) = attach(priority: priority, deliver) else { return nil }
        followUp()
        return subscription
    }

    /// Adds a subscriber and returns what must run once no lock is held (a priority change
    /// for the producer, the replayed progress for the newcomer).
    fileprivate func attach(priority: LoadPriority, _ deliver: @escaping Deliver)
        -> (TaskSubscription, followUp: @Sendable () -> Void)? {
        let joined: (id: Int, replay: Progress?, raise: (@Sendable (LoadPriority) -> Void, LoadPriority)?)?
        joined = state.withLock { state in
            guard !state.isClosed else { return nil }
            let id = state.nextID
            state.nextID += 1
            if id == 0 { state.toldPriority = priority }
            state.subscribers.append(Subscriber(id: id, deliver: deliver, priority: priority))
            var raise: (@Sendable (LoadPriority) -> Void, LoadPriority)?
            let wanted = state.wantedPriority
            if wanted != state.toldPriority, let handler = state.onPriority {
                state.toldPriority = wanted
                raise = (handler, wanted)
            }
            return (id, state.replayed, raise)
        }
        guard let joined else { return nil }
        let subscription = TaskSubscription(
            cancel: { [weak self] in self?.unsubscribe(joined.id) },
            setPriority: { [weak self] priority in self?.setPriority(priority, of: joined.id) })
        let (replay, raise) = (joined.replay, joined.raise)
        return (subscription, {
            if let (handler, priority) = raise { handler(priority) }
            if let replay { deliver(.progress(replay)) }
        })
    }

    /// The priority the first subscriber asked for (the producer starts at it).
    package var priority: LoadPriority { state.withLock { $0.toldPriority } }

    private func unsubscribe(_ id: Int) {
        typealias Left = (subscriber: Subscriber?, cancel: (@Sendable () -> Void)?,
                          lower: (@Sendable (LoadPriority) -> Void, LoadPriority)?)
        let (subscriber, cancel, lower) = state.withLock { state -> Left in
            guard let index = state.index(of: id) else { return (nil, nil, nil) }
            let subscriber = state.subscribers.remove(at: index)
            guard state.subscribers.isEmpty, !state.isClosed else {
                // The one that wanted it soonest may have left.
                let wanted = state.wantedPriority
                guard !state.isClosed, wanted != state.toldPriority, let handler = state.onPriority else {
                    return (subscriber, nil, nil)
                }
                state.toldPriority = wanted
                return (subscriber, nil, (handler, wanted))
            }
            state.isClosed = true
            state.isCancelled = true
            defer { state.onCancel = nil; state.onPriority = nil }
            return (subscriber, state.onCancel ?? {}, nil)
        }
        guard let subscriber else { return }
        if let (handler, priority) = lower { handler(priority) }
        // The producer stops (and the pool forgets the task) before the caller hears of it: a
        // caller told `.cancelled` may tear down what the producer runs on.
        if let cancel {
            onClose?(self)
            cancel()
        }
        subscriber.deliver(.completed(.failure(ImageError(.cancelled))))
    }

    private func setPriority(_ priority: LoadPriority, of id: Int) {
        let tell = state.withLock { state -> (@Sendable (LoadPriority) -> Void, LoadPriority)? in
            guard !state.isClosed, let index = state.index(of: id) else { return nil }
            state.subscribers[index].priority = priority
            let wanted = state.wantedPriority
            guard wanted != state.toldPriority, let handler = state.onPriority else { return nil }
            state.toldPriority = wanted
            return (handler, wanted)
        }
        if let (handler, priority) = tell { handler(priority) }
    }

    // MARK: Producer

    /// Subscribers still waiting for the result.
    package var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Whether every subscriber left (the producer may stop early).
    package var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Runs `handler` when the last subscriber leaves; at once if that already happened.
    package func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            guard !state.isCancelled else { return true }
            if !state.isClosed { state.onCancel = handler }
            return false
        }
        if runNow { handler() }
    }

    /// ``onCancel(_:)`` and ``onPriorityChange(_:)`` in one locked step, for a producer that
    /// has both.
    package func onCancel(_ cancel: @escaping @Sendable () -> Void,
                          onPriorityChange priority: @escaping @Sendable (LoadPriority) -> Void) {
        let runNow = state.withLock { state -> Bool in
            guard !state.isCancelled else { return true }
            if !state.isClosed {
                state.onCancel = cancel
                state.onPriority = priority
            }
            return false
        }
        if runNow { cancel() }
    }

    /// Runs `handler` whenever the highest priority the subscribers want changes.
    package func onPriorityChange(_ handler: @escaping @Sendable (LoadPriority) -> Void) {
        state.withLock { state in
            if !state.isClosed { state.onPriority = handler }
        }
    }

    /// Hands `progress` to every subscriber; with `replay`, also to those that join later.
    package func send(_ progress: Progress, replay: Bool = false) {
        let delivers = state.withLock { state -> [Deliver] in
            guard !state.isClosed else { return [] }
            if replay { state.replayed = progress }
            return state.subscribers.map(\.deliver)
        }
        for deliver in delivers { deliver(.progress(progress)) }
    }

    /// Hands the result to every subscriber still there and closes the task; later calls do
    /// nothing.
    package func finish(_ result: Result<Value, ImageError>) {
        let delivers = state.withLock { state -> [Deliver]? in
            guard !state.isClosed else { return nil }
            state.isClosed = true
            defer {
                state.subscribers.removeAll()
                state.onCancel = nil
                state.onPriority = nil
                state.replayed = nil
            }
            return state.subscribers.map(\.deliver)
        }
        guard let delivers else { return }
        onClose?(self)
        for deliver in delivers { deliver(.completed(result)) }
    }
}

/// One subscriber's handle on a ``SharedTask``: cancelling it gives that subscriber
/// `.cancelled` at once and leaves the others their task.
package final class TaskSubscription: Cancellable, LoadPriorityAdjusting {
    // Invariant: `cancelAction` is non-nil until the first `cancel()` takes it.
    private let cancelAction: Locked<(@Sendable () -> Void)?>
    private let priorityAction: @Sendable (LoadPriority) -> Void

    init(cancel: @escaping @Sendable () -> Void, setPriority: @escaping @Sendable (LoadPriority) -> Void) {
        cancelAction = Locked(cancel)
        priorityAction = setPriority
    }

    /// Leaves the task (idempotent).
    package func cancel() {
        let action = cancelAction.withLock { action in defer { action = nil }; return action }
        action?()
    }

    /// Whether ``cancel()`` was called.
    package var isCancelled: Bool { cancelAction.withLock { $0 == nil } }

    /// Asks for `priority`; the task's producer hears the highest priority still wanted.
    package func setPriority(_ priority: LoadPriority) {
        if !isCancelled { priorityAction(priority) }
    }
}

/// The shared tasks of one stage, by key: a subscriber joins the open task under its key or
/// starts a new one. A task leaves the pool when it closes.
package final class TaskPool<Key: Hashable & Sendable, Value: Sendable, Progress: Sendable>: Sendable {
    package typealias Task = SharedTask<Value, Progress>

    // Invariant: every task listed is open (it unlists itself, under this lock, when it closes).
    private let tasks = Locked<[Key: Task]>([:])

    package init() {}

    /// Subscribes `deliver` to the open task under `key`, or to a new one that `start` then
    /// runs (outside every lock). A nil key never shares.
    @discardableResult
    package func subscribe(_ key: Key?, priority: LoadPriority = .normal,
                           start: (Task) -> Void,
                           _ deliver: @escaping Task.Deliver) -> TaskSubscription {
        guard let key else {
            let task = Task()
            // A fresh task is open, so it always takes its first subscriber.
            let (subscription, _) = task.attach(priority: priority, deliver)!
            start(task)
            return subscription
        }
        while true {
            typealias Joined = (task: Task, subscription: TaskSubscription, followUp: @Sendable () -> Void, isNew: Bool)
            let joined = tasks.withLock { tasks -> Joined? in
                if let existing = tasks[key], let (subscription, followUp) = existing.attach(priority: priority, deliver) {
                    return (existing, subscription, followUp, false)
                }
                let created = Task { [weak self] closed in self?.remove(closed, key: key) }
                tasks[key] = created
                guard let (subscription, followUp) = created.attach(priority: priority, deliver) else { return nil }
                return (created, subscription, followUp, true)
            }
            guard let joined else { continue }
            if joined.isNew {
                start(joined.task)
            } else {
                joined.followUp()
            }
            return joined.subscription
        }
    }

    private func remove(_ task: Task, key: Key) {
        tasks.withLock { tasks in
            if tasks[key] === task { tasks[key] = nil }
        }
    }

    /// Open tasks (for tests and diagnostics).
    package var count: Int { tasks.withLock { $0.count } }
}
