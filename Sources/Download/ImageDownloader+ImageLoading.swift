import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// The downloader as the manager's loader.
extension ImageDownloader: ImageLoading {
    /// http, https and file URLs (with a host for http/https).
    public func canRequestImage(for url: URL?) -> Bool {
        guard let url, let scheme = url.scheme?.lowercased() else { return false }
        switch scheme {
        case "http", "https":
            return !(url.host ?? "").isEmpty
        case "file":
            return !url.path.isEmpty
        default:
            return false
        }
    }

    /// ``downloadImage(with:options:context:progress:completed:)`` with the ``ImageOptions``
    /// mapped onto ``DownloaderOptions``.
    @discardableResult
    public func requestImage(with url: URL, options: ImageOptions, context: ImageContext,
                             progress: (@Sendable (ImageProgress) -> Void)?,
                             completed: @escaping @Sendable (Result<LoadedImage, ImageError>) -> Void) -> (any Cancellable)? {
        downloadImage(with: url, options: DownloaderOptions(options), context: context, progress: progress,
                      completed: completed)
    }

    /// True for permanent failures: an invalid URL, a 4xx status (but 408 and 429), an
    /// unacceptable content type, a body or image that is too large, bad or unsupported image
    /// data, an unusable response (empty body, redirect loop). False for transient ones:
    /// cancelled, timed out, network errors, a body cut short, 5xx, 304.
    public func shouldBlockFailedURL(_ url: URL, error: ImageError) -> Bool {
        DownloadErrorMapping.isPermanent(error)
    }
}

extension DownloaderOptions {
    /// The download flags of a load's ``ImageOptions``: priorities, progressive loading,
    /// cookies, scaling down, decoding choices. `.refreshCached` maps to nothing here: the
    /// manager revalidates with a conditional request (URLCache never stores HTTP responses
    /// on Linux).
    public init(_ options: ImageOptions) {
        var flags: DownloaderOptions = []
        if options.contains(.lowPriority) { flags.insert(.lowPriority) }
        if options.contains(.highPriority) { flags.insert(.highPriority) }
        if options.contains(.progressiveLoad) { flags.insert(.progressiveLoad) }
        if options.contains(.handleCookies) { flags.insert(.handleCookies) }
        if options.contains(.scaleDownLargeImages) { flags.insert(.scaleDownLargeImages) }
        if options.contains(.avoidDecodeImage) { flags.insert(.avoidDecodeImage) }
        if options.contains(.decodeFirstFrameOnly) { flags.insert(.decodeFirstFrameOnly) }
        self = flags
    }
}
