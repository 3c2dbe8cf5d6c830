import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore
import OspreyCodecs

/// The order in which queued downloads start, after `SDWebImageDownloaderExecutionOrder`.
public enum ExecutionOrder: Sendable, Hashable {
    /// First in, first out: downloads start in the order they were requested (the default).
    case fifo
    /// Last in, first out: the most recent request starts first, e.g. for a fast-scrolling
    /// list. (The downloader keeps the waiting list itself; operations never depend on each
    /// other.)
    case lifo
}

/// Valued settings of an ``ImageDownloader``.
///
/// Set them before making a downloader, or change them in place on a running one
/// (``ImageDownloader/config``), SDWebImage style:
///
/// ```swift
/// ImageDownloader.shared.config.downloadTimeout = 30
/// ImageDownloader.shared.config.maxConcurrentDownloads = 4
/// ```
///
/// A change applies to downloads that **start afterwards**; a running download keeps the
/// settings it started with. ``maxConcurrentDownloads`` also applies at once to the queue
/// (raising it starts waiting downloads). Read only when the downloader is made, so changing
/// them later has no effect: ``sessionConfiguration``, ``cookieStorage``, ``executionOrder``
/// and ``maxPartialDownloadBytes``.
public struct ImageDownloaderConfig: Sendable {
    /// Downloads that run at once; the others wait in the downloader, which hands them to its
    /// `OperationQueue` one free slot at a time (by priority, then ``executionOrder``).
    /// Default 6.
    public var maxConcurrentDownloads = 6
    /// The **idle** timeout, as `URLRequest.timeoutInterval` in SDWebImage: a download fails
    /// with ``ImageError/Code/timedOut`` when no byte arrived for this many seconds (the
    /// response head and redirects count as activity), so a slow but steady download
    /// succeeds. 0 or infinity: no idle timeout. Default 15. A load may override it with
    /// ``ImageContext/downloadTimeout``.
    public var downloadTimeout: TimeInterval = 15
    /// The optional **total** deadline: seconds a download may take from the moment its
    /// operation starts to the last byte, retries and their waits included; it then fails with
    /// ``ImageError/Code/timedOut`` however steadily bytes arrive. Nil (the default), 0 or
    /// infinity: none. A load may override it with ``ImageContext/downloadDeadline``.
    public var totalDeadline: TimeInterval?
    /// Retries failed downloads for every load that sets no
    /// ``ImageContext/retryStrategy`` of its own; nil (the default, as in Kingfisher): a
    /// failure fails at once. ``DelayRetryStrategy`` retries transient failures with backoff
    /// and honours `Retry-After`.
    public var retryStrategy: (any RetryStrategy)?
    /// Where ``DownloaderOptions/handleCookies`` requests take their cookies from and store the
    /// server's: nil (the default) means `HTTPCookieStorage.shared`, on Apple platforms and
    /// Linux alike. Requests without that option send and store no cookies. Read when the
    /// downloader is made.
    public var cookieStorage: HTTPCookieStorage?
    /// The most bytes of broken-off downloads kept in memory for resuming with `Range` and
    /// `If-Range` (only responses with `Accept-Ranges: bytes` and a strong `ETag` or a
    /// `Last-Modified`), least recently kept dropped first. 0 keeps none. Default 32 MiB.
    /// Read when the downloader is made.
    public var maxPartialDownloadBytes: Int = 32 << 20
    /// Which queued download starts next. Default ``ExecutionOrder/fifo``.
    public var executionOrder: ExecutionOrder = .fifo
    /// The session configuration; copied when the downloader is created, so later changes to
    /// this object have no effect. Default: `.ephemeral` without a `URLCache` (Osprey's own
    /// cache is the cache). The downloader raises `httpMaximumConnectionsPerHost` to at least
    /// ``maxConcurrentDownloads``: on Linux a request queued inside libcurl behind the
    /// connection limit times out while it waits.
    public var sessionConfiguration: URLSessionConfiguration = ImageDownloaderConfig.defaultSessionConfiguration()
    /// The operation class made per download; a subclass customizes how a download runs.
    /// Default ``DownloaderOperation``.
    public var operationClass: DownloaderOperation.Type = DownloaderOperation.self
    /// HTTP statuses that count as success. Default `200..<400`. A 304 is always reported as
    /// ``ImageError/Code/notModified``.
    public var acceptableStatusCodes: Range<Int> = 200..<400
    /// MIME types that count as success (`"image/png"`, or a wildcard such as `"image/*"`);
    /// nil (the default) accepts any type. Compared case-insensitively; an HTTP response
    /// without a `Content-Type` is rejected when a set is given.
    public var acceptableContentTypes: Set<String>?
    /// Largest body in **decoded** bytes (what URLSession delivers, after `Content-Encoding`
    /// such as gzip is undone); a larger one fails with ``ImageError/Code/responseTooLarge``.
    /// Checked against `Content-Length` when the response arrives and again as each piece of
    /// the body arrives, so a lying length, a body without a length or a compressed body that
    /// expands cannot make the downloader hold more than this. Default
    /// ``defaultMaxResponseSize``; nil also means that default: a download is never unbounded.
    public var maxResponseSize: Int? = ImageDownloaderConfig.defaultMaxResponseSize
    /// The least progress, as a fraction of the expected length (0…1), between two progress
    /// callbacks of a download, after `SDWebImageDownloaderConfig.minimumProgressInterval`: with
    /// 0.1 a caller hears about a download about ten times. The last piece is always
    /// reported; a body without `Content-Length` is reported piece by piece. Default 0 (every
    /// piece, ~16 KiB).
    public var minimumProgressInterval: Double = 0
    /// Answers HTTP authentication challenges (e.g. Basic). Default nil.
    public var urlCredential: URLCredential?
    /// The decoders downloaded bytes are decoded with. Default ``ImageCoders/shared``.
    public var coders: ImageCoders = .shared
    /// What the idle timeout, the total deadline and retry waits measure time with: the
    /// system's uptime clock, or in tests a clock they advance by hand. Read when the
    /// downloader is made.
    package var clock: any DownloadClock = SystemDownloadClock()

    /// The defaults listed on each property.
    public init() {}

    /// The default ``maxResponseSize``: 10 % of physical memory, at most 200 MiB (the bound
    /// Nuke uses for its data cache). A phone with 4 GiB gets 200 MiB; a 1 GiB device 102 MiB.
    public static let defaultMaxResponseSize: Int = {
        let tenth = ProcessInfo.processInfo.physicalMemory / 10
        return Int(min(tenth, 200 << 20))
    }()

    /// A fresh `.ephemeral` configuration without a URL cache.
    public static func defaultSessionConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }
}
