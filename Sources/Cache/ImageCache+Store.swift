import Foundation
import OspreyCore

/// Storing, removing, checking and clearing, per ``ImageCaching``.
extension ImageCache {
    /// Stores `image` in memory (synchronously, at its decoded cost) and the bytes on disk (on
    /// the I/O queue), as `cacheType` allows. The disk gets `imageData` as given; without
    /// bytes, the image encoded as PNG by ``coders`` on ``coderQueue``, its write still ordered
    /// on the I/O queue where this call put it (if no PNG encoder is registered, or it fails,
    /// nothing is written — not an error). Memory is skipped when the config turns it
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
        if let imageData {
            diskCache.ioQueue.async { [diskCache] in
                diskCache.store(imageData, forKey: key)
                Self.finish(completion)
            }
        } else if let image {
            writeEncoded(forKey: key, completion: completion) { self.encodedPNG(image) }
        }
    }

    /// Stores a transformed image: `image` in memory at once (as ``store(_:imageData:forKey:cacheType:completion:)``
    /// does), and `pixels` encoded per ``ImageCacheConfig/encodingPolicy`` on disk, the encode
    /// on ``coderQueue`` after this returns; the write keeps its place on the I/O queue, so a
    /// disk read of `key` asked for after this call finds the entry. Falls back to fast PNG
    /// when the policy's encoder fails; nothing is written when that fails too.
    public func storeTransformed(_ image: PlatformImage?, pixels: DecodedImage, sourceFormat: ImageFormat, sourceData: Data?,
                                 forKey key: String, cacheType: ImageCacheType, completion: (@Sendable () -> Void)?) {
        if let image, cacheType.includesMemory, config.shouldCacheImagesInMemory {
            memoryCache.setObject(image, forKey: key, cost: PlatformImageBridge.cost(of: image))
        }
        guard cacheType.includesDisk else {
            completion?()
            return
        }
        writeEncoded(forKey: key, completion: completion) {
            self.encodeForDisk(pixels, sourceFormat: sourceFormat, sourceData: sourceData)
        }
    }

    /// Encodes on the coder queue (CPU work, in parallel with other disk work) and writes the
    /// bytes to `key` from a slot taken on the I/O queue now: the slot waits for the encode, so
    /// the write is ordered before every disk operation queued after this call.
    private func writeEncoded(forKey key: String, completion: (@Sendable () -> Void)?,
                              encode: @escaping @Sendable () -> Data?) {
        // Written once by the encode, read once by the slot after `encoded` is left.
        let bytes = Locked<Data?>(nil)
        let encoded = DispatchGroup()
        encoded.enter()
        coderQueue.async {
            let data = encode()
            bytes.withLock { $0 = data }
            encoded.leave()
        }
        diskCache.ioQueue.async { [diskCache] in
            encoded.wait()
            if let data = bytes.withLock({ $0 }) { diskCache.store(data, forKey: key) }
            Self.finish(completion)
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
