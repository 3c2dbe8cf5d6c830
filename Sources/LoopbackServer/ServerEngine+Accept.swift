import Foundation

extension ServerEngine {
    /// The accept thread: takes connections until `stop()`, gives each its own thread, and
    /// joins connection threads that have finished so they do not pile up.
    func acceptLoop() {
        while !isStopping {
            // A timeout, so finished threads are joined even when no one connects; `stop()`
            // shuts the listener down, which wakes this poll at once on Linux.
            let ready = Socket.waitForConnection(listener, milliseconds: 200)
            joinFinishedThreads()
            guard ready, !isStopping else { continue }
            guard let descriptor = Socket.accept(from: listener) else {
                // EMFILE and friends: back off instead of spinning on a pending connection.
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                    Socket.sleep(milliseconds: 50)
                }
                continue
            }
            startConnection(descriptor)
        }
    }

    private func startConnection(_ descriptor: Int32) {
        let id: Int? = update { state in
            guard !state.isStopping else { return nil }
            let id = state.nextConnectionID
            state.nextConnectionID += 1
            state.connections[id] = OpenConnection(descriptor: descriptor, thread: nil)
            return id
        }
        guard let id else {
            Socket.close(descriptor)
            return
        }
        let thread = JoinableThread.start(name: "\(threadNamePrefix)c") { [self] in
            ConnectionHandler(engine: self, descriptor: descriptor, id: id).run()
        }
        guard let thread else {
            connectionClosed(id)
            return
        }
        update { state in
            // The thread may already have finished and left; then it is ours to join.
            if state.connections[id] != nil {
                state.connections[id]?.thread = thread
            } else {
                state.unjoinedThreads.append(thread)
            }
        }
    }

    /// Called once per connection when its thread is done with it: forgets it, then closes it.
    func connectionClosed(_ id: Int) {
        let descriptor: Int32? = update { state in
            guard let connection = state.connections.removeValue(forKey: id) else { return nil }
            state.heldConnections[id] = nil
            if let thread = connection.thread { state.unjoinedThreads.append(thread) }
            return connection.descriptor
        }
        if let descriptor { Socket.close(descriptor) }
    }

    private func joinFinishedThreads() {
        let finished: [JoinableThread] = state.withLock { state in
            defer { state.unjoinedThreads.removeAll() }
            return state.unjoinedThreads
        }
        // These threads have left `connectionClosed`, so each join waits only for its exit.
        for thread in finished { thread.join() }
    }
}
