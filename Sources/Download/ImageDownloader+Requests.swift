import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// How the downloader's session and requests are set up.
extension ImageDownloader {
    /// `Accept` prefers images; `User-Agent` names Osprey, its version and the platform.
    static let defaultHeaders: [String: String] = [
        "Accept": "image/*,*/*;q=0.8",
        "User-Agent": "Osprey/\(OspreyVersion.string) (\(platformName); Swift)",
    ]

    private static var platformName: String {
        #if os(Linux)
        "Linux"
        #elseif os(iOS)
        "iOS"
        #elseif os(macOS)
        "macOS"
        #elseif os(tvOS)
        "tvOS"
        #elseif os(watchOS)
        "watchOS"
        #else
        "unknown"
        #endif
    }

    /// A copy of the configured session configuration with the limits the downloader needs.
    static func sessionConfiguration(for config: ImageDownloaderConfig,
                                     cookieStorage: HTTPCookieStorage?) -> URLSessionConfiguration {
        let configuration = (config.sessionConfiguration.copy() as? URLSessionConfiguration)
            ?? ImageDownloaderConfig.defaultSessionConfiguration()
        // On Linux a request waiting inside libcurl for a connection slot times out while it
        // waits: the OperationQueue is the gate, libcurl must never be the bottleneck.
        // At least 16, so ``ImageDownloader/maxConcurrentDownloads`` can be raised at run time.
        configuration.httpMaximumConnectionsPerHost = max(configuration.httpMaximumConnectionsPerHost,
                                                          config.maxConcurrentDownloads, 16)
        // The operation enforces the idle timeout and the total deadline itself, whatever
        // value the configuration has when a download starts; the session's own idle timeout
        // is only a backstop behind them.
        configuration.timeoutIntervalForRequest = max(requestTimeout(config.downloadTimeout), sessionBackstop)
        #if canImport(FoundationNetworking)
        // FoundationNetworking ignores `httpShouldHandleCookies` per request: the downloader
        // handles cookies itself, only for requests that ask for them.
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpCookieStorage = nil
        #else
        // `.ephemeral` brings a private, empty cookie store: `.handleCookies` means the app's
        // cookies (or the configured store). Requests without that option neither send nor
        // store cookies (`httpShouldHandleCookies` is false on them).
        configuration.httpCookieStorage = cookieStorage
        configuration.httpShouldSetCookies = true
        configuration.httpCookieAcceptPolicy = .always
        #endif
        return configuration
    }

    /// The session's idle timeout: long, since the operation's own watchdog fires first.
    static let sessionBackstop: TimeInterval = 600

    /// The idle timeout libcurl enforces for a request, a backstop that must never fire before
    /// the operation's own idle timeout: when it fires while a redirect answer is outstanding,
    /// FoundationNetworking fails the task behind our back and the answer then crashes the
    /// process (see DownloaderOperation+Redirect.swift). The operation's watchdog cancels
    /// through the safe path, so the backstop is the idle timeout plus a margin. Whole
    /// seconds: FoundationNetworking truncates it (0.5 s would become an instant timeout).
    static func requestTimeout(_ idleTimeout: TimeInterval) -> TimeInterval {
        guard idleTimeout.isFinite, idleTimeout > 0 else { return sessionBackstop }
        return idleTimeout.rounded(.up) + 5
    }

    /// `url` with its scheme in lower case: schemes are case-insensitive (RFC 3986 §3.1) and
    /// ``canRequestImage(for:)`` accepts `HTTP://`, but the transfer layer and `isFileURL`
    /// compare them exactly, so an upper-case scheme would fail as a permanent error.
    static func normalizingScheme(_ url: URL) -> URL {
        guard let scheme = url.scheme, scheme != scheme.lowercased(),
              var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        components.scheme = scheme.lowercased()
        return components.url ?? url
    }

    /// The request for `url` before the context's request modifier sees it.
    func makeRequest(for url: URL, options: DownloaderOptions, headers: [String: String],
                     idleTimeout: TimeInterval) -> URLRequest {
        // By default the URL cache is bypassed: Osprey's own cache is the cache.
        let policy: URLRequest.CachePolicy = options.contains(.useURLCache)
            ? .useProtocolCachePolicy : .reloadIgnoringLocalCacheData
        var request = URLRequest(url: Self.normalizingScheme(url), cachePolicy: policy,
                                 timeoutInterval: Self.requestTimeout(idleTimeout))
        request.httpShouldHandleCookies = options.contains(.handleCookies)
        // One assignment: `setValue(_:forHTTPHeaderField:)` capitalizes the name and copies the
        // whole header dictionary per call (measured: most of the request's cost); the names
        // are stored capitalized already.
        if !headers.isEmpty { request.allHTTPHeaderFields = headers }
        addCookies(to: &request, options: options)
        return request
    }
}
