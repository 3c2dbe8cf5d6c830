import Foundation

/// What a cache query found, kept for `.refreshCached` revalidation.
struct CachedImage: Sendable {
    let image: PlatformImage
    let data: Data?
    let cacheType: ImageCacheType
}

extension LoadTask {
    /// Step 1: the image under its full key, in the tiers the context allows.
    func queryCache() {
        guard let fullKey else { return download(cached: nil) }
        let query = cache.queryImage(forKey: fullKey, options: options, context: innerContext,
                                     cacheType: context.queryCacheType) { image, data, cacheType in
            guard !operation.isFinished else { return }
            if let image, !PlatformImageBridge.isUndecoded(image) {
                return hit(CachedImage(image: image, data: data, cacheType: cacheType))
            }
            if let originalKey, originalKey != fullKey, context.queryCacheType.includesDisk {
                queryOriginal(originalKey)
            } else {
                miss()
            }
        }
        operation.setCacheOperation(query)
    }

    /// Step 1b, for transformed or thumbnail loads: the original bytes on disk, decoded with
    /// this load's options, then transformed and stored under the full key.
    private func queryOriginal(_ originalKey: String) {
        var diskOnly = innerContext
        // The decoded image belongs under the full key, not the original one.
        diskOnly.storeCacheType = .none
        let query = cache.queryImage(forKey: originalKey, options: options, context: diskOnly,
                                     cacheType: .disk) { image, data, _ in
            guard !operation.isFinished else { return }
            guard let image, !PlatformImageBridge.isUndecoded(image) else { return miss() }
            guard shouldTransform(image) else {
                storeDerived(image, transformed: false)
                return hit(CachedImage(image: image, data: data, cacheType: .disk))
            }
            transform(image, sourceData: data) { outcome in
                switch outcome {
                case .failure(let error):
                    fail(error.code)
                case .success(let output):
                    let result = output?.image ?? image
                    storeDerived(result, transformed: output != nil, encoded: output?.encoded)
                    hit(CachedImage(image: result, data: data, cacheType: .disk))
                }
            }
        }
        operation.setCacheOperation(query)
    }

    private func hit(_ cached: CachedImage) {
        if options.contains(.refreshCached) {
            download(cached: cached)
        } else {
            finish(cached.image, data: cached.data, cacheType: cached.cacheType)
        }
    }

    private func miss() {
        guard !options.contains(.fromCacheOnly) else { return fail(.cacheMiss) }
        guard let fullKey, context.queryCacheType.includesMemory else { return download(cached: nil) }
        // Another load of the same URL may have finished (and stored into memory) while this
        // one waited for its disk query; its downloader operation is gone by then, so asking
        // the loader now would fetch the image a second time. Look in memory once more.
        cache.queryImage(forKey: fullKey, options: options, context: innerContext, cacheType: .memory) { image, data, cacheType in
            guard !operation.isFinished else { return }
            if let image, !PlatformImageBridge.isUndecoded(image) {
                hit(CachedImage(image: image, data: data, cacheType: cacheType))
            } else {
                download(cached: nil)
            }
        }
    }

    /// Keeps an image derived from the original bytes under the full key: in memory, and on
    /// disk (encoded by the cache) when a transformer made new pixels.
    private func storeDerived(_ image: PlatformImage, transformed: Bool, encoded: Data? = nil) {
        guard let fullKey else { return }
        let tiers = context.storeCacheType.intersection(transformed ? .all : .memory)
        guard tiers != .none else { return }
        cache.store(image, imageData: encoded, forKey: fullKey, cacheType: tiers, completion: nil)
    }
}
