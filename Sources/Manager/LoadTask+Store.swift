import Foundation

extension LoadTask {
    /// Stores a freshly loaded image and completes: the image (at the load's scale) in memory
    /// under the full key, the original bytes (or the context serializer's) on disk under the
    /// original key, and a transformed image on disk under the full key; a `data:` or `file://`
    /// URL's image in memory only. With `.waitStoreCache` the completion waits for the writes.
    /// `transformed` carries a transformer's pixels: the cache encodes them for disk after this
    /// returns (its write ordered before later disk reads), so without `.waitStoreCache` the
    /// load completes before the encode.
    func store(_ loaded: PlatformImage, original data: Data, transformed output: TransformOutput?) {
        let image = scaled(loaded)
        let tiers = storeTiers
        guard let originalKey, let fullKey, tiers != .none else {
            return finish(image, data: data, cacheType: .none)
        }
        let diskData = context.cacheSerializer.map { $0(image, data, url) } ?? data
        let isUndecoded = PlatformImageBridge.isUndecoded(image)
        let group = DispatchGroup()
        func write(_ image: PlatformImage?, _ bytes: Data?, _ key: String, _ cacheType: ImageCacheType) {
            guard cacheType != .none, image != nil || bytes != nil else { return }
            group.enter()
            cache.store(image, imageData: bytes, forKey: key, cacheType: cacheType) { group.leave() }
        }
        let memoryImage = isUndecoded ? nil : image
        if fullKey == originalKey {
            write(memoryImage, diskData, fullKey, diskData == nil ? tiers.intersection(.memory) : tiers)
        } else {
            // Derived image: memory always; disk only when the transformer made new pixels
            // (a thumbnail is cheaper to decode again from the original bytes than to store).
            if let output {
                group.enter()
                cache.storeTransformed(memoryImage, pixels: output.pixels, sourceFormat: output.sourceFormat,
                                       sourceData: data, forKey: fullKey, cacheType: tiers) { group.leave() }
            } else {
                write(memoryImage, nil, fullKey, tiers.intersection(.memory))
            }
            write(nil, diskData, originalKey, tiers.intersection(.disk))
        }
        if options.contains(.waitStoreCache) {
            group.notify(queue: .global(qos: .userInitiated)) {
                finish(image, data: data, cacheType: .none)
            }
        } else {
            finish(image, data: data, cacheType: .none)
        }
    }
}
