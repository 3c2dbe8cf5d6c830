import Dispatch

/// Why a pause ended.
enum PauseEnd: Equatable {
    /// The requested time passed.
    case elapsed
    /// The release condition became true (a held request was resumed).
    case released
    /// The client closed or reset the connection while we waited.
    case peerClosed
    /// The server is stopping.
    case stopping
}

extension ConnectionHandler {
    /// Waits `seconds` (nil: without limit) while watching the socket, so a client that
    /// leaves is noticed at once and `stop()` (which shuts the socket down) ends the wait.
    ///
    /// With `releasedWhen`, the state is checked every 20 ms: a held request has no
    /// descriptor that `resume` could wake, and this keeps the server's only descriptors its
    /// TCP sockets (which the leak test can then account for completely).
    func pause(seconds: Double?, releasedWhen released: ((ServerState) -> Bool)? = nil) -> PauseEnd {
        let deadline = seconds.map { DispatchTime.now().uptimeNanoseconds + UInt64(max(0, $0) * 1e9) }
        while true {
            let (stopping, isReleased) = engine.state.withLock { state in
                (state.isStopping, released?(state) ?? false)
            }
            if stopping { return .stopping }
            if isReleased { return .released }
            // Without a release condition, only the socket or the deadline can end the wait;
            // the one-second cap is a safety net for the stop flag.
            var slice: UInt64 = released == nil ? 1_000 : 20
            if let deadline {
                let now = DispatchTime.now().uptimeNanoseconds
                guard now < deadline else { return .elapsed }
                slice = min(slice, (deadline - now + 999_999) / 1_000_000)
            }
            switch Socket.waitForPeer(descriptor, milliseconds: Int32(slice)) {
            case .quiet:
                continue
            case .dataPending:
                // A pipelined request: it waits its turn; don't let poll spin on it. Short
                // naps, since only the socket would have told us about `stop()`.
                Socket.sleep(milliseconds: Int32(min(slice, 20)))
            case .closed:
                return engine.isStopping ? .stopping : .peerClosed
            }
        }
    }
}
