import Foundation

/// What a cache query found, kept for `.refreshCached` revalidation.
struct CachedImage: Sendable {
    let image: PlatformImage
    let data: Data?
    let cacheType: ImageCacheType
}

extension LoadTask {
    /// Step 1: the image under its full key, in the tiers the context allows (memory only if
    /// `loadImage` did not look there already). A derived image (a thumbnail) is never on
    /// disk under its full key, so only the original's bytes are read for it: a load reads
    /// the disk once, except for a transformer's output, which has its own file.
    func queryCache() {
        guard let fullKey else { return download(cached: nil) }
        var tiers = queryTiers
        if memoryLookedUp { tiers = tiers.intersection(.disk) }
        if fullKey != originalKey, context.transformer == nil { tiers = tiers.intersection(.memory) }
        guard tiers != .none else { return queryOriginalOrMiss() }
        let query = cache.queryImage(forKey: fullKey, options: options, context: innerContext,
                                     cacheType: tiers) { image, data, cacheType in
            guard !operation.isFinished else { return }
            if let image, !PlatformImageBridge.isUndecoded(image) {
                return hit(CachedImage(image: image, data: data, cacheType: cacheType))
            }
            queryOriginalOrMiss()
        }
        operation.setCacheOperation(query)
    }

    private func queryOriginalOrMiss() {
        if let originalKey, originalKey != fullKey, queryTiers.includesDisk {
            queryOriginal(originalKey)
        } else {
            miss()
        }
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
            guard let decoded = image, !PlatformImageBridge.isUndecoded(decoded) else { return miss() }
            let image = scaled(decoded)
            guard shouldTransform(image) else {
                storeDerived(image, transformed: nil, sourceData: data)
                return hit(CachedImage(image: image, data: data, cacheType: .disk))
            }
            transform(image) { outcome in
                switch outcome {
                case .failure(let error):
                    fail(error.code)
                case .success(let output):
                    let result = output.map { scaled($0.image) } ?? image
                    storeDerived(result, transformed: output, sourceData: data)
                    hit(CachedImage(image: result, data: data, cacheType: .disk))
                }
            }
        }
        operation.setCacheOperation(query)
    }

    private func hit(_ found: CachedImage) {
        // A transformed image read back from disk has scale 1 like every decode.
        let cached = CachedImage(image: scaled(found.image), data: found.data, cacheType: found.cacheType)
        if options.contains(.refreshCached) {
            // The cached image goes out now; the revalidation may follow it with a new one.
            let first = ImageResult(image: cached.image, data: cached.data, cacheType: cached.cacheType, url: url)
            guard operation.deliverCached(first) else { return }
            download(cached: cached)
        } else {
            finish(cached.image, data: cached.data, cacheType: cached.cacheType)
        }
    }

    private func miss() {
        guard !options.contains(.fromCacheOnly) else { return fail(.cacheMiss) }
        download(cached: nil)
    }

    /// Keeps an image derived from the original bytes under the full key: in memory, and on
    /// disk (encoded by the cache, after delivery) when a transformer made new pixels.
    private func storeDerived(_ image: PlatformImage, transformed output: TransformOutput?, sourceData: Data?) {
        guard let fullKey else { return }
        let tiers = storeTiers.intersection(output != nil ? .all : .memory)
        guard tiers != .none else { return }
        if let output {
            cache.storeTransformed(image, pixels: output.pixels, sourceFormat: output.sourceFormat, sourceData: sourceData,
                                   forKey: fullKey, cacheType: tiers, completion: nil)
        } else {
            cache.store(image, imageData: nil, forKey: fullKey, cacheType: tiers, completion: nil)
        }
    }
}
