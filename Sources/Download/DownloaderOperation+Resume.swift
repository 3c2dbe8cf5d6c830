import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// Where a resumed attempt continues: the bytes already held and the validator that proves
/// the server still has the same representation.
struct ResumePoint: Sendable, Equatable {
    /// Bytes held, so the first byte asked for.
    let offset: Int
    /// Sent as `If-Range`.
    let validator: String
}

/// Resuming a broken-off body with `Range: bytes=N-` and `If-Range` (RFC 9110 §14), so the
/// final bytes equal a full download: a 206 for exactly the rest appends, a 200 starts over,
/// anything else about the range (416, another range, another validator) drops the kept bytes
/// and asks again for the whole body.
extension DownloaderOperation {
    /// What resumable bytes are kept under: the URL asked for.
    var partialKey: String { url.absoluteString }

    /// The request of the next attempt, and the kept bytes it continues from (taken out of
    /// the store: this attempt owns them now). Only plain GETs without a range of their own
    /// resume, and none once a server `refused` a range in this download.
    func resumingRequest(refused: Bool) -> (URLRequest, PartialDownloads.Entry?) {
        guard !refused, settings.partials.mayHoldAny, (request.httpMethod ?? "GET") == "GET",
              request.value(forHTTPHeaderField: "Range") == nil,
              let kept = settings.partials.take(partialKey) else { return (request, nil) }
        var resumed = request
        resumed.setValue("bytes=\(kept.data.count)-", forHTTPHeaderField: "Range")
        resumed.setValue(kept.validator, forHTTPHeaderField: "If-Range")
        return (resumed, kept)
    }

    /// Takes the running attempt's body out of the state when it may be resumed later (under
    /// the lock; the caller stores it outside).
    func takeResumableBytes(_ state: inout State) -> PartialDownloads.Entry? {
        guard let validator = state.resumableValidator, !state.data.isEmpty else { return nil }
        state.resumableValidator = nil
        let entry = PartialDownloads.Entry(data: state.data, validator: validator)
        state.data = Data()
        state.reservedBytes = 0
        return entry
    }

    /// What the response head means for a resumed attempt.
    enum ResumeStep {
        /// Go on: the body appends to the kept bytes, replaces them (200) or the response is
        /// not about the range at all (an error status, handled as usual).
        case proceed
        /// The range was refused: the attempt is being restarted without one.
        case restarted
    }

    /// Applies a resumed attempt's response head to the kept bytes.
    func applyResume(to response: URLResponse) -> ResumeStep {
        guard let resume = state.withLock({ $0.resume }), let http = response as? HTTPURLResponse else {
            return .proceed
        }
        let status = http.statusCode
        guard status == 200 || status == 206 || status == 416 else { return .proceed }
        var outcome = ResumeValidator.outcome(status: status, contentRange: http.value(forHTTPHeaderField: "Content-Range"),
                                              offset: resume.offset)
        if outcome == .append, !Self.continues(http, validator: resume.validator) {
            outcome = .discardAndRetry
        }
        switch outcome {
        case .append:
            return .proceed
        case .startOver:
            state.withLock { state in
                state.resume = nil
                state.resumableValidator = nil
                if state.broadcastBytes > 0 { state.isFeedDisabled = true }
                state.data = Data()
                state.reservedBytes = 0
                state.reportedBytes = 0
            }
            return .proceed
        case .discardAndRetry:
            let task = state.withLock { state -> URLSessionDataTask? in
                state.resumeRefused = true
                state.resume = nil
                state.resumableValidator = nil
                defer { state.task = nil }
                return state.task
            }
            if let task {
                settings.router.unregister(task)
                cancelGivenUp(task)
            }
            startDataTask(resumeRefused: true)
            return .restarted
        }
    }

    /// Whether a 206's headers continue the representation the kept bytes came from: the same
    /// strong ETag or Last-Modified when it repeats one, and no content coding (the offsets
    /// count decoded bytes).
    private static func continues(_ http: HTTPURLResponse, validator: String) -> Bool {
        if let coding = http.value(forHTTPHeaderField: "Content-Encoding"), coding.lowercased() != "identity" {
            return false
        }
        let isTag = validator.hasPrefix("\"")
        let echoed = http.value(forHTTPHeaderField: isTag ? "ETag" : "Last-Modified")?
            .trimmingCharacters(in: .whitespaces)
        return echoed.map { $0 == validator } ?? true
    }

    /// The `If-Range` validator of a fresh 200 whose body may be resumed if it breaks off.
    static func resumableValidator(of response: URLResponse) -> String? {
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else { return nil }
        if let coding = http.value(forHTTPHeaderField: "Content-Encoding"), coding.lowercased() != "identity" {
            return nil
        }
        // Most responses offer no ranges: settled by one header lookup, on every download.
        guard let ranges = http.value(forHTTPHeaderField: "Accept-Ranges") else { return nil }
        var headers = ["Accept-Ranges": ranges]
        for name in ["ETag", "Last-Modified"] {
            if let value = http.value(forHTTPHeaderField: name) { headers[name] = value }
        }
        return ResumeValidator.validator(headers: headers)
    }
}
