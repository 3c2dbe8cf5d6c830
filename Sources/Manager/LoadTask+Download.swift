import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension LoadTask {
    /// Step 2: the loader. With a `cached` image (`.refreshCached`), the request carries the
    /// stored validators, and a 304 answer delivers the cached image unchanged.
    func download(cached: CachedImage?) {
        guard !options.contains(.fromCacheOnly) else { return fail(.cacheMiss) }
        if cached == nil, let key = identicalLoadKey {
            guard lead(key) else { return }
        }
        var loadContext = innerContext
        if cached != nil, let originalKey, let validators = cache.validators(forKey: originalKey) {
            loadContext.requestModifier = validators.addingHeaders(to: context.requestModifier)
        }
        let token = loader.requestImage(with: url, options: options, context: loadContext,
                                        progress: forwardedProgress) { result in
            guard !operation.isFinished else { return }
            switch result {
            case .success(let loaded):
                manager.markFailed(url, blocked: false)
                didLoad(loaded)
            case .failure(let error) where error.code == .notModified && cached != nil:
                if let cached { finish(cached.image, data: cached.data, cacheType: cached.cacheType) }
            case .failure(let error):
                if error.code != .cancelled {
                    manager.markFailed(url, blocked: loader.shouldBlockFailedURL(url, error: error))
                }
                operation.finish(.failure(error))
            }
        }
        operation.setLoaderOperation(token)
    }

    /// Loads that would produce exactly the same result share one download here, in the
    /// manager, and not only in the loader: the loader's coalescing ends when the bytes have
    /// arrived, and a load whose cache query finishes after that would fetch the URL again
    /// before the first result reaches the memory cache. Nil (no sharing) when the context
    /// can make results differ per call: its own cache or loader, or request, response or
    /// data modifiers.
    var identicalLoadKey: String? {
        guard let fullKey, context.cache == nil, context.loader == nil, context.requestModifier == nil,
              context.responseModifier == nil, context.downloadDecryptor == nil else { return nil }
        let shaping = options.intersection([.avoidDecodeImage, .decodeFirstFrameOnly, .scaleDownLargeImages, .waitStoreCache])
        return "\(shaping.rawValue)|\(fullKey)"
    }

    /// True when this load leads the download for `key`; false when it joined a load already
    /// downloading, whose result it will deliver as its own. If the leader ends cancelled,
    /// the joined loads download for themselves (one of them leads the next round).
    private func lead(_ key: String) -> Bool {
        let joined = manager.joinDownload(key) { result in
            guard !operation.isFinished else { return }
            if case .failure(let error) = result, error.code == .cancelled {
                download(cached: nil)
            } else {
                operation.finish(result)
            }
        }
        guard !joined else { return false }
        let manager = manager
        if !operation.observeResult({ manager.finishDownload(key, with: $0) }) {
            manager.finishDownload(key, with: .failure(ImageError(.cancelled, url: url)))
            return false
        }
        return true
    }

    /// Progress goes to the caller's queue, and stops once the load has finished.
    private var forwardedProgress: (@Sendable (ImageProgress) -> Void)? {
        guard let progress else { return nil }
        let queue = context.callbackQueue
        let operation = operation
        return { report in
            guard !operation.isFinished else { return }
            queue.execute { progress(report) }
        }
    }

    /// Step 3: transform, store, complete.
    private func didLoad(_ loaded: LoadedImage) {
        let image: PlatformImage
        if let decoded = loaded.image {
            image = decoded
        } else if options.contains(.avoidDecodeImage) {
            image = PlatformImageBridge.undecodedImage(format: ImageFormat.detect(loaded.data))
        } else {
            return fail(.badImageData)
        }
        if let originalKey, context.storeCacheType.includesDisk, let response = loaded.response as? HTTPURLResponse {
            cache.setValidators(HTTPValidators(response: response), forKey: originalKey)
        }
        guard shouldTransform(image) else {
            return store(image, original: loaded.data, transformed: false)
        }
        transform(image) { output in
            store(output ?? image, original: loaded.data, transformed: output != nil)
        }
    }
}
