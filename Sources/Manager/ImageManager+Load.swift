import Foundation

extension ImageManager {
    /// Loads the image at `url`: memory cache, then disk cache, then the loader; transforms
    /// it if the context has a transformer; stores it; then calls `completed` exactly once on
    /// the context's callback queue (also after `cancel()`, with `.cancelled`).
    ///
    /// - A nil or empty URL, or one the loader cannot fetch, fails with `.invalidURL`.
    /// - A `data:` URL (base64 or percent-encoded) is decoded from its own bytes, with no
    ///   network, unless the loader takes `data:` URLs itself; a `data:` or `file://` image is
    ///   kept in the memory tier, never copied to the disk tier.
    /// - An `@2x`/`@3x` file name (or ``ImageContext/imageScaleFactor``) sets the image's scale.
    /// - A URL whose last load failed permanently fails with `.blackListed` unless
    ///   ``ImageOptions/retryFailed`` is given.
    /// - ``ImageOptions/fromCacheOnly`` never loads: a miss is `.cacheMiss`.
    /// - ``ImageOptions/refreshCached`` delivers a cached image at once and revalidates it
    ///   with a conditional GET: `completed` is called a second time if, and only if, the
    ///   server sends a different image (see the option).
    ///
    /// A memory hit completes before this method returns when the callback queue allows it
    /// (`.current`, or `.main` called on the main thread). As in SDWebImage, whether the
    /// loader can fetch the URL is asked only when the memory cache cannot answer.
    @discardableResult
    public func loadImage(with url: URL?, options: ImageOptions = [], context: ImageContext = .init(),
                          progress: (@Sendable (ImageProgress) -> Void)? = nil,
                          completed: @escaping @Sendable (Result<ImageResult, ImageError>) -> Void) -> ImageLoadOperation {
        let plainKey = url?.absoluteString ?? ""
        guard let url, !plainKey.isEmpty else {
            return failed(.invalidURL, url: url, context: context, completed: completed)
        }
        if !options.contains(.retryFailed) && isFailedURL(url) {
            return failed(.blackListed, url: url, context: context, completed: completed)
        }
        let lookup = memoryHit(url, plainKey: plainKey, options: options, context: context)
        if case .hit(let image) = lookup {
            if case .current = context.callbackQueue {
                completed(.success(ImageResult(image: image, data: nil, cacheType: .memory, url: url)))
            } else {
                context.callbackQueue.execute {
                    completed(.success(ImageResult(image: image, data: nil, cacheType: .memory, url: url)))
                }
            }
            return .finished(url: url)
        }
        var loader = context.loader ?? self.loader
        if url.scheme?.lowercased() == "data",
           !loader.canRequestImage(for: url) {
            loader = DataURLLoader.shared
        }
        guard options.contains(.fromCacheOnly) || loader.canRequestImage(for: url) else {
            return failed(.invalidURL, url: url, context: context, completed: completed)
        }
        let operation = ImageLoadOperation(url: url, callbackQueue: context.callbackQueue, completion: completed,
                                           onFinish: { [weak self] in self?.unregister($0) })
        register(operation)
        let task = LoadTask(manager: self, operation: operation, url: url, options: options, context: context,
                            cache: context.cache ?? cache, loader: loader, progress: progress,
                            memoryLookedUp: { if case .missed = lookup { true } else { false } }())
        task.start()
        return operation
    }

    /// An operation that failed before it started: `completed` gets `code` on the callback queue.
    private func failed(_ code: ImageError.Code, url: URL?, context: ImageContext,
                        completed: @escaping @Sendable (Result<ImageResult, ImageError>) -> Void) -> ImageLoadOperation {
        let operation = ImageLoadOperation(url: url, callbackQueue: context.callbackQueue, completion: completed,
                                           onFinish: { _ in })
        operation.finish(.failure(ImageError(code, url: url)))
        return operation
    }

    /// Loads the image at `url` (see ``loadImage(with:options:context:progress:completed:)``);
    /// cancelling the Swift task cancels the load, which then throws `.cancelled`.
    ///
    /// With ``ImageOptions/refreshCached`` and a cached image this returns the cached image;
    /// the revalidation goes on, and a new image it brings replaces the cached one in the cache.
    public func loadImage(with url: URL, options: ImageOptions = [],
                          context: ImageContext = .init()) async throws(ImageError) -> ImageResult {
        var context = context
        context.callbackQueue = .current
        let box = Locked<ImageLoadOperation?>(nil)
        // A refresh may call back twice; the continuation takes the first call only.
        let resumed = Locked(false)
        let result: Result<ImageResult, ImageError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let operation = loadImage(with: url, options: options, context: context) { result in
                    let first = resumed.withLock { done in
                        defer { done = true }
                        return !done
                    }
                    if first { continuation.resume(returning: result) }
                }
                box.withLock { $0 = operation }
                // A cancel that arrived before the operation existed found nothing to cancel.
                if Task.isCancelled { operation.cancel() }
            }
        } onCancel: {
            box.withLock { $0 }?.cancel()
        }
        return try result.get()
    }
}

extension ImageCacheType {
    /// A distinct number per tier selection, for keys built on every load.
    var tierCode: Int {
        switch self {
        case .none: 0
        case .memory: 1
        case .disk: 2
        case .all: 3
        }
    }

    /// The tiers both selections include.
    func intersection(_ other: ImageCacheType) -> ImageCacheType {
        switch (includesMemory && other.includesMemory, includesDisk && other.includesDisk) {
        case (true, true): .all
        case (true, false): .memory
        case (false, true): .disk
        case (false, false): .none
        }
    }
}
