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

/// Valued settings of an ``ImageDownloader``, read once when the downloader is created.
///
/// ```swift
/// var config = ImageDownloaderConfig()
/// config.maxConcurrentDownloads = 2
/// let downloader = ImageDownloader(config: config)
/// ```
public struct ImageDownloaderConfig: Sendable {
    /// Downloads that run at once; the others wait in the downloader, which hands them to its
    /// `OperationQueue` one free slot at a time (by priority, then ``executionOrder``).
    /// Default 6.
    public var maxConcurrentDownloads = 6
    /// Seconds a download may take **in total**, from the moment its operation starts to the
    /// last byte. The request's idle timeout is this plus 5 s, a backstop that never fires
    /// first. Default 15.
    public var downloadTimeout: TimeInterval = 15
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
