import Foundation

/// The one error type of the whole library: ``code`` says what went wrong, the other fields
/// carry the context (URL, HTTP status, the error underneath).
///
/// A struct with a nested code rather than an enum, so that fields can be added without
/// breaking callers that switch on ``code``.
public struct ImageError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var code: Code
    /// The URL of the load that failed, where there was one.
    public var url: URL?
    /// The HTTP status code, where a response was received.
    public var statusCode: Int?
    /// The error underneath, e.g. the `URLError` of a failed transfer.
    public var underlying: (any Error)?

    /// Creates an error; every field but `code` is optional context.
    public init(_ code: Code, url: URL? = nil, statusCode: Int? = nil, underlying: (any Error)? = nil) {
        self.code = code
        self.url = url
        self.statusCode = statusCode
        self.underlying = underlying
    }

    /// The kinds of failure. Each has a fixed, readable ``summary``.
    public enum Code: Sendable, Hashable, CaseIterable {
        /// The URL was nil, empty, or not one the loader can fetch.
        case invalidURL
        /// The URL failed before and ``ImageOptions/retryFailed`` was not given.
        case blackListed
        /// The caller cancelled the load (or the downloader was invalidated).
        case cancelled
        /// ``ImageOptions/fromCacheOnly`` was given and no cache tier had the image.
        case cacheMiss
        /// The server answered with a status outside the acceptable range.
        case invalidDownloadStatusCode
        /// The server's `Content-Type` is not one of the acceptable types.
        case invalidDownloadContentType
        /// The response was unusable: not HTTP, empty body, redirect loop, short body.
        case invalidDownloadResponse
        /// The body is larger than the configured maximum response size.
        case responseTooLarge
        /// The request or the whole transfer took longer than the timeout.
        case timedOut
        /// The transfer failed in the network (connection refused, reset, offline …).
        case network
        /// The server answered 304 Not Modified and no cached image was at hand.
        case notModified
        /// The bytes are not a valid image of their format (corrupt or truncated).
        case badImageData
        /// No decoder knows the format of the bytes.
        case unsupportedFormat
        /// The image's pixel count exceeds the decode limit (checked before allocating).
        case imageTooLarge
        /// A transformer's parameters cannot make an image from this input (an empty or
        /// negative size, a crop outside the image).
        case invalidTransform

        /// A short sentence saying what the code means.
        public var summary: String {
            switch self {
            case .invalidURL: "the URL is missing or invalid"
            case .blackListed: "the URL failed before and is not retried without .retryFailed"
            case .cancelled: "the load was cancelled"
            case .cacheMiss: "the image is not in the cache and .fromCacheOnly forbids a download"
            case .invalidDownloadStatusCode: "the server answered with an unacceptable HTTP status"
            case .invalidDownloadContentType: "the server answered with an unacceptable content type"
            case .invalidDownloadResponse: "the server's response is unusable"
            case .responseTooLarge: "the response is larger than the allowed maximum"
            case .timedOut: "the download timed out"
            case .network: "the network transfer failed"
            case .notModified: "the server answered 304 Not Modified and no cached image was at hand"
            case .badImageData: "the data is not a valid image"
            case .unsupportedFormat: "no decoder supports the image format"
            case .imageTooLarge: "the image has more pixels than the decode limit allows"
            case .invalidTransform: "the transformer's parameters cannot make an image from this input"
            }
        }
    }

    /// One line: the code, its meaning, and whatever context is known.
    ///
    /// For example `ImageError.invalidDownloadStatusCode: the server answered with an
    /// unacceptable HTTP status (HTTP 404, url: http://127.0.0.1:8080/a.png)`.
    public var description: String {
        var context: [String] = []
        if let statusCode { context.append("HTTP \(statusCode)") }
        if let url { context.append("url: \(url.absoluteString)") }
        if let underlying { context.append("underlying: \(Self.describe(underlying))") }
        let suffix = context.isEmpty ? "" : " (\(context.joined(separator: ", ")))"
        return "ImageError.\(code): \(code.summary)\(suffix)"
    }

    private static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            return "URLError \(urlError.code.rawValue) \(urlError.localizedDescription)"
        }
        return String(describing: error)
    }
}
