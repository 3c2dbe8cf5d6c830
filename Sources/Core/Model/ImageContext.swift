import Foundation

/// Valued settings for one load, after `SDWebImageContext` but typed. Every field is optional
/// or has a default, so `ImageContext()` means "the manager's defaults".
public struct ImageContext: Sendable {
    /// Creates a context with every field at its default.
    public init() {}

    /// Overrides the manager's cache for this load.
    public var cache: (any ImageCaching)? {
        get { cacheBox?.value }
        set { cacheBox = newValue.map { SettingBox($0) } }
    }
    /// Overrides the manager's loader for this load.
    public var loader: (any ImageLoading)?
    /// Applied after decoding; its ``ImageTransformer/key`` is appended to the cache key.
    public var transformer: (any ImageTransformer)? {
        get { transformerBox?.value }
        set { transformerBox = newValue.map { SettingBox($0) } }
    }
    // Boxed, so that whether they are set is a pointer test: every load's memory lookup asks.
    private var cacheBox: SettingBox<any ImageCaching>?
    private var transformerBox: SettingBox<any ImageTransformer>?
    /// Whether ``cache`` is set, answered without copying it out.
    package var hasCache: Bool { cacheBox != nil }
    /// Whether ``transformer`` is set, answered without copying it out.
    package var hasTransformer: Bool { transformerBox != nil }
    /// Maps a URL to its cache key; returning nil means "do not cache this URL".
    public var cacheKeyFilter: (@Sendable (URL) -> String?)?
    /// Chooses the bytes written to disk for a loaded image (default: the downloaded bytes).
    public var cacheSerializer: (@Sendable (PlatformImage, Data?, URL) -> Data?)?
    /// Which tiers a freshly loaded image is stored into. Default ``ImageCacheType/all``.
    public var storeCacheType: ImageCacheType = .all
    /// Which tiers are queried before loading. Default ``ImageCacheType/all``.
    public var queryCacheType: ImageCacheType = .all
    /// Decode straight to at most this size (aspect ratio kept unless told otherwise).
    public var thumbnailPixelSize: PixelSize?
    /// With ``thumbnailPixelSize``: keep the aspect ratio (fit inside). Default true; false
    /// stretches the image to exactly the thumbnail size.
    public var preserveAspectRatio: Bool = true
    /// The decoder's pixel limit per frame canvas for this load (see
    /// ``DecodeOptions/maxPixelCount``); nil keeps ``DecodeOptions/defaultMaxPixelCount``.
    public var maxPixelCount: Int?
    /// The download layer's request and response hooks (`requestModifier`,
    /// `responseModifier`, `downloadDecryptor`, declared by `OspreyDownload` as properties of
    /// this type). Core keeps them type-erased so that it needs no networking types: on Linux
    /// `URLRequest` and `URLResponse` live in FoundationNetworking, which Core does not import.
    package var networkHooks = NetworkHookStorage.none
    /// Lets requests that carry a ``requestModifier``, ``responseModifier`` or
    /// ``downloadDecryptor`` share one download. Without it such a request is never merged
    /// with another (the closures cannot be compared, and only one set of them can shape a
    /// shared request and its bytes). Callers that pass the same key promise their closures
    /// are equivalent: the first caller's closures apply to all of them. Default nil.
    public var downloadMergeKey: String?
    /// The least growth of the downloaded fraction between two `progress` calls, 0...1, after
    /// SDWebImage's `minimumProgressInterval`: 0.1 gives at most about ten calls. The first
    /// report and the one for the last byte always go through; so does every report when the
    /// response declares no length. Default 0 (every report).
    public var minimumProgressInterval: Double = 0
    /// With ``ImageOptions/progressiveLoad``: the least time between two partial images
    /// handed to this load's `progress` (each only when new rows or scans arrived). Default
    /// 0.5 s, as Nuke; 0 hands one on for every piece of the body that adds rows.
    public var progressiveInterval: TimeInterval = 0.5
    /// Where `progress` and `completed` are called. Default ``CallbackQueue/main``.
    public var callbackQueue: CallbackQueue = .main
    /// View binding: one load per key per view; a new load under the same key cancels the old.
    public var operationKey: String?
    /// View binding: how the view brings in the loaded image (``ImageTransition``). Default
    /// ``ImageTransition/none``.
    public var transition: ImageTransition = .none
    /// View binding: the image shown when the load fails (not when it is cancelled). Default
    /// nil: the view keeps what it shows (the placeholder, with `.delayPlaceholder`).
    public var failureImage: PlatformImage?

    // Network

    /// This load's idle timeout in seconds (no byte for that long fails the download with
    /// ``ImageError/Code/timedOut``); nil (the default) keeps the downloader's
    /// `downloadTimeout`. 0 or infinity: none. A load that joins a download already under way
    /// shares that download's timeouts and retries.
    public var downloadTimeout: TimeInterval?
    /// This load's total deadline in seconds, retries included; nil (the default) keeps the
    /// downloader's `totalDeadline`. 0 or infinity: none, even when the downloader has one.
    public var downloadDeadline: TimeInterval?
    /// Decides whether a failed download of this load is tried again, and when; nil (the
    /// default) keeps the downloader's `retryStrategy` (none unless configured).
    /// Loads that share a download share its one sequence of retries.
    public var retryStrategy: (any RetryStrategy)?

    // Manager
    /// The scale (pixels per point) of the loaded image, overriding the one its file name
    /// declares (`icon@2x.png` → 2, `@3x` → 3; else 1), after SDWebImage's `imageScaleFactor`.
    /// It sets the image's scale (a `UIImage`'s `scale`, an `NSImage`'s size in points, a
    /// ``DecodedImage``'s ``DecodedImage/scale``), not its pixels, and a scale other than 1 is
    /// part of the memory key (``CacheKey``), so one URL loaded at two scales is two entries;
    /// the disk tier keeps the original bytes once. Default nil (the file name decides).
    public var imageScaleFactor: Double?

    // Colour
    /// Convert decoded pixels from the image's colour profile to sRGB (see
    /// ``DecodeOptions/convertToSRGB``). Such a load has its own cache key (suffix `-sRGB`),
    /// so converted and unconverted pixels are never mixed up. Default false.
    public var convertToSRGB: Bool = false
}
