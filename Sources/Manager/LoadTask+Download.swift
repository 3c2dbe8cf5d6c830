import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension LoadTask {
    /// Step 2: the loader. With a `cached` image (`.refreshCached`), the request carries the
    /// stored validators, and a 304 answer delivers the cached image unchanged.
    func download(cached: CachedImage?) {
        guard !options.contains(.fromCacheOnly) else { return fail(.cacheMiss) }
        var loadContext = innerContext
        if cached != nil, let originalKey, let validators = (cache as? any HTTPValidatorStoring)?.validators(forKey: originalKey) {
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
        if let originalKey, let response = loaded.response as? HTTPURLResponse,
           let store = cache as? any HTTPValidatorStoring {
            store.setValidators(HTTPValidators(response: response), forKey: originalKey)
        }
        guard shouldTransform(image) else {
            return store(image, original: loaded.data, transformed: false)
        }
        transform(image) { output in
            store(output ?? image, original: loaded.data, transformed: output != nil)
        }
    }
}
