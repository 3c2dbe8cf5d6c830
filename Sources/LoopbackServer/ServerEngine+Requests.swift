extension ServerEngine {
    /// Logs and counts a request whose head just arrived, and decides under the same lock
    /// whether it is held (its path is suspended), so a `resume` cannot slip in between.
    func record(_ head: HTTPRequestHead, connectionID: Int) -> (RecordedRequest, held: Bool) {
        update { state in
            let request = RecordedRequest(
                method: head.method,
                path: head.path,
                query: head.query,
                headers: head.headers,
                sequence: state.log.count,
                connectionID: connectionID
            )
            state.log.append(request)
            state.countsByPath[head.path, default: 0] += 1
            let held = state.suspendedPaths.contains(head.path)
            if held { state.heldConnections[connectionID] = head.path }
            return (request, held)
        }
    }

    /// The response for `request`: its path's route, the handler's answer (called outside the
    /// lock, on this connection's thread), or an empty 404.
    func route(for request: RecordedRequest) -> Route {
        let source = state.withLock { $0.routes[request.path] }
        switch source {
        case .fixed(let route): return route
        case .computed(let handler): return handler(request)
        case nil: return Route(status: 404, body: .init(), contentType: nil)
        }
    }

    /// A client closed its connection before its response was complete.
    func noteClientAbort() {
        update { $0.clientAborts += 1 }
    }

    /// Holds future requests for `path` until ``resume(_:)``.
    func suspend(_ path: String) {
        update { _ = $0.suspendedPaths.insert(path) }
    }

    /// Releases every held request for `path` and stops holding it.
    func resume(_ path: String) {
        update { state in
            state.suspendedPaths.remove(path)
            state.heldConnections = state.heldConnections.filter { $0.value != path }
        }
    }
}
