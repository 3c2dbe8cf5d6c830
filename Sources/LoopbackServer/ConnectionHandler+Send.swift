import Dispatch
import Foundation

extension ConnectionHandler {
    /// Sends `plan`: the head at once, then the body whole or dripped. A client that leaves
    /// mid-response is counted as an abort (unless the server is stopping, which cut it).
    func send(_ plan: ResponsePlan) -> Outcome {
        if let raw = plan.rawReply {
            return write(raw) ? .close : abandon()
        }
        guard write(plan.headBytes) else { return abandon() }
        if plan.isEndless {
            // Ends only when a write fails: the client left, or `stop()` shut the socket.
            let finished: Bool
            if let rate = plan.bytesPerSecond {
                finished = endlessDrip(plan.body, bytesPerSecond: rate, limit: plan.endlessLimit)
            } else {
                var sent = 0
                while sent < plan.endlessLimit ?? .max, write(plan.body) { sent += plan.body.count }
                finished = sent >= plan.endlessLimit ?? .max
            }
            // Reaching the limit is the server's choice; anything else means the client left.
            return finished ? .close : abandon()
        }
        var body = plan.body
        if let held = plan.holdAfterBodyBytes, held < body.count {
            let path = plan.path
            guard write(body.prefix(max(0, held))) else { return abandon() }
            guard pause(seconds: nil, releasedWhen: { $0.releasedBodyPaths.contains(path) }) == .released else {
                return abandon()
            }
            body = Data(body.dropFirst(max(0, held)))
        }
        if let rate = plan.bytesPerSecond, !body.isEmpty {
            guard drip(body, bytesPerSecond: rate, path: plan.path) else { return abandon() }
        } else {
            guard write(body) else { return abandon() }
        }
        return plan.closeAfterwards ? .close : .keepOpen
    }

    /// Sends `body` in ~20 chunks a second, each on schedule against the start so pauses do
    /// not add up; false if the client left or the server stopped. Between two chunks the
    /// server always pauses (at least a millisecond, even when a stalled thread is behind
    /// schedule), so the chunks stay separate writes and their count is fixed by the body and
    /// the rate, not by scheduling; each pause is counted per path (``LoopbackServer/dripPauseCount(for:)``).
    private func drip(_ body: Data, bytesPerSecond rate: Int, path: String) -> Bool {
        let chunkSize = max(1, rate / 20)
        let start = DispatchTime.now().uptimeNanoseconds
        var offset = 0
        while offset < body.count {
            let end = min(body.count, offset + chunkSize)
            guard write(body[offset..<end]) else { return false }
            offset = end
            guard offset < body.count else { break }
            let due = start + UInt64(Double(offset) / Double(rate) * 1e9)
            let now = DispatchTime.now().uptimeNanoseconds
            let wait = max(due > now ? due - now : 0, 1_000_000)
            engine.state.withLock { $0.dripPausesByPath[path, default: 0] += 1 }
            switch pause(seconds: Double(wait) / 1e9) {
            case .elapsed, .released: continue
            case .peerClosed: return false
            case .stopping: return false
            }
        }
        return true
    }

    /// Sends `body` over and over at `rate`, on one schedule from the start, until the
    /// client leaves or the server stops.
    /// True when `limit` was reached, false when the client left or the server stopped.
    private func endlessDrip(_ body: Data, bytesPerSecond rate: Int, limit: Int?) -> Bool {
        let start = DispatchTime.now().uptimeNanoseconds
        var sent = 0
        while sent < limit ?? .max {
            guard write(body) else { return false }
            sent += body.count
            let due = start + UInt64(Double(sent) / Double(rate) * 1e9)
            let now = DispatchTime.now().uptimeNanoseconds
            guard due > now else { continue }
            switch pause(seconds: Double(due - now) / 1e9) {
            case .elapsed, .released: continue
            case .peerClosed, .stopping: return false
            }
        }
        return true
    }

    private func write(_ bytes: Data) -> Bool {
        bytes.isEmpty || bytes.withUnsafeBytes { Socket.sendAll(descriptor, $0) }
    }

    private func abandon() -> Outcome {
        if !engine.isStopping { engine.noteClientAbort() }
        return .close
    }
}
