import Foundation
import OspreyCore

/// Storing, removing, checking and clearing, per ``ImageCaching``.
extension ImageCache {
    /// Stores `image` in memory (synchronously, at its decoded cost) and the bytes on disk (on
    /// the I/O queue), as `cacheType` allows. The disk gets `imageData` as given; without
    /// bytes, the image encoded as PNG by ``coders`` on ``coderQueue`` (if no PNG encoder is
    /// registered, or it fails, nothing is written — not an error). Memory is skipped when the config turns it
    /// off or there is no image. `completion` runs once everything is written: on a global
    /// queue after disk work, else on the calling thread.
    public func store(_ image: PlatformImage?, imageData: Data?, forKey key: String,
                      cacheType: ImageCacheType, completion: (@Sendable () -> Void)?) {
        if let image, cacheType.includesMemory, config.shouldCacheImagesInMemory {
            memoryCache.setObject(image, forKey: key, cost: PlatformImageBridge.cost(of: image))
        }
        guard cacheType.includesDisk, image != nil || imageData != nil else {
            completion?()
            return
        }
        let diskCache = diskCache
        let write: @Sendable (Data?) -> Void = { data in
            diskCache.ioQueue.async {
                if let data { diskCache.store(data, forKey: key) }
                Self.finish(completion)
            }
        }
        if let imageData {
            write(imageData)
        } else if let image {
            // Encoding is CPU work: on the coder queue, so the I/O queue only writes.
            coderQueue.async { write(self.encodedPNG(image)) }
        }
    }

    /// Stores bytes on disk only, synchronously (through the I/O queue); returns whether
    /// they were written.
    @discardableResult
    public func storeImageDataToDisk(_ imageData: Data, forKey key: String) -> Bool {
        diskCache.store(imageData, forKey: key)
    }

    /// Removes `key` from the tiers `cacheType` names (memory at once, disk on the I/O queue
    /// together with its extended data). `completion` as for ``store(_:imageData:forKey:cacheType:completion:)``.
    public func removeImage(forKey key: String, cacheType: ImageCacheType, completion: (@Sendable () -> Void)?) {
        if cacheType.includesMemory {
            memoryCache.removeObject(forKey: key)
        }
        guard cacheType.includesDisk else {
            completion?()
            return
        }
        diskCache.ioQueue.async { [diskCache] in
            diskCache.removeData(forKey: key)
            Self.finish(completion)
        }
    }

    /// Tells which tier holds `key`, memory first, without reading or decoding. A memory hit
    /// (or a memory-only check) answers on the calling thread; a disk check runs on the I/O
    /// queue and answers on a global queue.
    public func containsImage(forKey key: String, cacheType: ImageCacheType,
                              completion: @escaping @Sendable (ImageCacheType) -> Void) {
        if cacheType.includesMemory, memoryCache.object(forKey: key) != nil {
            completion(.memory)
            return
        }
        guard cacheType.includesDisk else {
            completion(.none)
            return
        }
        diskCache.ioQueue.async { [diskCache] in
            let found: ImageCacheType = diskCache.containsData(forKey: key) ? .disk : .none
            Self.finish { completion(found) }
        }
    }

    /// Empties the tiers `cacheType` names (memory at once, disk on the I/O queue).
    /// `completion` as for ``store(_:imageData:forKey:cacheType:completion:)``.
    public func clear(cacheType: ImageCacheType, completion: (@Sendable () -> Void)?) {
        if cacheType.includesMemory {
            memoryCache.removeAllObjects()
        }
        guard cacheType.includesDisk else {
            completion?()
            return
        }
        diskCache.ioQueue.async { [diskCache] in
            diskCache.removeAll()
            Self.finish(completion)
        }
    }

    /// The image as PNG bytes, or nil when it cannot be encoded.
    private func encodedPNG(_ image: PlatformImage) -> Data? {
        guard let decoded = PlatformImageBridge.decodedImage(from: image) else { return nil }
        return try? coders.encode(decoded, format: .png)
    }
}
