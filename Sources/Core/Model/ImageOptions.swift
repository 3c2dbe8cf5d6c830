/// Flags that change how one load behaves, after `SDWebImageOptions`.
///
/// Valued settings (cache overrides, thumbnail size, modifiers) live in ``ImageContext``.
public struct ImageOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    /// Creates the option set with the given bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Try a URL again even if it failed before (it is not rejected with `.blackListed`).
    public static let retryFailed = ImageOptions(rawValue: 1 << 0)
    /// Download after other queued downloads (the operation's `queuePriority` is `.low`).
    public static let lowPriority = ImageOptions(rawValue: 1 << 1)
    /// Download before other queued downloads (the operation's `queuePriority` is `.high`).
    public static let highPriority = ImageOptions(rawValue: 1 << 2)
    /// Report partially decoded images in ``ImageProgress/partialImage`` while bytes arrive (to
    /// a load with a `progress` closure), at most every ``ImageContext/progressiveInterval`` and
    /// only when new rows arrived; never after the load's completion. Every built-in decoder
    /// resumes and finishes from the same state: PNG (rows; Adam7 passes as coarse previews),
    /// JPEG (baseline MCU rows; progressive scans as previews that sharpen), GIF and animated
    /// WebP (each frame as it arrives), WebP stills (lossless rows, lossy macroblock rows). A
    /// decoder added from outside that cannot resume decodes the bytes so far again per partial
    /// image (the prefix fallback). Partial images are neither transformed nor cached. A
    /// ``ImageContext/downloadDecryptor`` turns it off (it needs the whole body). A view bound
    /// with this option shows the partial images.
    public static let progressiveLoad = ImageOptions(rawValue: 1 << 3)
    /// Show the cached image at once, then revalidate it with the server (a conditional GET
    /// with the stored `ETag` / `Last-Modified`), after SDWebImage's `SDWebImageRefreshCached`.
    ///
    /// **The completion may be called twice.** When the memory or disk tier has the image,
    /// the completion is called with it at once (``ImageResult/cacheType`` says which tier);
    /// then, only if the server sends a different image, a second time with the new image
    /// (`cacheType` ``ImageCacheType/none``), which is also stored. A 304, a 200 with the same
    /// bytes, a failed revalidation or a `cancel()` after the first call end the load with no
    /// second call. Without a cached image it is a plain load: one call. Every other load
    /// calls its completion exactly once.
    public static let refreshCached = ImageOptions(rawValue: 1 << 4)
    /// Send and store cookies for this request.
    public static let handleCookies = ImageOptions(rawValue: 1 << 5)
    /// View binding: show the placeholder only after the load failed.
    public static let delayPlaceholder = ImageOptions(rawValue: 1 << 6)
    /// View binding: do not set the image on the view; the completion handler does it.
    public static let avoidAutoSetImage = ImageOptions(rawValue: 1 << 7)
    /// Decode large images down to a size that fits the memory budget.
    public static let scaleDownLargeImages = ImageOptions(rawValue: 1 << 8)
    /// On a memory hit, also read the original bytes from disk (asynchronously).
    public static let queryMemoryData = ImageOptions(rawValue: 1 << 9)
    /// With ``queryMemoryData``, read those bytes synchronously.
    public static let queryMemoryDataSync = ImageOptions(rawValue: 1 << 10)
    /// On a memory miss, read and decode from disk synchronously on the calling thread.
    public static let queryDiskDataSync = ImageOptions(rawValue: 1 << 11)
    /// Never download: a cache miss fails with ``ImageError/Code/cacheMiss``.
    public static let fromCacheOnly = ImageOptions(rawValue: 1 << 12)
    /// Skip the cache query and always download.
    public static let fromLoaderOnly = ImageOptions(rawValue: 1 << 13)
    /// Deliver the bytes without decoding them (the result's image is a placeholder-free stub).
    public static let avoidDecodeImage = ImageOptions(rawValue: 1 << 14)
    /// Decode only the first frame of an animated image.
    public static let decodeFirstFrameOnly = ImageOptions(rawValue: 1 << 15)
    /// Call `completed` only after the cache store has finished.
    public static let waitStoreCache = ImageOptions(rawValue: 1 << 16)
    /// View binding: run the transition also for images that came from the memory cache.
    public static let forceTransition = ImageOptions(rawValue: 1 << 17)
    /// Apply the context's transformer to animated images too (by default they are left as is).
    public static let transformAnimatedImage = ImageOptions(rawValue: 1 << 18)
}
