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
        if applyResume(to: response) == .restarted { return .cancel }
        if let error = ResponseValidation(settings: settings).error(for: response, url: url) {
            attemptFailed(error, response: response)
            return .cancel
        }
        let length = response.expectedContentLength
        let fresh = Self.resumableValidator(of: response)
        let accepted = state.withLock { state -> (received: Int64, expected: Int64?)? in
            guard !state.isClosed else { return nil }
            // The head is a sign of life for the idle timeout (a refused head ends the
            // attempt, so only an accepted one needs to count).
            state.lastActivity = DispatchTime.now().uptimeNanoseconds
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
        guard let accepted else { return .cancel }
        reportProgress(received: accepted.received, expected: accepted.expected)
        return .allow
    }

    /// Appends a piece of the body, enforces ``Settings/maxResponseSize`` on the running
    /// total (a body without `Content-Length` is checked here only), reports progress.
    func handleData(_ data: Data) {
        let limit = settings.maxResponseSize
        let interval = settings.minimumProgressInterval
        typealias Totals = (received: Int64, expected: Int64?, tooLarge: Bool, report: Bool,
                            sink: SharedTask<DownloadedBody, BodyProgress>?)
        let withFeed = context.downloadDecryptor == nil
        let totals = state.withLock { state -> Totals? in
            // A piece that arrives after its attempt ended belongs to no body.
            guard !state.isClosed, state.isTransferring else { return nil }
            state.lastActivity = DispatchTime.now().uptimeNanoseconds
            if let limit, state.data.count + data.count > limit {
                return (Int64(state.data.count), state.expectedBytes, true, false, nil)
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
            return (received, state.expectedBytes, false, report, state.sink)
        }
        guard let totals else { return }
        if totals.tooLarge {
            let status = (response as? HTTPURLResponse)?.statusCode
            fail(ImageError(.responseTooLarge, url: url, statusCode: status))
            return
        }
        // Every piece goes out (progressive decodes read the new bytes through the feed); only
        // those past the progress thinning reach callers' progress closures. A decryptor needs
        // the whole body, so its download offers no feed.
        var feed: (@Sendable (Int) -> Data)?
        if withFeed {
            feed = { @Sendable [self] offset in body(from: offset) }
        }
        totals.sink?.send(BodyProgress(received: totals.received, expected: totals.expected, isReport: totals.report,
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

    /// The body is complete: close the operation to newcomers, free the queue slot, then
    /// check the body and hand it to the decoders.
    func completeTransfer() {
        // An unusable end is the attempt's failure (a retry may follow): checked before the
        // operation closes to newcomers.
        let ending = state.withLock { state -> (count: Int, expected: Int64?, response: URLResponse?)? in
            state.isClosed ? nil : (state.data.count, state.expectedBytes, state.response)
        }
        guard let ending else { return }
        let status = (ending.response as? HTTPURLResponse)?.statusCode
        if ending.count == 0 {
            // An empty 200 is an unusable response, not an image that failed to decode.
            attemptFailed(ImageError(.invalidDownloadResponse, url: url, statusCode: status))
            return
        }
        if let expected = ending.expected, Int64(ending.count) < expected, request.httpMethod != "HEAD",
           (ending.response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding") == nil {
            // The transfer reported success with fewer bytes than promised: a body cut short.
            attemptFailed(ImageError(.invalidDownloadResponse, url: url, statusCode: status,
                                     underlying: URLError(.networkConnectionLost)))
            return
        }
        let taken = state.withLock { state -> (Data, URLResponse?, Data?, DispatchWorkItem?)? in
            guard !state.isClosed else { return nil }
            state.isClosed = true
            state.isTransferring = false
            defer {
                state.data = Data()
                state.task = nil
                state.deadline = nil
            }
            return (state.data, state.response, state.cachedData, state.deadline)
        }
        guard let (data, response, cachedData, deadline) = taken else { return }
        // Counted before the operation leaves the downloader's books, until every caller's
        // result is handed over or a decode job counts itself.
        settings.deliveries.begin()
        defer { settings.deliveries.end() }
        settings.operationClosed(self)
        deadline?.cancel()
        finishIfExecuting()
        if let cachedData, cachedData == data {
            fail(ImageError(.notModified, url: url, statusCode: status))
            return
        }
        var body = data
        if let decryptor = context.downloadDecryptor {
            guard let decrypted = decryptor(data, response) else {
                fail(ImageError(.badImageData, url: url, statusCode: status))
                return
            }
            body = decrypted
        }
        let sink = state.withLock { $0.sink }
        sink?.finish(.success(DownloadedBody(data: body, response: response)))
    }
}
