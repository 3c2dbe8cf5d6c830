import Foundation

/// The steps of one load, from cache query to completion. A value: every step runs on
/// whatever thread the previous step's callback arrived on, and checks the operation first,
/// so a cancelled load stops at the next step.
struct LoadTask: Sendable {
    let manager: ImageManager
    let operation: ImageLoadOperation
    let url: URL
    let options: ImageOptions
    /// The caller's context (its callback queue is where the caller hears back).
    let context: ImageContext
    let cache: any ImageCaching
    let loader: any ImageLoading
    let progress: (@Sendable (ImageProgress) -> Void)?
    /// The key of the original bytes: the URL through the key filter. Nil: do not cache.
    let originalKey: String?
    /// The key of the image this load delivers: the original key, the transformer's key and
    /// the pixel-changing decode options (``CacheKey/key(for:options:context:)``).
    let fullKey: String?
    /// The context handed to the cache and the loader: they call back on their own threads
    /// (no hop); only the final result hops to the caller's queue.
    let innerContext: ImageContext
    /// The memory tier was asked already (synchronously, in `loadImage`) and had nothing: the
    /// cache query asks the other tiers only, so a load looks in memory once.
    let memoryLookedUp: Bool
    /// These steps run for a shared load (``ImageManager/loads``): they never join one.
    let isShared: Bool
    /// The scale the image is delivered at (``CacheKey/scale(for:plainKey:context:)``).
    let scale: Double
    /// A `data:` or `file://` URL: its bytes are at hand, so the disk tier neither keeps a
    /// copy nor is asked for one; the memory tier keeps the decoded image.
    let isLocal: Bool

    /// Computes the keys once: a memory hit builds each string a single time.
    init(manager: ImageManager, operation: ImageLoadOperation, url: URL, options: ImageOptions,
         context: ImageContext, cache: any ImageCaching, loader: any ImageLoading,
         progress: (@Sendable (ImageProgress) -> Void)?, memoryLookedUp: Bool, isShared: Bool = false) {
        self.manager = manager
        self.memoryLookedUp = memoryLookedUp
        self.isShared = isShared
        self.operation = operation
        self.url = url
        self.options = options
        self.context = context
        self.cache = cache
        self.loader = loader
        self.progress = progress
        originalKey = CacheKey.key(for: url, filter: context.cacheKeyFilter)
        let scale = CacheKey.scale(for: url, plainKey: url.absoluteString, context: context)
        self.scale = scale
        isLocal = url.isFileURL || url.scheme?.lowercased() == "data"
        fullKey = originalKey.map {
            CacheKey.scaled(CacheKey.key(base: $0, decode: DecodeOptions(options: options, context: context),
                                         transformerKey: CacheKey.transformerKey(for: context, options: options)),
                            scale: scale)
        }
        var inner = context
        inner.callbackQueue = .current
        innerContext = inner
    }

    /// The steps of a shared load (``ImageManager/loads``) that `base` started: the same URL,
    /// keys, scale and settings, already computed once for `base`, with `operation` and
    /// `progress` of the shared run; its caller's context is `base`'s inner one (calling back
    /// on the finishing thread).
    init(sharing base: LoadTask, operation: ImageLoadOperation, progress: (@Sendable (ImageProgress) -> Void)?) {
        manager = base.manager
        self.operation = operation
        url = base.url
        options = base.options
        context = base.innerContext
        cache = base.cache
        loader = base.loader
        self.progress = progress
        originalKey = base.originalKey
        fullKey = base.fullKey
        innerContext = base.innerContext
        memoryLookedUp = base.memoryLookedUp
        isShared = true
        scale = base.scale
        isLocal = base.isLocal
    }

    /// Identical loads share one run of the steps below (cache query, download, decode,
    /// transform, store); the others run them alone.
    func start() {
        if !isShared, let key = identicalLoadKey {
            return joinSharedLoad(key)
        }
        if options.contains(.fromLoaderOnly) || fullKey == nil || queryTiers == .none {
            download(cached: nil)
        } else {
            queryCache()
        }
    }

    /// The tiers this load may store into: the context's, without the disk for a local URL.
    var storeTiers: ImageCacheType {
        isLocal ? context.storeCacheType.intersection(.memory) : context.storeCacheType
    }

    /// The tiers this load may look in: the context's, without the disk for a local URL.
    var queryTiers: ImageCacheType {
        isLocal ? context.queryCacheType.intersection(.memory) : context.queryCacheType
    }

    /// `image` at this load's ``scale`` (itself when it has it already). Decoders make images
    /// of scale 1, so a load at scale 1 has nothing to do.
    func scaled(_ image: PlatformImage) -> PlatformImage {
        scale == 1 ? image : PlatformImageBridge.withScale(image, scale)
    }

    func finish(_ image: PlatformImage, data: Data?, cacheType: ImageCacheType) {
        operation.finish(.success(ImageResult(image: image, data: data, cacheType: cacheType, url: url)))
    }

    func fail(_ code: ImageError.Code, underlying: (any Error)? = nil) {
        operation.finish(.failure(ImageError(code, url: url, underlying: underlying)))
    }

    /// Whether the image may go through the context's transformer (whether it is animated
    /// is decided in ``transform(_:then:)``, where the pixels are read once anyway).
    func shouldTransform(_ image: PlatformImage) -> Bool {
        context.transformer != nil && !PlatformImageBridge.isUndecoded(image)
    }

    /// Runs the transformer off the calling thread (it may be a cache's IO queue or a
    /// session's delegate queue) and hands back the result: nil when it declined or the image
    /// is animated without ``ImageOptions/transformAnimatedImage``, an error when the output
    /// would pass the load's ``DecodeOptions/maxPixelCount`` or the parameters cannot apply.
    ///
    /// It works on `decoded`, the decoder's own output, when the loader passed it on; only
    /// without it are the pixels read back out of `image` (on Apple platforms a redraw that
    /// unpremultiplies and drops frame durations). The output is converted to a platform
    /// image once; its pixels go along for the store step, which has the cache encode them
    /// for the disk tier after the load delivered (``ImageCaching/storeTransformed(_:pixels:sourceFormat:sourceData:forKey:cacheType:completion:)``).
    func transform(_ image: PlatformImage, decoded: DecodedImage? = nil,
                   then next: @escaping @Sendable (Result<TransformOutput?, ImageError>) -> Void) {
        guard let transformer = context.transformer else { return next(.success(nil)) }
        let transformsAnimated = options.contains(.transformAnimatedImage)
        let maxPixelCount = DecodeOptions(options: options, context: context).maxPixelCount
        DispatchQueue.global(qos: .userInitiated).async {
            guard !operation.isFinished else { return }
            guard let source = decoded ?? PlatformImageBridge.decodedImage(from: image),
                  !source.isAnimated || transformsAnimated else { return next(.success(nil)) }
            let output: DecodedImage
            do throws(ImageError) {
                guard let made = try transformer.transform(source, maxPixelCount: maxPixelCount) else {
                    return next(.success(nil))
                }
                output = made
            } catch {
                return next(.failure(ImageError(error.code, url: url, underlying: error.underlying)))
            }
            next(.success(TransformOutput(image: PlatformImageBridge.platformImage(from: output), pixels: output,
                                          sourceFormat: source.format)))
        }
    }
}

/// What ``LoadTask/transform(_:decoded:then:)`` made: the image to deliver and keep in
/// memory, and the pixels (with the source's format) the cache encodes for the disk tier.
struct TransformOutput: Sendable {
    let image: PlatformImage
    let pixels: DecodedImage
    let sourceFormat: ImageFormat
}

