import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// The checks a response must pass before its body is worth downloading.
struct ResponseValidation {
    let acceptableStatusCodes: Range<Int>
    let acceptableContentTypes: Set<String>?
    let maxResponseSize: Int?

    init(settings: DownloaderOperation.Settings) {
        acceptableStatusCodes = settings.acceptableStatusCodes
        acceptableContentTypes = settings.acceptableContentTypes
        maxResponseSize = settings.maxResponseSize
    }

    /// The error `response` must fail with, or nil when it is acceptable. Status and content
    /// type apply to HTTP responses only (a local file has neither).
    func error(for response: URLResponse, url: URL) -> ImageError? {
        if let http = response as? HTTPURLResponse {
            let status = http.statusCode
            // 304 sits inside the default acceptable range, but it carries no image.
            if status == 304 {
                return ImageError(.notModified, url: url, statusCode: status)
            }
            guard acceptableStatusCodes.contains(status) else {
                return ImageError(.invalidDownloadStatusCode, url: url, statusCode: status)
            }
            if let acceptable = acceptableContentTypes,
               !Self.contentType(http.mimeType, matchesAnyOf: acceptable) {
                return ImageError(.invalidDownloadContentType, url: url, statusCode: status)
            }
        }
        if let limit = maxResponseSize, response.expectedContentLength > Int64(limit) {
            return ImageError(.responseTooLarge, url: url,
                              statusCode: (response as? HTTPURLResponse)?.statusCode)
        }
        return nil
    }

    /// Whether `mimeType` (e.g. `image/png`) is one of `patterns`, which may use `type/*` or
    /// `*/*` wildcards. Case-insensitive; a missing type matches nothing.
    static func contentType(_ mimeType: String?, matchesAnyOf patterns: Set<String>) -> Bool {
        guard let mimeType = mimeType?.lowercased(), !mimeType.isEmpty else { return false }
        let type = mimeType.split(separator: "/", maxSplits: 1).first.map(String.init) ?? mimeType
        for pattern in patterns {
            let pattern = pattern.lowercased().trimmingCharacters(in: .whitespaces)
            if pattern == mimeType || pattern == "*/*" || pattern == "*" || pattern == type + "/*" {
                return true
            }
        }
        return false
    }
}
