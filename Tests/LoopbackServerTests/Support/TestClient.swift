import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// What a plain `URLSession` data task delivered.
struct Reply: Sendable {
    let data: Data
    let response: HTTPURLResponse
    /// How many `didReceive data` callbacks the body arrived in.
    let chunks: Int

    var status: Int { response.statusCode }
    var text: String { String(decoding: data, as: UTF8.self) }
    func header(_ name: String) -> String? { response.value(forHTTPHeaderField: name) }
}

/// One ephemeral `URLSession` (per suite instance, i.e. per test) whose delegate records
/// every transfer.
final class TestClient: Sendable {
    let session: URLSession
    private let recorder = TransferRecorder()

    /// - Parameter requestTimeout: `timeoutIntervalForRequest`, an idle timeout on Linux. Generous
    ///   by default: held and stalled routes wait on the test, and a starved CPU must not turn
    ///   that wait into a time-out; tests about time-outs pass their own.
    init(requestTimeout: TimeInterval = 300) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout
        // Enough for the concurrency test: a task queued inside libcurl behind this limit
        // times out while it waits.
        configuration.httpMaximumConnectionsPerHost = 64
        session = URLSession(configuration: configuration, delegate: recorder, delegateQueue: nil)
    }

    /// Ends the session; call once at the end of the test (the suite's deinit does).
    func invalidate() {
        session.invalidateAndCancel()
    }

    /// GETs `url` (optionally with extra headers) and returns what arrived, or throws the
    /// `URLError` the task failed with.
    func get(_ url: URL, headers: [String: String] = [:], method: String = "GET") async throws -> Reply {
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await send(request)
    }

    /// Runs `request` as a data task through the delegate; cancelling the Swift task
    /// cancels the data task.
    func send(_ request: URLRequest) async throws -> Reply {
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                recorder.register(task, continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// The session-level delegate: on Linux per-task delegates are never called, and the number
/// of data chunks is only visible through `urlSession(_:dataTask:didReceive:)`.
private final class TransferRecorder: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var data = Data()
        var chunks = 0
        let continuation: CheckedContinuation<Reply, any Error>
    }

    // Invariant: a transfer is in the dictionary from `register` until its completion
    // callback takes it out and resumes its continuation (exactly once).
    private let transfers = Locked([ObjectIdentifier: Transfer]())

    func register(_ task: URLSessionTask, _ continuation: CheckedContinuation<Reply, any Error>) {
        transfers.withLock { $0[ObjectIdentifier(task)] = Transfer(continuation: continuation) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfers.withLock { transfers in
            transfers[ObjectIdentifier(dataTask)]?.data.append(data)
            transfers[ObjectIdentifier(dataTask)]?.chunks += 1
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: ObjectIdentifier(task)) }) else { return }
        if let error {
            transfer.continuation.resume(throwing: error)
        } else if let response = task.response as? HTTPURLResponse {
            transfer.continuation.resume(returning: Reply(data: transfer.data, response: response, chunks: transfer.chunks))
        } else {
            transfer.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }
}
