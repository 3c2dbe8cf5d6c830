import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// Turns what URLSession reports into Osprey's ``ImageError`` codes, and says which failures
/// are permanent.
enum DownloadErrorMapping {
    /// The error a transfer that ended with `error` fails with.
    ///
    /// - `timedOut` → ``ImageError/Code/timedOut``; `cancelled` → ``ImageError/Code/cancelled``.
    /// - Redirect loops and unusable responses → ``ImageError/Code/invalidDownloadResponse``.
    /// - A transfer that broke off after the response head, with fewer body bytes than its
    ///   `Content-Length` (a short body or a reset mid-body; the client cannot tell them apart)
    ///   → ``ImageError/Code/invalidDownloadResponse``, with the `URLError` underneath.
    ///   FoundationNetworking reports this as `URLError(-1)` "transfer closed with N bytes
    ///   remaining to read"; Darwin as `networkConnectionLost`.
    /// - `unsupportedURL` for an http(s) URL — libcurl's answer to a reply that is not HTTP/1.x
    ///   (HTTP/0.9, garbage) → ``ImageError/Code/invalidDownloadResponse`` (transient).
    /// - `badURL` / `unsupportedURL` → ``ImageError/Code/invalidURL``.
    /// - Everything else (refused, lost before a response, offline …) → ``ImageError/Code/network``.
    static func imageError(for error: any Error, url: URL, response: URLResponse?,
                           receivedBytes: Int64, expectedBytes: Int64?) -> ImageError {
        let statusCode = (response as? HTTPURLResponse)?.statusCode
        guard let urlError = error as? URLError else {
            return ImageError(.network, url: url, statusCode: statusCode, underlying: error)
        }
        let bodyCutShort = response != nil && expectedBytes.map { receivedBytes < $0 } == true
        let code: ImageError.Code
        switch urlError.code {
        case .timedOut:
            code = .timedOut
        case .cancelled:
            code = .cancelled
        case _ where bodyCutShort:
            code = .invalidDownloadResponse
        case .httpTooManyRedirects, .redirectToNonExistentLocation, .badServerResponse,
             .zeroByteResource, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            code = .invalidDownloadResponse
        case .networkConnectionLost where response != nil:
            code = .invalidDownloadResponse
        case .unsupportedURL where isWebURL(url):
            // libcurl refuses a reply that is not HTTP/1.x ("Received HTTP/0.9 when not
            // allowed": an HTTP/0.9 body, garbage) with CURLE_UNSUPPORTED_PROTOCOL, which
            // FoundationNetworking reports as -1002. The URL is fine; the server's reply is not.
            code = .invalidDownloadResponse
        case .badURL, .unsupportedURL:
            code = .invalidURL
        default:
            code = .network
        }
        return ImageError(code, url: url, statusCode: statusCode, underlying: urlError)
    }

    /// http and https: the schemes the session can load, so a -1002 for them is about the
    /// reply, not the URL.
    private static func isWebURL(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    /// Whether a URL that failed with `error` should not be tried again: yes for permanent
    /// failures, no for transient ones (cancelled, timed out, network, 5xx, 408, 429, a body
    /// cut short by the connection, 304).
    static func isPermanent(_ error: ImageError) -> Bool {
        switch error.code {
        case .invalidURL, .invalidDownloadContentType, .responseTooLarge,
             .badImageData, .unsupportedFormat, .imageTooLarge:
            return true
        case .invalidDownloadStatusCode:
            guard let status = error.statusCode else { return true }
            return !(status >= 500 || status == 408 || status == 429)
        case .invalidDownloadResponse:
            // A body cut short is worth another try; a redirect loop or an empty body is not.
            if let urlError = error.underlying as? URLError {
                return permanentResponseCodes.contains(urlError.code)
            }
            return true
        case .cancelled, .timedOut, .network, .notModified, .blackListed, .cacheMiss, .invalidTransform:
            return false
        }
    }

    /// Unusable responses that will not get better by asking again.
    private static let permanentResponseCodes: Set<URLError.Code> = [
        .httpTooManyRedirects, .redirectToNonExistentLocation, .zeroByteResource,
        .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
    ]
}

extension DownloadErrorMapping {
    /// Whether a failure may go away by itself, for a ``RetryStrategy``: a timeout, a network
    /// failure (refused, lost, unreachable), a body cut short by the connection, or HTTP 408,
    /// 429 or 5xx. Cancellations, 304 and every permanent failure are not.
    static func isTransient(_ error: ImageError) -> Bool {
        switch error.code {
        case .timedOut, .network:
            return true
        case .invalidDownloadStatusCode, .invalidDownloadResponse:
            return !isPermanent(error)
        default:
            return false
        }
    }
}
