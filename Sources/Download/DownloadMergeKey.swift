import Foundation
import OspreyCore

/// What must be equal for two downloads to share one ``DownloaderOperation``: the same request on the wire and the same post-processing of its bytes.
///
/// A merged caller gets the bytes of a request built for, and processed by, the caller that
/// created the operation. So the key holds everything that shapes that request or those
/// bytes: the URL, the downloader's headers at the time, the options that change the request
/// or how its response is accepted, and — because closures cannot be compared — either the
/// caller's ``ImageContext/downloadMergeKey`` or, when it has per-request closures and no such
/// key, a serial number that no other request shares. Decode options are *not* part of it:
/// merged callers share the bytes and decode once per distinct ``DecodeOptions``.
struct DownloadMergeKey: Hashable, Sendable {
    /// Options that change the request sent or which responses are accepted. The others
    /// (priority, decode flags, progressive) are per caller and do not prevent sharing.
    static let requestShapingOptions: DownloaderOptions = [.useURLCache, .ignoreCachedResponse, .handleCookies]

    let url: URL
    let requestOptions: DownloaderOptions
    /// The downloader's headers at the time (``ImageDownloader/setHTTPHeaderValue(_:forField:)``
    /// may change them between two requests). Not hashed or compared: `headersGeneration`
    /// stands for them (hashing a dictionary of strings per request showed in profiles).
    let headers: [String: String]
    /// Which version of the downloader's headers `headers` is.
    let headersGeneration: Int
    /// The caller's promise that its closures equal those of others with the same value.
    let closureKey: String?
    /// Set (to a number used once) for a request whose closures make it unmergeable.
    let uniqueSerial: Int?

    /// The key for a request; `nextSerial` numbers unmergeable requests.
    init(url: URL, options: DownloaderOptions, context: ImageContext, headers: [String: String],
         headersGeneration: Int, nextSerial: inout Int) {
        self.url = url
        requestOptions = options.intersection(Self.requestShapingOptions)
        self.headers = headers
        self.headersGeneration = headersGeneration
        closureKey = context.downloadMergeKey
        let hasClosures = context.requestModifier != nil || context.responseModifier != nil
            || context.downloadDecryptor != nil
        if hasClosures, context.downloadMergeKey == nil {
            uniqueSerial = nextSerial
            nextSerial += 1
        } else {
            uniqueSerial = nil
        }
    }

    static func == (lhs: DownloadMergeKey, rhs: DownloadMergeKey) -> Bool {
        lhs.headersGeneration == rhs.headersGeneration && lhs.uniqueSerial == rhs.uniqueSerial
            && lhs.requestOptions == rhs.requestOptions && lhs.closureKey == rhs.closureKey && lhs.url == rhs.url
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(requestOptions.rawValue)
        hasher.combine(headersGeneration)
        hasher.combine(closureKey)
        hasher.combine(uniqueSerial)
    }
}
