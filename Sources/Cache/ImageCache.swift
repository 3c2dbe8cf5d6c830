import Dispatch
import Foundation
import OspreyCore
import OspreyCodecs

/// The two-tier image cache, after `SDImageCache`: decoded images in a ``MemoryCache``, the
/// original bytes in a ``DiskCache``.
///
/// **Threading.** Every method may be called from any thread. Memory lookups answer
/// synchronously on the calling thread. File-system calls run on the disk tier's serial I/O
/// queue (utility QoS) and nothing else does: a disk hit's bytes go to the pipeline's decode
/// stage (the code that decodes downloaded bytes, on the same ``coderQueue``), and images are
/// encoded for the disk there too; query answers go from there to the context's
/// ``ImageContext/callbackQueue``. Completions of `store`, `removeImage`, `containsImage`,
/// `clear` and ``deleteExpiredFiles(completion:)`` that had disk work run on a global queue
/// once it is done (never on the I/O queue, so they can block or call back in freely), and
/// on the calling thread when there was none.
///
/// Decoding uses ``coders`` (``ImageCoders/shared`` unless injected) with the request's
/// ``DecodeOptions``; storing an image without bytes encodes it as PNG with the same registry.
public final class ImageCache: ImageCaching {
    /// The cache most apps use: namespace "default" in the platform's caches folder —
    /// `$XDG_CACHE_HOME/osprey` (else `~/.cache/osprey`) on Linux, `Caches/<bundle id>/osprey`
    /// on Apple platforms.
    public static let shared = ImageCache(namespace: "default")

    /// Decoded images, cost = decoded bytes, limits from ``config``.
    public let memoryCache: MemoryCache
    /// Original bytes, one file per key under `<diskCacheDirectory>/<namespace>/`.
    public let diskCache: DiskCache
    /// The limits and policies in force, settable in place from any thread at any time, as
    /// in SDWebImage: `ImageCache.shared.config.maxDiskSize = 200 << 20` at app start.
    ///
    /// When each setting applies:
    /// - ``ImageCacheConfig/maxMemoryCost`` and ``ImageCacheConfig/maxMemoryCount``: at once;
    ///   a lower limit evicts the least recently used images before the setter returns.
    /// - ``ImageCacheConfig/shouldCacheImagesInMemory``: for stores and disk hits from then on;
    ///   turning it off also empties the memory tier.
    /// - ``ImageCacheConfig/maxDiskSize``, ``ImageCacheConfig/maxDiskAge``,
    ///   ``ImageCacheConfig/diskCacheExpireType``: for every read, store and sweep that starts
    ///   afterwards; a limit that shrinks starts a sweep on the I/O queue at once (the setter
    ///   does not wait for it).
    /// - ``ImageCacheConfig/sweepInterval``: from the next timed sweep.
    /// - ``ImageCacheConfig/encodingPolicy``: for images encoded from then on.
    ///
    /// Each assignment replaces the whole config under a lock, so readers never see half of
    /// one; two threads that change different fields at the same moment may lose one change
    /// (set the config once, at start-up, or from one thread).
    public var config: ImageCacheConfig {
        get { settings.withLock { $0 } }
        set {
            settings.withLock { $0 = newValue }
            memoryCache.totalCostLimit = newValue.maxMemoryCost
            memoryCache.countLimit = newValue.maxMemoryCount
            if !newValue.shouldCacheImagesInMemory { memoryCache.removeAllObjects() }
            diskCache.config = newValue
        }
    }
    /// Invariant: the config in force (the disk tier holds a copy, set right after it).
    private let settings: Locked<ImageCacheConfig>
    /// Empties the memory tier on the platform's memory-pressure signals (none on Linux).
    private let pressureWatch: MemoryPressureWatch
    /// The decoders and encoders used for disk hits and for storing images without bytes.
    public let coders: ImageCoders
    /// Where disk hits are decoded and images encoded for the disk: the pipeline's one coder
    /// queue, where downloaded bytes are decoded too. Concurrent, so as many run at once as
    /// there are active cores (GCD's width for CPU-bound work), while the serial I/O queue
    /// only reads and writes files.
    public let coderQueue: DispatchQueue = DecodeStage.coderQueue
    /// The decode stage of disk hits: one shared decode per entry and set of pixel-changing
    /// ``DecodeOptions``, produced by the pipeline's ``DecodeRun`` from the bytes the I/O
    /// queue read, so concurrent queries of one entry with the same options decode it once.
    let decodes = TaskPool<DiskDecodeKey, Decoded<Data>, DecodeProgress>()
    /// ``coders`` as the decode stage calls them.
    let stageDecoders: StageDecoders

    /// A cache for `namespace` in `diskCacheDirectory` (default: ``defaultDiskCacheDirectory``)
    /// with `config`'s limits, decoding with ``ImageCoders/shared``.
    public convenience init(namespace: String, diskCacheDirectory: URL? = nil, config: ImageCacheConfig = .init()) {
        self.init(namespace: namespace, diskCacheDirectory: diskCacheDirectory, config: config, coders: .shared)
    }

    /// A cache like ``init(namespace:diskCacheDirectory:config:)`` that refuses what would
    /// make its disk tier unusable instead of working around it, in the manner of
    /// Kingfisher's throwing `ImageCache(name:cacheDirectoryURL:)`: a namespace that cannot
    /// name a folder (see ``DiskCache/validate(namespace:)``; the non-throwing initializer
    /// shortens it instead) or a folder that cannot be created (a file in the way, no
    /// permission).
    ///
    /// - Throws: ``CacheSetupError``.
    public convenience init(validatingNamespace namespace: String, diskCacheDirectory: URL? = nil,
                            config: ImageCacheConfig = .init()) throws(CacheSetupError) {
        try DiskCache.validate(namespace: namespace)
        self.init(namespace: namespace, diskCacheDirectory: diskCacheDirectory, config: config, coders: .shared)
        let path = diskCache.directoryURL.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            var code = ENOTDIR
            if case .failed(let failure) = diskCache.folderCreation { code = failure }
            throw CacheSetupError(.cannotCreateFolder(path: path, errno: code))
        }
    }

    /// A cache like ``init(namespace:diskCacheDirectory:config:)`` that decodes and encodes
    /// with `coders` and reads the time from `now` (for the disk tier's recency and expiry;
    /// tests inject a clock).
    public init(namespace: String, diskCacheDirectory: URL? = nil, config: ImageCacheConfig = .init(),
                coders: ImageCoders, now: @escaping @Sendable () -> Date = { Date() }) {
        self.coders = coders
        stageDecoders = StageDecoders(decode: { data, options throws(ImageError) in try coders.decode(data, options: options) },
                                      incrementalDecoder: { coders.incrementalDecoder(for: $0, options: $1) },
                                      detectionLength: ImageCoders.incrementalDetectionLength)
        let memory = MemoryCache(totalCostLimit: config.maxMemoryCost, countLimit: config.maxMemoryCount)
        memoryCache = memory
        diskCache = DiskCache(directory: diskCacheDirectory ?? Self.defaultDiskCacheDirectory,
                              namespace: namespace, config: config, now: now)
        let settings = Locked(config)
        self.settings = settings
        pressureWatch = MemoryPressureWatch(purge: { [weak memory] in memory?.removeAllObjects() },
                                            purgesOnBackground: { settings.withLock { $0.clearsMemoryOnEnterBackground } })
    }

    /// Where caches live unless told otherwise: `$XDG_CACHE_HOME/osprey` when that variable
    /// holds an absolute path, else `~/.cache/osprey` (Linux and other non-Apple systems);
    /// `Caches/<bundle id>/osprey` on Apple platforms (see ``appleCacheDirectory(caches:bundleIdentifier:)``).
    public static var defaultDiskCacheDirectory: URL {
        #if canImport(Darwin)
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return appleCacheDirectory(caches: caches, bundleIdentifier: Bundle.main.bundleIdentifier)
        #else
        return linuxCacheDirectory(environment: ProcessInfo.processInfo.environment)
        #endif
    }

    /// The Apple rule: `<caches>/<bundle id>/osprey`. A sandboxed app's `Caches` is its own,
    /// but every non-sandboxed Mac app shares `~/Library/Caches`, where a bare `osprey` folder
    /// would mix (and trim) the images of every app using Osprey. A process with no usable
    /// bundle identifier (a command-line tool) gets `<caches>/osprey`.
    static func appleCacheDirectory(caches: URL, bundleIdentifier: String?) -> URL {
        var folder = caches
        if let id = bundleIdentifier, !id.isEmpty, id != ".", id != "..", !id.contains("/"), !id.contains("\0") {
            folder = folder.appendingPathComponent(id, isDirectory: true)
        }
        return folder.appendingPathComponent("osprey", isDirectory: true)
    }

    /// The XDG rule: `$XDG_CACHE_HOME` if set to an absolute path, else `$HOME/.cache`; then
    /// `osprey`.
    static func linuxCacheDirectory(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("osprey", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache", isDirectory: true).appendingPathComponent("osprey", isDirectory: true)
    }

    // MARK: - Synchronous access

    /// The image for `key` in the memory tier, or nil. Counts as a use.
    public func imageFromMemoryCache(forKey key: String) -> PlatformImage? {
        memoryCache.object(forKey: key)
    }

    /// The image for `key` read and decoded from disk now (full size), or nil on a miss or
    /// undecodable bytes. Puts it into memory when ``ImageCacheConfig/shouldCacheImagesInMemory``.
    /// Blocks the calling thread for the read and the decode.
    public func imageFromDiskCache(forKey key: String) -> PlatformImage? {
        imageFromDiskCache(forKey: key, decodeOptions: DecodeOptions())
    }

    /// The image for `key` read from disk (through the I/O queue) and decoded with
    /// `decodeOptions` on the calling thread, by the decoders the decode stage uses.
    public func imageFromDiskCache(forKey key: String, decodeOptions: DecodeOptions) -> PlatformImage? {
        guard let data = diskCache.visitNow({ diskCache.data(forKey: key) }) else { return nil }
        return decodeAndRemember(data, forKey: key, options: decodeOptions, storeInMemory: config.shouldCacheImagesInMemory)
    }

    /// The image for `key` from memory, else from disk (see ``imageFromDiskCache(forKey:)``).
    public func imageFromCache(forKey key: String) -> PlatformImage? {
        imageFromMemoryCache(forKey: key) ?? imageFromDiskCache(forKey: key)
    }

    /// The original bytes stored on disk for `key`, or nil. Blocks for the read.
    public func diskImageData(forKey key: String) -> Data? {
        diskCache.data(forKey: key)
    }

    /// Whether the disk tier holds `key`, without reading it. Blocks for a `stat`.
    public func diskImageDataExists(forKey key: String) -> Bool {
        diskCache.containsData(forKey: key)
    }

    /// Where `key`'s bytes live on disk (whether or not they exist).
    public func cachePath(forKey key: String) -> URL {
        diskCache.cachePath(forKey: key)
    }

    /// Bytes held by the disk tier. Blocks for a scan of the folder.
    public func totalDiskSize() -> Int {
        diskCache.totalSize()
    }

    /// Entries held by the disk tier. Blocks for a scan of the folder.
    public func totalDiskCount() -> Int {
        diskCache.totalCount()
    }

    /// Empties the memory tier (the disk tier is untouched). This is what a memory warning
    /// does (see ``purgeMemoryOnPressure()``).
    public func clearMemory() {
        memoryCache.removeAllObjects()
    }

    /// Empties the disk tier on the I/O queue, then calls `completion` (on a global queue).
    public func clearDisk(completion: (@Sendable () -> Void)? = nil) {
        clear(cacheType: .disk, completion: completion)
    }

    /// Deletes disk entries older than ``ImageCacheConfig/maxDiskAge``, then trims to half of
    /// ``ImageCacheConfig/maxDiskSize`` if it is exceeded (see ``DiskCache/removeExpiredData()``),
    /// in the background in slices of the I/O queue; `completion` then runs on a global queue.
    public func deleteExpiredFiles(completion: (@Sendable () -> Void)? = nil) {
        diskCache.removeExpiredData { Self.finish(completion) }
    }

    // MARK: - Shared helpers

    /// Decodes `data` on the calling thread with the decode stage's decoders (nil when it is
    /// not a decodable image) and, if asked, puts the image into memory: the synchronous
    /// reads, which answer before returning.
    func decodeAndRemember(_ data: Data, forKey key: String, options: DecodeOptions, storeInMemory: Bool) -> PlatformImage? {
        guard let decoded = try? stageDecoders.decode(data, options) else { return nil }
        return remember(decoded, forKey: key, storeInMemory: storeInMemory)
    }

    /// `decoded` as a platform image, put into memory under `key` if asked.
    func remember(_ decoded: DecodedImage, forKey key: String, storeInMemory: Bool) -> PlatformImage {
        let image = PlatformImageBridge.platformImage(from: decoded)
        if storeInMemory {
            memoryCache.setObject(image, forKey: key, cost: PlatformImageBridge.cost(of: image))
        }
        return image
    }

    /// Runs a completion that followed disk work off the I/O queue.
    static func finish(_ completion: (@Sendable () -> Void)?) {
        guard let completion else { return }
        DispatchQueue.global(qos: .utility).async(execute: completion)
    }
}
