import Foundation

extension ImageManager {
    /// The synchronous memory hit, answered without the machinery a miss needs (no
    /// registered operation, no ``LoadTask``, no closure chain): a memory hit is the most
    /// frequent load of all (every cell shown again), so it costs one key build, one lock for
    /// the failed list and one memory-tier lookup. Nil when the load must take the full path:
    /// options that make a memory hit insufficient (revalidation, disk bytes, first frame of
    /// an animation), a cache other than ``ImageCache``, a key filter that declines, or a miss.
    ///
    /// - Parameter plainKey: `url.absoluteString`, already computed by the caller.
    ///
    /// Returns the image alone: the caller builds the one `ImageResult` it delivers. A result
    /// holds a `URL`, whose layout Foundation keeps resilient, so every extra copy or destroy
    /// of an `ImageResult?` goes through runtime value witnesses (measured: ~130 instructions
    /// each, a sizeable part of a hit).
    func memoryHit(_ url: URL, plainKey: String, options: ImageOptions, context: ImageContext) -> PlatformImage? {
        guard options.isDisjoint(with: [.fromLoaderOnly, .refreshCached, .queryMemoryData, .decodeFirstFrameOnly]),
              context.queryCacheType.includesMemory else { return nil }
        // Matched rather than unwrapped: binding the optional existential copies it (through
        // its value witnesses), which the common case, no per-request cache, need not pay.
        let imageCache: ImageCache
        switch context.cache {
        case .none:
            guard let own = self.imageCache else { return nil }
            imageCache = own
        case .some(let other):
            guard let cast = other as? ImageCache else { return nil }
            imageCache = cast
        }
        let base: String
        if let filter = context.cacheKeyFilter {
            guard let filtered = filter(url) else { return nil }
            base = filtered
        } else {
            base = plainKey
        }
        let key = CacheKey.key(base: base, decode: DecodeOptions(options: options, context: context),
                               transformerKey: CacheKey.transformerKey(for: context, options: options))
        guard let image = imageCache.memoryCache.object(forKey: key), !PlatformImageBridge.isUndecoded(image) else {
            return nil
        }
        return image
    }
}
