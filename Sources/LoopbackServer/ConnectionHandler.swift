import Foundation

/// Serves one accepted connection on its own thread: reads request heads one after another
/// (keep-alive), records each, applies the route's faults and answers.
///
/// Owned by its thread alone (created inside it), so its buffer needs no lock.
final class ConnectionHandler {
    let engine: ServerEngine
    let descriptor: Int32
    let id: Int
    /// Bytes read but not yet parsed: the start of the next head, or a pipelined request.
    private var buffer: [UInt8] = []

    init(engine: ServerEngine, descriptor: Int32, id: Int) {
        self.engine = engine
        self.descriptor = descriptor
        self.id = id
    }

    /// How a request ended for the connection.
    enum Outcome {
        case keepOpen
        case close
    }

    /// Serves until the client closes, a response demands closing, or the server stops.
    func run() {
        defer { engine.connectionClosed(id) }
        while let head = nextRequestHead() {
            // Skip any request body so the next head starts where we expect it.
            guard skipBytes(head.contentLength) else { return }
            let (request, held) = engine.record(head, connectionID: id)
            guard serve(request, head: head, held: held) == .keepOpen else { return }
        }
    }

    private func serve(_ request: RecordedRequest, head: HTTPRequestHead, held: Bool) -> Outcome {
        if held {
            let end = pause(seconds: nil) { [id] state in state.heldConnections[id] == nil }
            guard end == .released else { return abandon(end) }
        }
        let route = engine.route(for: request)
        if route.faults.delay > 0 {
            let end = pause(seconds: route.faults.delay)
            guard end == .elapsed else { return abandon(end) }
        }
        if route.faults.stall {
            // Nothing releases a stall: it ends when the client leaves or the server stops.
            return abandon(pause(seconds: nil))
        }
        let plan = ResponsePlan(route: route, request: head, keepAlive: head.wantsKeepAlive)
        return send(plan)
    }

    /// Ends a request that will not be answered; a client leaving first counts as an abort.
    private func abandon(_ end: PauseEnd) -> Outcome {
        if end == .peerClosed { engine.noteClientAbort() }
        return .close
    }

    /// Reads until a whole head is buffered. Nil when the client closed (or the server
    /// stopped) between requests, or the head was malformed or too large (answered first).
    private func nextRequestHead() -> HTTPRequestHead? {
        while true {
            switch HTTPRequestParser.parse(buffer) {
            case .head(let head, let consumed):
                buffer.removeFirst(consumed)
                return head
            case .malformed:
                refuse(status: 400)
                return nil
            case .tooLarge:
                refuse(status: 431)
                return nil
            case .incomplete:
                guard readMore() else { return nil }
            }
        }
    }

    /// Answers a request we could not parse, then closes gently: stop sending, and read what
    /// the client is still sending, so the close does not become a reset that could destroy
    /// the error response before the client reads it.
    private func refuse(status: Int) {
        _ = send(ResponsePlan(errorStatus: status))
        Socket.shutDownWrites(descriptor)
        var discarded = 0
        while discarded < 1 << 20, Socket.waitForPeer(descriptor, milliseconds: 1000) == .dataPending {
            buffer.removeAll(keepingCapacity: true)
            guard readMore() else { break }
            discarded += buffer.count
        }
    }

    /// Drops `count` bytes of request body: first from the buffer, then from the socket.
    private func skipBytes(_ count: Int) -> Bool {
        var remaining = count
        while remaining > 0 {
            if buffer.isEmpty, !readMore() { return false }
            let taken = min(remaining, buffer.count)
            buffer.removeFirst(taken)
            remaining -= taken
        }
        return true
    }

    /// Appends what the socket has (blocking until something arrives); false at EOF or error.
    private func readMore() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let received = chunk.withUnsafeMutableBytes { Socket.receive(descriptor, into: $0) }
        guard received > 0 else { return false }
        buffer.append(contentsOf: chunk[..<received])
        return true
    }
}
