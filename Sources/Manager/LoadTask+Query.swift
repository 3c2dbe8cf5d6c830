import Foundation

/// What a cache query found, kept for `.refreshCached` revalidation.
struct CachedImage: Sendable {
    let image: PlatformImage
    let data: Data?
    let cacheType: ImageCacheType
}

extension LoadTask {
    /// Step 1: the image under its full key, in the tiers the context allows (memory only if
    /// `loadImage` did not look there already). A derived image (a thumbnail, a transformer's
    /// output) is asked for together with its original's bytes: the cache reads the disk once
    /// for both (``ImageCaching/queryDerivedImage(forKey:originalKey:options:context:cacheType:completion:)``).
    /// A thumbnail is never on disk under its full key, so only the original's bytes are read
    /// for it; a transformer's output has its own file, looked at first.
    func queryCache() {
        guard let fullKey else { return download(cached: nil) }
        var tiers = queryTiers
        if memoryLookedUp { tiers = tiers.intersection(.disk) }
        if fullKey != originalKey, context.transformer == nil { tiers = tiers.intersection(.memory) }
        if let originalKey, originalKey != fullKey, queryTiers.includesDisk {
            return queryDerived(fullKey, originalKey: originalKey, tiers: tiers)
        }
        guard tiers != .none else { return miss() }
        let query = cache.queryImage(forKey: fullKey, options: options, context: innerContext,
                                     cacheType: tiers) { image, data, cacheType in
            guard !operation.isFinished else { return }
            if let image, !PlatformImageBridge.isUndecoded(image) {
                return hit(CachedImage(image: image, data: data, cacheType: cacheType))
            }
            miss()
        }
        operation.setCacheOperation(query)
    }

    /// Step 1, for transformed or thumbnail loads: the image under the full key, else the
    /// original's bytes on disk decoded with this load's options, then transformed and stored
    /// under the full key.
    private func queryDerived(_ fullKey: String, originalKey: String, tiers: ImageCacheType) {
        let query = cache.queryDerivedImage(forKey: fullKey, originalKey: originalKey, options: options,
                                            context: innerContext, cacheType: tiers) { answer in
            guard !operation.isFinished else { return }
            guard let image = answer.image, !PlatformImageBridge.isUndecoded(image) else { return miss() }
            guard answer.isOriginal else {
                return hit(CachedImage(image: image, data: answer.data, cacheType: answer.cacheType))
            }
            derive(from: image, data: answer.data)
        }
        operation.setCacheOperation(query)
    }

    /// Step 1b: the image this load delivers, made from the original decoded from disk.
    private func derive(from decoded: PlatformImage, data: Data?) {
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
