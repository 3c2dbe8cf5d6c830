import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// What the operation does with the task's delegate callbacks (the overridable entry points
/// are the `task…` methods in DownloaderOperation.swift). All run on the session's serial
/// delegate queue.
extension DownloaderOperation {
    /// Bytes reserved up front from a `Content-Length`: a hostile header must not make the
    /// operation allocate more than this before any byte arrived.
    static let maxPresizedBytes = 32 << 20

    /// Applies the response modifier, validates status, content type and `Content-Length`;
    /// answers `.cancel` (and fails the download) when the response is not acceptable.
    func handleResponse(_ response: URLResponse) -> URLSession.ResponseDisposition {
        storeCookies(from: response)
        if retriedWithBasicAuthentication(after: response) { return .cancel }
        var response = response
        if let modifier = context.responseModifier {
            guard let modified = modifier(response) else {
                fail(ImageError(.invalidDownloadResponse, url: url,
                                statusCode: (response as? HTTPURLResponse)?.statusCode))
                return .cancel
            }
            response = modified
        }
        // Validation reads only the settings and the response, so it runs before the lock; a
        // resumed attempt must first have its range answered (below), so the common case (no
        // resume) is settled in one locked step and only a resumed one takes the long way.
        var refusal = ResponseValidation(settings: settings).error(for: response, url: url)
        let length = response.expectedContentLength
        let fresh = Self.resumableValidator(of: response)
        var isResumed = false
        var accepted = accept(response, length: length, fresh: fresh, unlessResumed: true, refused: refusal != nil,
                              isResumed: &isResumed)
        if isResumed {
            if applyResume(to: response) == .restarted { return .cancel }
            refusal = ResponseValidation(settings: settings).error(for: response, url: url)
            if refusal == nil {
                accepted = accept(response, length: length, fresh: fresh, unlessResumed: false, refused: false,
                                  isResumed: &isResumed)
            }
        }
        if let refusal {
            attemptFailed(refusal, response: response)
            return .cancel
        }
        guard let accepted else { return .cancel }
        reportProgress(received: accepted.received, expected: accepted.expected)
        return .allow
    }

    /// Records an accepted response head (under the lock); nil when the operation closed. With
    /// `unlessResumed`, does nothing and sets `isResumed` when the running attempt resumes kept
    /// bytes (its range must be answered first); with `refused`, records nothing.
    private func accept(_ response: URLResponse, length: Int64, fresh: String?, unlessResumed: Bool, refused: Bool,
                        isResumed: inout Bool) -> (received: Int64, expected: Int64?)? {
        let outcome = state.withLock { state -> (received: Int64, expected: Int64?)?? in
            if unlessResumed, state.resume != nil { return .some(nil) }
            guard !state.isClosed, !refused else { return nil }
            // The head is a sign of life for the idle timeout (a refused head ends the
            // attempt, so only an accepted one needs to count).
            state.lastActivity = settings.clock.now()
            state.response = response
            // A resumed body's length counts the bytes already held.
            let held = state.resume?.offset ?? 0
            let expected: Int64? = length >= 0 ? length + Int64(held) : nil
            state.expectedBytes = expected
            if state.resume == nil { state.resumableValidator = fresh }
            if let expected, expected > 0 {
                state.reservedBytes = max(state.data.count, Int(min(expected, Int64(Self.maxPresizedBytes))))
                state.data.reserveCapacity(state.reservedBytes)
            }
            return (Int64(state.data.count), expected)
        }
        switch outcome {
        case .some(.none):
            isResumed = true
            return nil
        case .some(.some(let accepted)):
            return accepted
        case .none:
            return nil
        }
    }

    /// Appends a piece of the body, enforces ``Settings/maxResponseSize`` on the running
    /// total (a body without `Content-Length` is checked here only), reports progress.
    func handleData(_ data: Data) {
        let limit = settings.maxResponseSize
        let interval = settings.minimumProgressInterval
        typealias Totals = (received: Int64, expected: Int64?, tooLarge: Bool, report: Bool)
        let withFeed = context.downloadDecryptor == nil
        let totals = state.withLock { state -> Totals? in
            // A piece that arrives after its attempt ended belongs to no body.
            guard !state.isClosed, state.isTransferring else { return nil }
            state.lastActivity = settings.clock.now()
            if let limit, state.data.count + data.count > limit {
                return (Int64(state.data.count), state.expectedBytes, true, false)
            }
            let before = state.data.count
            let address = state.data.withUnsafeBytes { $0.baseAddress }
            if before + data.count > state.reservedBytes {
                // Doubling, not Foundation's own growth (measured: 2.3 bytes moved per body
                // byte over a 20 MB body), so the moves add up to at most the body once.
                state.reservedBytes = max(2 * state.reservedBytes, before + data.count, 64 << 10)
                state.data.reserveCapacity(state.reservedBytes)
            }
            state.data.append(data)
            if before > 0, state.data.withUnsafeBytes({ $0.baseAddress }) != address {
                state.bodyBytesMoved += before
            }
            let received = Int64(state.data.count)
            var report = true
            if interval > 0, let expected = state.expectedBytes, expected > 0, received < expected {
                report = Double(received - state.reportedBytes) >= interval * Double(expected)
            }
            if report { state.reportedBytes = received }
            if withFeed, !state.isFeedDisabled { state.broadcastBytes = max(state.broadcastBytes, state.data.count) }
            return (received, state.expectedBytes, false, report)
        }
        guard let totals else { return }
        if totals.tooLarge {
            let status = (response as? HTTPURLResponse)?.statusCode
            fail(ImageError(.responseTooLarge, url: url, statusCode: status))
            return
        }
        // Every piece goes out (progressive decodes read the new bytes through the feed); only
        // those past the progress thinning reach callers' progress closures. A decryptor needs
        // the whole body, so its download offers no feed. Nobody listening: nothing to make.
        guard let sink = settings.sink, sink.isListened else { return }
        var feed: (@Sendable (Int) -> Data)?
        if withFeed {
            feed = { @Sendable [self] offset in body(from: offset) }
        }
        sink.send(BodyProgress(received: totals.received, expected: totals.expected, isReport: totals.report,
                               reader: feed))
    }

    /// The task ended: with `error`, or with the whole body.
    func handleCompletion(_ error: (any Error)?) {
        if let error {
            let (response, received, expected) = state.withLock { state in
                (state.response, Int64(state.data.count), state.expectedBytes)
            }
            attemptFailed(DownloadErrorMapping.imageError(for: error, url: url, response: response,
                                                          receivedBytes: received, expectedBytes: expected))
            return
        }
        completeTransfer()
    }

    /// The configured ``Settings/urlCredential`` is offered once; otherwise, and for server
    /// trust, the system's default handling applies (a 401 then fails with its status code).
    func defaultAnswer(
        to challenge: URLAuthenticationChallenge
    ) -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        #if !canImport(FoundationNetworking)
        if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust {
            return (.performDefaultHandling, nil)
        }
        #endif
        if challenge.previousFailureCount == 0, let credential = settings.urlCredential {
            return (.useCredential, credential)
        }
        return (.performDefaultHandling, nil)
    }

    /// The body is complete: close the operation, free the queue slot, check the body and hand
    /// it to the subscribers (the decode runs among them); then the downloader forgets the
    /// operation. It stays on the downloader's books until the body is handed over, so the
    /// downloader never looks idle in between.
    func completeTransfer() {
        enum Ending {
            case closedAlready
            /// An unusable end is the attempt's failure (a retry may follow): found in the same
            /// locked step that would close the operation, which then stays open.
            case unusable(ImageError)
            case taken(Data, URLResponse?, Data?, DispatchWorkItem?, wasExecuting: Bool)
        }
        let ending = state.withLock { state -> Ending in
            guard !state.isClosed else { return .closedAlready }
            let http = state.response as? HTTPURLResponse
            if state.data.isEmpty {
                // An empty 200 is an unusable response, not an image that failed to decode.
                return .unusable(ImageError(.invalidDownloadResponse, url: url, statusCode: http?.statusCode))
            }
            if let expected = state.expectedBytes, Int64(state.data.count) < expected, request.httpMethod != "HEAD",
               http?.value(forHTTPHeaderField: "Content-Encoding") == nil {
                // The transfer reported success with fewer bytes than promised: a body cut short.
                return .unusable(ImageError(.invalidDownloadResponse, url: url, statusCode: http?.statusCode,
                                            underlying: URLError(.networkConnectionLost)))
            }
            state.isClosed = true
            state.isTransferring = false
            defer {
                state.data = Data()
                state.task = nil
                state.deadline = nil
            }
            return .taken(state.data, state.response, state.cachedData, state.deadline,
                          wasExecuting: finishPhase(&state))
        }
        let (data, response, cachedData, deadline, wasExecuting): (Data, URLResponse?, Data?, DispatchWorkItem?, Bool)
        switch ending {
        case .closedAlready: return
        case .unusable(let error): return attemptFailed(error)
        case let .taken(body, head, cached, timer, executing):
            (data, response, cachedData, deadline, wasExecuting) = (body, head, cached, timer, executing)
        }
        deadline?.cancel()
        if wasExecuting { notifyFinished(wasExecuting: true) }
        defer { settings.operationEnded(self, wasExecuting) }
        let status = (response as? HTTPURLResponse)?.statusCode
        if let cachedData, cachedData == data {
            settings.sink?.finish(.failure(ImageError(.notModified, url: url, statusCode: status)))
            return
        }
        var body = data
        if let decryptor = context.downloadDecryptor {
            guard let decrypted = decryptor(data, response) else {
                settings.sink?.finish(.failure(ImageError(.badImageData, url: url, statusCode: status)))
                return
            }
            body = decrypted
        }
        settings.sink?.finish(.success(DownloadedBody(data: body, response: response)))
    }
}
