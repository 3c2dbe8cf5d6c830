/// Flags for one download, after `SDWebImageDownloaderOptions`.
/// ``ImageOptions`` map onto them (see ``DownloaderOptions/init(_:)``).
public struct DownloaderOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    /// Creates the option set with the given bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Queue after other downloads (`queuePriority = .low`, task priority low).
    public static let lowPriority = DownloaderOptions(rawValue: 1 << 0)
    /// Queue before other downloads (`queuePriority = .high`, task priority high).
    public static let highPriority = DownloaderOptions(rawValue: 1 << 1)
    /// Decode partial images while bytes arrive, for the callers that pass a `progress` closure
    /// (see ``ImageOptions/progressiveLoad``): one incremental decoder per distinct set of decode
    /// options, off the session's delegate queue.
    public static let progressiveLoad = DownloaderOptions(rawValue: 1 << 2)
    /// Let `URLCache` answer (by default Osprey's own cache is the cache and the request
    /// ignores `URLCache`).
    public static let useURLCache = DownloaderOptions(rawValue: 1 << 3)
    /// With ``useURLCache``: treat a response served from `URLCache` as a failure.
    public static let ignoreCachedResponse = DownloaderOptions(rawValue: 1 << 4)
    /// Send and store cookies, in `HTTPCookieStorage.shared` or the downloader's configured
    /// ``ImageDownloaderConfig/cookieStorage``, on Apple platforms and Linux alike.
    public static let handleCookies = DownloaderOptions(rawValue: 1 << 5)
    /// Decode large images down to fit the memory budget.
    public static let scaleDownLargeImages = DownloaderOptions(rawValue: 1 << 6)
    /// Deliver bytes only; do not decode.
    public static let avoidDecodeImage = DownloaderOptions(rawValue: 1 << 7)
    /// Decode only the first frame of an animation.
    public static let decodeFirstFrameOnly = DownloaderOptions(rawValue: 1 << 8)
}
