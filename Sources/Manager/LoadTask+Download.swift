import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension LoadTask {
    /// Step 2: the loader. With a `cached` image (`.refreshCached`, already delivered), the
    /// request carries the stored validators; a 304, the same bytes again, or a failure ends
    /// the load without a second call, and only a different image is delivered again.
    func download(cached: CachedImage?) {
        guard !options.contains(.fromCacheOnly) else { return fail(.cacheMiss) }
        requestFromLoader(cached: cached)
    }

    /// Subscribes this load to the one load of its identical loads, starting it when there is
    /// none: each subscriber gets its own progress and the shared result; one that cancels
    /// leaves the others their load (it only stops when all have left).
    func joinSharedLoad(_ key: String) {
        let operation = operation
        let progress = forwardedProgress
        let subscription = manager.loads.subscribe(key, priority: LoadPriority(options), listens: progress != nil,
                                                   start: { task in
            runningShared(task).start()
        }) { event in
            switch event {
            case .progress(let report): progress?(report)
            case .completed(let result): operation.finish(result)
            }
        }
        operation.setLoaderOperation(subscription)
    }

    /// This load's steps run for the shared `task`: an operation of their own (not registered
    /// with the manager, calling back on the finishing thread) whose result, progress and
    /// priority are the task's, cancelled when the task's last subscriber leaves.
    private func runningShared(_ task: SharedTask<ImageResult, ImageProgress>) -> LoadTask {
        let inner = ImageLoadOperation(url: url, callbackQueue: .current,
                                       completion: { task.finish($0) }, onFinish: { _ in })
        task.onCancel({ inner.cancel() }, onPriorityChange: { inner.setPriority($0) })
        return LoadTask(sharing: self, operation: inner, progress: { task.send($0, replay: $0.partialImage != nil) })
    }

    /// Asks the loader for the image; the result goes through transform and store to this
    /// task's operation.
    private func requestFromLoader(cached: CachedImage?) {
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
                if let cached, isUnchanged(loaded, cached: cached) {
                    rememberValidators(of: loaded)
                    return operation.finishSilently()
                }
                didLoad(loaded)
            case .failure(let error) where error.code == .notModified && cached != nil:
                operation.finishSilently()
            case .failure(let error):
                if error.code != .cancelled {
                    manager.markFailed(url, blocked: loader.shouldBlockFailedURL(url, error: error))
                }
                operation.finish(.failure(error))
            }
        }
        operation.setLoaderOperation(token)
    }

    /// Loads that would produce exactly the same result share one run of their steps, from
    /// the cache query to the store: so one load's disk query cannot finish after another's
    /// download has ended and fetch the URL a second time. Nil (no sharing) when the context
    /// can make results differ per call: its own cache or loader, request, response or data
    /// modifiers (even with a ``ImageContext/downloadMergeKey``: sharing here is only ever
    /// narrower than the downloader's merging), or a cache serializer; and for revalidations
    /// and synchronous queries, which answer per call. The tiers, the flags that shape the
    /// result beyond the key, and whether memory was looked up already are part of it.
    var identicalLoadKey: String? {
        guard let fullKey, context.cache == nil, context.loader == nil, context.requestModifier == nil,
              context.responseModifier == nil, context.downloadDecryptor == nil,
              context.cacheSerializer == nil,
              options.isDisjoint(with: [.refreshCached, .queryDiskDataSync, .queryMemoryDataSync]) else { return nil }
        // `.handleCookies` changes the request: the downloader would not merge loads that
        // differ in it, so the manager must not share them either.
        // `.progressiveLoad`: a load that wants partial images must not ride on a download
        // started without them (the downloader makes partial images per caller that asks).
        let shaping = options.intersection([.avoidDecodeImage, .decodeFirstFrameOnly, .scaleDownLargeImages,
                                            .waitStoreCache, .transformAnimatedImage, .handleCookies,
                                            .progressiveLoad, .fromLoaderOnly, .fromCacheOnly, .queryMemoryData])
        // What shapes every request of the loader (its headers) is part of it too.
        // Numbers, not the tiers' descriptions: this string is built for every load.
        var key = String(shaping.rawValue)
        key.reserveCapacity(fullKey.utf8.count + 32)
        key += "|"
        key += String(context.storeCacheType.tierCode * 4 + context.queryCacheType.tierCode)
        key += memoryLookedUp ? "|m|" : "|-|"
        key += String(loader.requestGeneration)
        key += "|"
        key += fullKey
        return key
    }

    /// Progress goes to the caller's queue, thinned out to
    /// ``ImageContext/minimumProgressInterval``, and stops once the load has finished.
    ///
    /// Reports carrying a partial image (``ImageOptions/progressiveLoad``) are already paced
    /// by ``ImageContext/progressiveInterval`` and pass the byte thinning. None reaches the
    /// caller after its completion: the loader hands the last one on before the result, and
    /// the check is made again on the caller's queue, where the completion also runs. Partial
    /// images are neither transformed nor cached; only the final image is.
    var forwardedProgress: (@Sendable (ImageProgress) -> Void)? {
        guard let progress else { return nil }
        // A shared run reports to its shared task, which drops reports once it has closed;
        // each subscriber's own forwarding checks its operation, paces and hops for its caller.
        // Checking here too cost a lock per report.
        if isShared { return progress }
        let queue = context.callbackQueue
        let operation = operation
        let interval = context.minimumProgressInterval
        // The fraction last reported to this caller (nil: nothing reported yet); only kept
        // when reports are thinned (every manager load hands its loader a progress closure,
        // so this is made for most loads).
        let lastReported: Locked<Double?>? = interval > 0 ? Locked(nil) : nil
        return { report in
            guard !operation.isFinished else { return }
            if report.partialImage != nil {
                return queue.execute {
                    guard !operation.isFinished else { return }
                    progress(report)
                }
            }
            if let lastReported, let expected = report.expectedBytes, expected > 0 {
                let fraction = Double(report.receivedBytes) / Double(expected)
                let isDue = lastReported.withLock { last -> Bool in
                    if fraction < 1, let previous = last, fraction - previous < interval { return false }
                    last = fraction
                    return true
                }
                guard isDue else { return }
            }
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
        rememberValidators(of: loaded)
        guard shouldTransform(image) else {
            return store(image, original: loaded.data, transformed: nil)
        }
        transform(image, decoded: loaded.decodedImage) { outcome in
            switch outcome {
            case .failure(let error):
                fail(error.code)
            case .success(let output):
                store(output?.image ?? image, original: loaded.data, transformed: output)
            }
        }
    }
}

extension LoadTask {
    /// Keeps the response's validators (`ETag`, `Last-Modified`) for a later `.refreshCached`.
    func rememberValidators(of loaded: LoadedImage) {
        if let originalKey, context.storeCacheType.includesDisk, let response = loaded.response as? HTTPURLResponse {
            cache.setValidators(HTTPValidators(response: response), forKey: originalKey)
        }
    }

    /// Whether a revalidation's 200 brought the bytes already cached (a server that ignores
    /// the validators): the cached bytes when the query had them, else the disk tier's.
    func isUnchanged(_ loaded: LoadedImage, cached: CachedImage) -> Bool {
        guard let originalKey else { return false }
        guard let stored = cached.data ?? cache.originalData(forKey: originalKey) else { return false }
        return stored == loaded.data
    }
}
