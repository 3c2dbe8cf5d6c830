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
        if let error = ResponseValidation(settings: settings).error(for: response, url: url) {
            fail(error)
            return .cancel
        }
        let length = response.expectedContentLength
        let expected: Int64? = length >= 0 ? length : nil
        let accepted = state.withLock { state -> Bool in
            guard !state.isClosed else { return false }
            state.response = response
            state.expectedBytes = expected
            if let expected, expected > 0 {
                state.reservedBytes = Int(min(expected, Int64(Self.maxPresizedBytes)))
                state.data.reserveCapacity(state.reservedBytes)
            }
            return true
        }
        guard accepted else { return .cancel }
        reportProgress(received: 0, expected: expected)
        return .allow
    }

    /// Appends a piece of the body, enforces ``Settings/maxResponseSize`` on the running
    /// total (a body without `Content-Length` is checked here only), reports progress.
    func handleData(_ data: Data) {
        let limit = settings.maxResponseSize
        let interval = settings.minimumProgressInterval
        typealias Totals = (received: Int64, expected: Int64?, tooLarge: Bool, report: Bool,
                            sink: SharedTask<DownloadedBody, BodyProgress>?)
        let totals = state.withLock { state -> Totals? in
            guard !state.isClosed else { return nil }
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
        if context.downloadDecryptor == nil {
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
            fail(DownloadErrorMapping.imageError(for: error, url: url, response: response,
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
        let taken = state.withLock { state -> (Data, URLResponse?, Int64?, Data?, DispatchWorkItem?)? in
            guard !state.isClosed else { return nil }
            state.isClosed = true
            defer {
                state.data = Data()
                state.task = nil
                state.deadline = nil
            }
            return (state.data, state.response, state.expectedBytes, state.cachedData, state.deadline)
        }
        guard let (data, response, expected, cachedData, deadline) = taken else { return }
        // Counted before the operation leaves the downloader's books, until every caller's
        // result is handed over or a decode job counts itself.
        settings.deliveries.begin()
        defer { settings.deliveries.end() }
        settings.operationClosed(self)
        deadline?.cancel()
        finishIfExecuting()
        let status = (response as? HTTPURLResponse)?.statusCode
        if data.isEmpty {
            // An empty 200 is an unusable response, not an image that failed to decode.
            fail(ImageError(.invalidDownloadResponse, url: url, statusCode: status))
            return
        }
        if let expected, Int64(data.count) < expected, request.httpMethod != "HEAD",
           (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding") == nil {
            // The transfer reported success with fewer bytes than promised: a body cut short.
            fail(ImageError(.invalidDownloadResponse, url: url, statusCode: status,
                            underlying: URLError(.networkConnectionLost)))
            return
        }
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
