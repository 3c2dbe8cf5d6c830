import Foundation
import OspreyCore

/// The decode stage's key for a disk hit: the entry read, and the decode options that change
/// pixels (``DecodeOptions`` equality ignores the cancellation flag).
struct DiskDecodeKey: Hashable, Sendable {
    let key: String
    let options: DecodeOptions
}

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
    ///   go to the pipeline's decode stage (the code and the ``coderQueue`` that decode
    ///   downloaded bytes) with `DecodeOptions(options:context:)`; queries of the same entry
    ///   with the same options decoding at the same time share one decode. The image is put
    ///   into memory unless ``ImageContext/storeCacheType`` excludes memory (or the config
    ///   turns memory off). The answer goes to ``ImageContext/callbackQueue`` from the coder
    ///   queue, so with ``CallbackQueue/current`` the caller continues there, never on the
    ///   I/O queue (also on a disk miss).
    /// - ``ImageOptions/queryDiskDataSync`` (memory miss) and ``ImageOptions/queryMemoryDataSync``
    ///   (memory hit with ``ImageOptions/queryMemoryData``) read through the I/O queue, decode
    ///   on the calling thread with the decode stage's decoders and answer there before
    ///   returning.
    ///
    /// The completion gets the image (nil on a miss or undecodable bytes), the bytes read from
    /// disk (if any), and the tier that answered: ``ImageCacheType/memory``,
    /// ``ImageCacheType/disk`` (also when the bytes did not decode), or ``ImageCacheType/none``.
    /// It runs exactly once. The returned ``CacheQueryToken`` cancels the disk part: a
    /// cancelled query skips the read and the decode (a decode under way stops at its next
    /// check unless another query still waits for it) and answers a miss.
    @discardableResult
    public func queryImage(forKey key: String, options: ImageOptions, context: ImageContext,
                           cacheType: ImageCacheType,
                           completion: @escaping @Sendable (PlatformImage?, Data?, ImageCacheType) -> Void) -> (any Cancellable)? {
        query(key, originalKey: nil, options: options, context: context, cacheType: cacheType) { answer in
            completion(answer.image, answer.data, answer.cacheType)
        }
    }

    /// Looks up a derived image under `key` as ``queryImage(forKey:options:context:cacheType:completion:)``
    /// does, and when no tier asked holds it, `originalKey`'s bytes, read in the same job of the
    /// I/O queue: one disk visit for both files. The original is decoded with the same options
    /// and kept in no tier (the caller derives its image from it and stores that). Should the
    /// derived entry's bytes not decode, the original is read in a second visit.
    @discardableResult
    public func queryDerivedImage(forKey key: String, originalKey: String, options: ImageOptions, context: ImageContext,
                                  cacheType: ImageCacheType,
                                  completion: @escaping @Sendable (DerivedQueryAnswer) -> Void) -> (any Cancellable)? {
        query(key, originalKey: originalKey, options: options, context: context, cacheType: cacheType, completion: completion)
    }

    /// What the disk part of one query needs.
    private struct DiskLookup: Sendable {
        var key: String
        /// Whether the disk tier is asked for `key` (`cacheType` includes it).
        var readsKey: Bool
        /// Read when `key` is found in no tier.
        var originalKey: String?
        var memoryImage: PlatformImage?
        var token: CacheQueryToken
        var decodeOptions: DecodeOptions
        var storeInMemory: Bool
    }

    /// The bytes one disk visit found, and whether they are the original's.
    private struct Found: Sendable {
        var data: Data?
        var isOriginal = false
    }

    /// Both kinds of query: `originalKey` nil for a plain one.
    private func query(_ key: String, originalKey: String?, options: ImageOptions, context: ImageContext,
                       cacheType: ImageCacheType,
                       completion: @escaping @Sendable (DerivedQueryAnswer) -> Void) -> (any Cancellable)? {
        var memoryImage: PlatformImage?
        if cacheType.includesMemory, let image = memoryCache.object(forKey: key) {
            memoryImage = image
            if options.contains(.decodeFirstFrameOnly), PlatformImageBridge.isAnimated(image) {
                memoryImage = nil
            }
        }
        if let memoryImage, !options.contains(.queryMemoryData) || !cacheType.includesDisk {
            completion(DerivedQueryAnswer(image: memoryImage, data: nil, cacheType: .memory, isOriginal: false))
            return nil
        }
        if memoryImage == nil, !cacheType.includesDisk, originalKey == nil {
            completion(.miss)
            return nil
        }

        let token = CacheQueryToken()
        let lookup = DiskLookup(key: key, readsKey: cacheType.includesDisk, originalKey: originalKey,
                                memoryImage: memoryImage, token: token,
                                decodeOptions: DecodeOptions(options: options, context: context),
                                storeInMemory: context.storeCacheType.includesMemory && config.shouldCacheImagesInMemory)
        let synchronous = memoryImage == nil ? options.contains(.queryDiskDataSync) : options.contains(.queryMemoryDataSync)
        if synchronous {
            deliver(answerNow(lookup), token: token, to: completion)
        } else {
            let callbackQueue = context.callbackQueue
            diskCache.visit {
                let found = self.read(lookup)
                self.decode(found, for: lookup) { answer in
                    callbackQueue.execute { self.deliver(answer, token: token, to: completion) }
                }
            }
        }
        return token
    }

    /// The file-system part of a query, on the I/O queue: `key`'s bytes, else the
    /// original's; nothing when the query was cancelled.
    private func read(_ lookup: DiskLookup) -> Found {
        guard !lookup.token.isCancelled else { return Found() }
        if lookup.readsKey, let data = diskCache.data(forKey: lookup.key) {
            return Found(data: data)
        }
        if lookup.memoryImage == nil, let originalKey = lookup.originalKey,
           let data = diskCache.data(forKey: originalKey) {
            return Found(data: data, isOriginal: true)
        }
        return Found()
    }

    /// The CPU part of a query, called on the I/O queue, answering on the coder queue: the
    /// memory image with the bytes read, or the bytes decoded by the decode stage (and
    /// remembered in memory). Never answers on the I/O queue.
    private func decode(_ found: Found, for lookup: DiskLookup,
                        then done: @escaping @Sendable (DerivedQueryAnswer) -> Void) {
        if let image = lookup.memoryImage {
            let data = found.data
            return coderQueue.async { done(DerivedQueryAnswer(image: image, data: data, cacheType: .memory, isOriginal: false)) }
        }
        guard let data = found.data, !lookup.token.isCancelled else {
            return coderQueue.async { done(.miss) }
        }
        let entry = found.isOriginal ? lookup.originalKey ?? lookup.key : lookup.key
        let subscription = decodes.subscribe(DiskDecodeKey(key: entry, options: lookup.decodeOptions), start: { task in
            DecodeRun<Data>(task: task, options: lookup.decodeOptions, partialInterval: nil, decoders: stageDecoders,
                            coderQueue: coderQueue, pending: nil, data: { $0 }).start(body: data)
        }) { [self] event in
            guard case .completed(let result) = event else { return }
            switch result {
            case .success(let decoded):
                let image = remember(decoded.image, forKey: entry, storeInMemory: lookup.storeInMemory && !found.isOriginal)
                done(DerivedQueryAnswer(image: image, data: data, cacheType: .disk, isOriginal: found.isOriginal))
            case .failure where lookup.token.isCancelled:
                // Heard on the cancelling thread: the answer still comes from the coder queue.
                coderQueue.async { done(.miss) }
            case .failure:
                if !found.isOriginal, lookup.originalKey != nil {
                    // The derived entry is damaged: the original may still do.
                    var fallback = lookup
                    fallback.readsKey = false
                    let original = fallback
                    return diskCache.visit { self.decode(self.read(original), for: original, then: done) }
                }
                done(DerivedQueryAnswer(image: nil, data: data, cacheType: .disk, isOriginal: found.isOriginal))
            }
        }
        lookup.token.follow(subscription)
    }

    /// A synchronous query, on the calling thread: the read through the I/O queue, then the
    /// decode here.
    private func answerNow(_ lookup: DiskLookup) -> DerivedQueryAnswer {
        let found = diskCache.visitNow { read(lookup) }
        if let image = lookup.memoryImage {
            return DerivedQueryAnswer(image: image, data: found.data, cacheType: .memory, isOriginal: false)
        }
        guard let data = found.data, !lookup.token.isCancelled else { return .miss }
        let entry = found.isOriginal ? lookup.originalKey ?? lookup.key : lookup.key
        let image = decodeAndRemember(data, forKey: entry, options: lookup.decodeOptions,
                                      storeInMemory: lookup.storeInMemory && !found.isOriginal)
        if image == nil, !found.isOriginal, lookup.originalKey != nil {
            var original = lookup
            original.readsKey = false
            return answerNow(original)
        }
        return DerivedQueryAnswer(image: image, data: data, cacheType: .disk, isOriginal: found.isOriginal)
    }

    /// Calls the completion once; a query cancelled by now gets a miss.
    private func deliver(_ answer: DerivedQueryAnswer, token: CacheQueryToken,
                         to completion: @Sendable (DerivedQueryAnswer) -> Void) {
        completion(token.isCancelled ? .miss : answer)
    }
}
