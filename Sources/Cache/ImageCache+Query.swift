import Foundation
import OspreyCore

/// Querying the two tiers, with `SDImageCache`'s option semantics.
extension ImageCache {
    /// Looks `key` up in the tiers `cacheType` allows, memory first.
    ///
    /// - The memory tier is asked synchronously. A hit (or a miss when `cacheType` is
    ///   ``ImageCacheType/memory``) is answered at once, on the calling thread, and returns nil,
    ///   unless ``ImageOptions/queryMemoryData`` asks for the bytes too. With
    ///   ``ImageOptions/decodeFirstFrameOnly`` an animated image in memory does not count as a
    ///   hit, so that the disk copy is decoded to its first frame.
    /// - Otherwise the file is read on the I/O queue (which does nothing else), then the bytes
    ///   are decoded on ``coderQueue`` with `DecodeOptions(options:context:)` and the image is
    ///   put into memory unless ``ImageContext/storeCacheType`` excludes memory (or the config
    ///   turns memory off). The answer goes to ``ImageContext/callbackQueue`` from the coder
    ///   queue, so with ``CallbackQueue/current`` the caller continues there, never on the
    ///   I/O queue (also on a disk miss).
    /// - ``ImageOptions/queryDiskDataSync`` (memory miss) and ``ImageOptions/queryMemoryDataSync``
    ///   (memory hit with ``ImageOptions/queryMemoryData``) read through the I/O queue, decode
    ///   on the calling thread and answer there before returning.
    ///
    /// The completion gets the image (nil on a miss or undecodable bytes), the bytes read from
    /// disk (if any), and the tier that answered: ``ImageCacheType/memory``,
    /// ``ImageCacheType/disk`` (also when the bytes did not decode), or ``ImageCacheType/none``.
    /// It runs exactly once. The returned ``CacheQueryToken`` cancels the disk part: a
    /// cancelled query skips the read and the decode and answers a miss.
    @discardableResult
    public func queryImage(forKey key: String, options: ImageOptions, context: ImageContext,
                           cacheType: ImageCacheType,
                           completion: @escaping @Sendable (PlatformImage?, Data?, ImageCacheType) -> Void) -> (any Cancellable)? {
        guard cacheType != .none else {
            completion(nil, nil, .none)
            return nil
        }
        var memoryImage: PlatformImage?
        if cacheType.includesMemory, let image = memoryCache.object(forKey: key) {
            memoryImage = image
            if options.contains(.decodeFirstFrameOnly), PlatformImageBridge.isAnimated(image) {
                memoryImage = nil
            }
        }
        if cacheType == .memory || (memoryImage != nil && !options.contains(.queryMemoryData)) {
            completion(memoryImage, nil, memoryImage == nil ? .none : .memory)
            return nil
        }

        let token = CacheQueryToken()
        var decodeOptions = DecodeOptions(options: options, context: context)
        // Cancelling the query stops a decode in progress, not only one not yet started.
        decodeOptions.cancellation = token.decodeCancellation
        let lookup = DiskLookup(key: key, memoryImage: memoryImage, token: token,
                                decodeOptions: decodeOptions,
                                storeInMemory: context.storeCacheType.includesMemory && config.shouldCacheImagesInMemory)
        let synchronous = memoryImage == nil ? options.contains(.queryDiskDataSync) : options.contains(.queryMemoryDataSync)
        if synchronous {
            let data = diskCache.onIOQueue { readFromDisk(lookup) }
            deliver(answer(lookup, data: data), token: token, to: completion)
        } else {
            let callbackQueue = context.callbackQueue
            diskCache.ioQueue.async {
                let data = self.readFromDisk(lookup)
                // Decoding is CPU work: it runs on the concurrent coder queue, so disk hits
                // decode in parallel and the serial I/O queue is free for the next read.
                self.coderQueue.async {
                    let answer = self.answer(lookup, data: data)
                    callbackQueue.execute { self.deliver(answer, token: token, to: completion) }
                }
            }
        }
        return token
    }

    /// What the disk part of one query needs.
    private struct DiskLookup: Sendable {
        var key: String
        var memoryImage: PlatformImage?
        var token: CacheQueryToken
        var decodeOptions: DecodeOptions
        var storeInMemory: Bool
    }

    private struct Answer: Sendable {
        var image: PlatformImage?
        var data: Data?
        var cacheType: ImageCacheType
        static let miss = Answer(image: nil, data: nil, cacheType: .none)
    }

    /// The file-system part of a query, on the I/O queue: the bytes, or nil on a miss or
    /// when the query was cancelled.
    private func readFromDisk(_ lookup: DiskLookup) -> Data? {
        guard !lookup.token.isCancelled else { return nil }
        return diskCache.data(forKey: lookup.key)
    }

    /// The CPU part of a query, off the I/O queue: the memory image with the bytes read, or
    /// the bytes decoded (and remembered in memory).
    private func answer(_ lookup: DiskLookup, data: Data?) -> Answer {
        if let image = lookup.memoryImage {
            return Answer(image: image, data: data, cacheType: .memory)
        }
        guard let data, !lookup.token.isCancelled else { return .miss }
        let image = decodeAndRemember(data, forKey: lookup.key, options: lookup.decodeOptions,
                                      storeInMemory: lookup.storeInMemory)
        return Answer(image: image, data: data, cacheType: .disk)
    }

    /// Calls the completion once; a query cancelled by now gets a miss.
    private func deliver(_ answer: Answer, token: CacheQueryToken,
                         to completion: @Sendable (PlatformImage?, Data?, ImageCacheType) -> Void) {
        let final = token.isCancelled ? .miss : answer
        completion(final.image, final.data, final.cacheType)
    }
}
