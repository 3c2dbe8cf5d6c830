import Dispatch
import Foundation

extension ConnectionHandler {
    /// Sends `plan`: the head at once, then the body whole or dripped. A client that leaves
    /// mid-response is counted as an abort (unless the server is stopping, which cut it).
    func send(_ plan: ResponsePlan) -> Outcome {
        guard write(plan.headBytes) else { return abandon() }
        if let rate = plan.bytesPerSecond, !plan.body.isEmpty {
            guard drip(plan.body, bytesPerSecond: rate) else { return abandon() }
        } else {
            guard write(plan.body) else { return abandon() }
        }
        return plan.closeAfterwards ? .close : .keepOpen
    }

    /// Sends `body` in ~20 chunks a second, each on schedule against the start so pauses do
    /// not add up; false if the client left or the server stopped.
    private func drip(_ body: Data, bytesPerSecond rate: Int) -> Bool {
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
            if due > now {
                switch pause(seconds: Double(due - now) / 1e9) {
                case .elapsed, .released: continue
                case .peerClosed: return false
                case .stopping: return false
                }
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
