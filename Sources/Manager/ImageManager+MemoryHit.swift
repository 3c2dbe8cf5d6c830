import Foundation

extension ImageManager {
    /// The synchronous memory hit, answered without the machinery a miss needs (no
    /// registered operation, no ``LoadTask``, no closure chain): a memory hit is the most
    /// frequent load of all (every cell shown again), so it costs one key build, one lock for
    /// the failed list and one memory-tier lookup, the load's only one. No hit when the load
    /// must take the full path: options that make a memory hit insufficient (revalidation, disk
    /// bytes, first frame of an animation), a cache without a synchronous memory tier, a key
    /// filter that declines, or a miss.
    ///
    /// - Parameter plainKey: `url.absoluteString`, already computed by the caller.
    ///
    /// Returns the image alone: the caller builds the one `ImageResult` it delivers. A result
    /// holds a `URL`, whose layout Foundation keeps resilient, so every extra copy or destroy
    /// of an `ImageResult?` goes through runtime value witnesses (measured: ~130 instructions
    /// each, a sizeable part of a hit).
    func memoryHit(_ url: URL, plainKey: String, options: ImageOptions, context: borrowing ImageContext) -> MemoryLookup {
        guard options.isDisjoint(with: [.fromLoaderOnly, .refreshCached, .queryMemoryData, .decodeFirstFrameOnly]),
              context.queryCacheType.includesMemory else { return .notLooked }
        // Asked through `hasCache` (a pointer test): comparing, matching or binding the optional
        // existential copies it out first, which the common case, no per-request cache, need
        // not pay.
        let image: PlatformImage?
        if !context.hasCache {
            guard cache.hasSynchronousMemoryTier, let key = memoryKey(url, plainKey, options, context) else {
                return .notLooked
            }
            image = cache.memoryImage(forKey: key)
        } else {
            guard let other = context.cache, other.hasSynchronousMemoryTier,
                  let key = memoryKey(url, plainKey, options, context) else {
                return .notLooked
            }
            image = other.memoryImage(forKey: key)
        }
        guard let image, !PlatformImageBridge.isUndecoded(image) else { return .missed }
        return .hit(image)
    }

    /// The key a memory hit looks for: the URL through the key filter (nil: not cached),
    /// then the pixel-changing decode settings, the transformer's key and the scale. A plain
    /// load (no filter, transformer, pixel-changing option or scale: most of them) is keyed by
    /// `plainKey` itself, found without building decode options or copying the transformer.
    private func memoryKey(_ url: URL, _ plainKey: String, _ options: ImageOptions,
                           _ context: borrowing ImageContext) -> String? {
        if context.cacheKeyFilter == nil, context.imageScaleFactor == nil,
           CacheKey.isPlain(options: options, context: context), !CacheKey.containsAtSign(plainKey) {
            return CacheKey.plainKey(for: plainKey)
        }
        let base: String
        if let filter = context.cacheKeyFilter {
            guard let filtered = filter(url) else { return nil }
            base = filtered
        } else {
            base = CacheKey.plainKey(for: plainKey)
        }
        return CacheKey.scaled(CacheKey.key(base: base, decode: DecodeOptions(options: options, context: context),
                                            transformerKey: CacheKey.transformerKey(for: context, options: options)),
                               scale: CacheKey.scale(for: url, plainKey: plainKey, context: context))
    }
}

/// What the synchronous memory lookup found.
enum MemoryLookup {
    /// The memory tier was not asked (options that need more, a cache without a synchronous
    /// memory tier, a key filter that declines): the cache query asks every tier.
    case notLooked
    /// The memory tier was asked and had nothing: the cache query skips it.
    case missed
    case hit(PlatformImage)
}
