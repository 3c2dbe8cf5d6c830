import Dispatch
import Foundation
@testable import OspreyCache
import OspreyCore
import OspreyTestSupport
import OspreyTestTraits
import Testing

/// One query answer, as recorded by the tests.
struct QueryAnswer: Sendable {
    let image: PlatformImage?
    let data: Data?
    let cacheType: ImageCacheType
    let onCallbackQueue: Bool
}

/// `ImageCache`'s query options, tiers and callbacks (the shared contract is in
/// `CacheConformanceTests`).
@Suite("ImageCache", .offCooperativePool)
struct ImageCacheTests {
    /// A cache in a fresh folder with the test coders; `body` gets it and a callback queue.
    private func withImageCache(decoder: TestRawDecoder = TestRawDecoder(), withEncoder: Bool = true,
                                configure: (inout ImageCacheConfig) -> Void = { _ in },
                                _ body: (ImageCache, CallbackProbe) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var config = ImageCacheConfig()
        configure(&config)
        let cache = ImageCache(namespace: "image-cache-tests", diskCacheDirectory: directory.url, config: config,
                               coders: makeTestCoders(decoder: decoder, withEncoder: withEncoder))
        try await body(cache, CallbackProbe())
    }

    @Test("a memory hit answers synchronously on the calling thread, without a token")
    func memoryHitIsSynchronous() async throws {
        try await withImageCache { cache, probe in
            let item = TestItem(tag: 1)
            cache.store(item.image, imageData: nil, forKey: "a", cacheType: .memory, completion: nil)
            let recorder = Recorder<QueryAnswer>()
            let token = cache.queryImage(forKey: "a", options: [], context: probe.context, cacheType: .all,
                                         completion: probe.recording(into: recorder))
            #expect(token == nil)
            #expect(recorder.count == 1, "answered before returning")
            let answer = try await recorder.first()
            #expect(answer.image.map(TestItem.init(image:)) == item)
            #expect(answer.cacheType == .memory && answer.data == nil && !answer.onCallbackQueue)
        }
    }

    @Test("a disk hit is decoded, remembered in memory and answered on the callback queue")
    func diskHit() async throws {
        try await withImageCache { cache, probe in
            let item = TestItem(tag: 2)
            try await store(item, in: cache, as: .disk)
            #expect(cache.imageFromMemoryCache(forKey: "a") == nil)
            let answer = try await query(cache, probe)
            #expect(answer.image.map(TestItem.init(image:)) == item)
            #expect(answer.data == item.data && answer.cacheType == .disk && answer.onCallbackQueue)
            #expect(cache.imageFromMemoryCache(forKey: "a") === answer.image)
        }
    }

    @Test("a storeCacheType without memory keeps a disk hit out of memory")
    func storeCacheTypeExcludesMemory() async throws {
        try await withImageCache { cache, probe in
            try await store(TestItem(tag: 3), in: cache, as: .disk)
            var context = probe.context
            context.storeCacheType = .disk
            let answer = try await query(cache, probe, context: context)
            #expect(answer.cacheType == .disk && answer.image != nil)
            #expect(cache.imageFromMemoryCache(forKey: "a") == nil)
        }
    }

    @Test("queryMemoryData adds the disk bytes to a memory hit; queryMemoryDataSync answers at once")
    func queryMemoryData() async throws {
        try await withImageCache { cache, probe in
            let item = TestItem(tag: 4)
            try await store(item, in: cache, as: .all)
            let async = try await query(cache, probe, options: [.queryMemoryData])
            #expect(async.cacheType == .memory && async.data == item.data && async.onCallbackQueue)

            let recorder = Recorder<QueryAnswer>()
            cache.queryImage(forKey: "a", options: [.queryMemoryData, .queryMemoryDataSync], context: probe.context,
                             cacheType: .all, completion: probe.recording(into: recorder))
            #expect(recorder.count == 1)
            let sync = try await recorder.first()
            #expect(sync.cacheType == .memory && sync.data == item.data && !sync.onCallbackQueue)
        }
    }

    @Test("queryDiskDataSync reads and decodes before returning")
    func queryDiskDataSync() async throws {
        try await withImageCache { cache, probe in
            try await store(TestItem(tag: 5), in: cache, as: .disk)
            let recorder = Recorder<QueryAnswer>()
            cache.queryImage(forKey: "a", options: [.queryDiskDataSync], context: probe.context, cacheType: .all,
                             completion: probe.recording(into: recorder))
            #expect(recorder.count == 1)
            #expect(try await recorder.first().cacheType == .disk)
        }
    }

    @Test("the cacheType argument limits the tiers asked")
    func cacheTypeArgument() async throws {
        try await withImageCache { cache, probe in
            try await store(TestItem(tag: 6), in: cache, as: .disk)
            let none = Recorder<QueryAnswer>()
            cache.queryImage(forKey: "a", options: [], context: probe.context, cacheType: .none,
                             completion: probe.recording(into: none))
            #expect(none.count == 1 && none.values.first?.cacheType == ImageCacheType.none)
            let memoryOnly = Recorder<QueryAnswer>()
            cache.queryImage(forKey: "a", options: [], context: probe.context, cacheType: .memory,
                             completion: probe.recording(into: memoryOnly))
            #expect(memoryOnly.count == 1 && memoryOnly.values.first?.image == nil)

            cache.store(TestItem(tag: 7).image, imageData: nil, forKey: "a", cacheType: .memory, completion: nil)
            let diskOnly = try await query(cache, probe, cacheType: .disk)
            #expect(diskOnly.cacheType == .disk)
            #expect(diskOnly.image.map(TestItem.init(image:)) == TestItem(tag: 6), "the disk copy, not the memory one")
        }
    }

    @Test("the request's decode options reach the decoder")
    func decodeOptions() async throws {
        try await withImageCache { cache, probe in
            try await store(TestItem(tag: 8, side: 16), in: cache, as: .disk)
            var context = probe.context
            context.thumbnailPixelSize = PixelSize(width: 4, height: 4)
            let answer = try await query(cache, probe, context: context)
            #expect(answer.image?.pixelSize == PixelSize(width: 4, height: 4))
        }
    }

    @Test("decodeFirstFrameOnly skips an animated memory image for the disk copy")
    func firstFrameOnly() async throws {
        try await withImageCache { cache, probe in
            let item = TestItem(tag: 9)
            let frame = ImageFrame(pixels: item.image.firstFrame, duration: 0.1)
            let animated = DecodedImage(frames: [frame, frame])
            cache.store(animated, imageData: item.data, forKey: "a", cacheType: .all, completion: nil)
            try await drain(cache)
            #expect(try await query(cache, probe).image === animated)
            let answer = try await query(cache, probe, options: [.decodeFirstFrameOnly])
            #expect(answer.cacheType == .disk && answer.image?.isAnimated == false)
        }
    }

    @Test("undecodable bytes on disk answer no image with the bytes")
    func undecodableBytes() async throws {
        try await withImageCache { cache, probe in
            cache.storeImageDataToDisk(Data("not an image".utf8), forKey: "a")
            let answer = try await query(cache, probe)
            #expect(answer.image == nil && answer.data == Data("not an image".utf8) && answer.cacheType == .disk)
            #expect(cache.imageFromDiskCache(forKey: "a") == nil)
        }
    }

    @Test("cancelling before the disk read answers a miss once and decodes nothing")
    func cancelBeforeDiskRead() async throws {
        let decoder = TestRawDecoder()
        try await withImageCache(decoder: decoder) { cache, probe in
            try await store(TestItem(tag: 10), in: cache, as: .disk)
            let gate = DispatchSemaphore(value: 0)
            cache.diskCache.ioQueue.async { gate.wait() }   // hold the I/O queue
            let recorder = Recorder<QueryAnswer>()
            let token = try #require(cache.queryImage(forKey: "a", options: [], context: probe.context, cacheType: .all,
                                                      completion: probe.recording(into: recorder)))
            token.cancel()
            #expect(token.isCancelled)
            gate.signal()
            let answer = try await recorder.first()
            #expect(answer.image == nil && answer.data == nil && answer.cacheType == .none)
            try await drain(cache)
            try await probe.drain()
            #expect(recorder.count == 1)
            #expect(decoder.decodeCount == 0)
            #expect(cache.imageFromMemoryCache(forKey: "a") == nil)
        }
    }

    @Test("a store without bytes encodes the image as PNG through the coders")
    func storeWithoutBytes() async throws {
        try await withImageCache { cache, probe in
            let item = TestItem(tag: 11)
            try await store(item, in: cache, as: .disk, withData: false)
            #expect(cache.diskImageData(forKey: "a") == item.data)
            #expect(cache.imageFromDiskCache(forKey: "a").map(TestItem.init(image:)) == item)
        }
        try await withImageCache(withEncoder: false) { cache, _ in
            try await store(TestItem(tag: 12), in: cache, as: .all, withData: false)
            #expect(cache.diskImageData(forKey: "a") == nil, "no PNG encoder: nothing written, no error")
            #expect(cache.imageFromMemoryCache(forKey: "a") != nil)
        }
    }

    @Test("memory can be turned off by the config")
    func memoryOff() async throws {
        try await withImageCache(configure: { $0.shouldCacheImagesInMemory = false }) { cache, probe in
            try await store(TestItem(tag: 13), in: cache, as: .all)
            #expect(cache.imageFromMemoryCache(forKey: "a") == nil)
            #expect(try await query(cache, probe).cacheType == .disk)
            #expect(cache.imageFromMemoryCache(forKey: "a") == nil)
        }
    }

    @Test("contains, remove and clear report through their completions, once each")
    func containsRemoveClear() async throws {
        try await withImageCache { cache, _ in
            try await store(TestItem(tag: 14), in: cache, as: .all)
            #expect(try await contains(cache, "a", .all) == .memory)
            cache.clearMemory()
            #expect(try await contains(cache, "a", .all) == .disk)
            #expect(try await contains(cache, "a", .memory) == ImageCacheType.none)
            #expect(cache.diskImageDataExists(forKey: "a"))

            let removed = Recorder<Bool>()
            cache.removeImage(forKey: "a", cacheType: .all) { removed.record(true) }
            try await removed.wait(count: 1)
            #expect(try await contains(cache, "a", .all) == ImageCacheType.none)

            try await store(TestItem(tag: 15), in: cache, as: .all)
            let cleared = Recorder<Bool>()
            cache.clear(cacheType: .all) { cleared.record(true) }
            try await cleared.wait(count: 1)
            #expect(cache.totalDiskCount() == 0 && cache.imageFromMemoryCache(forKey: "a") == nil)
            try await drain(cache)
            #expect(removed.count == 1 && cleared.count == 1)
        }
    }

    @Test("deleteExpiredFiles trims by size and then calls back")
    func deleteExpiredFiles() async throws {
        try await withImageCache(configure: { $0.maxDiskSize = 100_000 }) { cache, _ in
            for index in 0..<5 { cache.storeImageDataToDisk(Data(count: 10_000), forKey: "k\(index)") }
            #expect(cache.totalDiskSize() == 50_000)
            let done = Recorder<Bool>()
            cache.deleteExpiredFiles { done.record(true) }
            try await done.wait(count: 1)
            #expect(cache.totalDiskCount() == 5, "under the limit nothing goes")
            #expect(cache.cachePath(forKey: "k0") == cache.diskCache.cachePath(forKey: "k0"))
        }
    }

    @Test("the shared cache lives in the XDG cache folder")
    func defaultDirectory() {
        #expect(ImageCache.linuxCacheDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]).path
                == "/x/cache/osprey")
        #expect(ImageCache.linuxCacheDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]).path
                == "/home/u/.cache/osprey")
        #expect(ImageCache.linuxCacheDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.cache/osprey")
        #if !canImport(Darwin)
        #expect(ImageCache.defaultDiskCacheDirectory
                == ImageCache.linuxCacheDirectory(environment: ProcessInfo.processInfo.environment))
        #endif
    }

    // MARK: - Helpers

    private func store(_ item: TestItem, in cache: ImageCache, as cacheType: ImageCacheType,
                       withData: Bool = true) async throws {
        let done = Recorder<Bool>()
        cache.store(item.image, imageData: withData ? item.data : nil, forKey: "a", cacheType: cacheType) {
            done.record(true)
        }
        try await done.wait(count: 1)
    }

    private func query(_ cache: ImageCache, _ probe: CallbackProbe, options: ImageOptions = [],
                       context: ImageContext? = nil, cacheType: ImageCacheType = .all) async throws -> QueryAnswer {
        let recorder = Recorder<QueryAnswer>()
        cache.queryImage(forKey: "a", options: options, context: context ?? probe.context, cacheType: cacheType,
                         completion: probe.recording(into: recorder))
        return try await recorder.first()
    }

    private func contains(_ cache: ImageCache, _ key: String, _ cacheType: ImageCacheType) async throws -> ImageCacheType {
        let recorder = Recorder<ImageCacheType>()
        cache.containsImage(forKey: key, cacheType: cacheType) { recorder.record($0) }
        return try await recorder.first()
    }

    /// Waits until the work queued on the serial I/O queue so far is done.
    private func drain(_ cache: ImageCache) async throws {
        let done = Recorder<Bool>()
        cache.diskCache.ioQueue.async { done.record(true) }
        try await done.wait(count: 1)
    }
}

/// A serial callback queue the tests can recognise.
struct CallbackProbe: Sendable {
    let queue = DispatchQueue(label: "dev.osprey.tests.callbacks")
    private let key = DispatchSpecificKey<Bool>()

    init() { queue.setSpecific(key: key, value: true) }

    /// A context whose callbacks go to ``queue``.
    var context: ImageContext {
        var context = ImageContext()
        context.callbackQueue = .queue(queue)
        return context
    }

    /// A query completion that records its answer and whether it ran on ``queue``.
    func recording(into recorder: Recorder<QueryAnswer>) -> @Sendable (PlatformImage?, Data?, ImageCacheType) -> Void {
        let key = key
        return { image, data, cacheType in
            recorder.record(QueryAnswer(image: image, data: data, cacheType: cacheType,
                                        onCallbackQueue: DispatchQueue.getSpecific(key: key) == true))
        }
    }

    /// Waits until the callbacks queued so far have run.
    func drain() async throws {
        let done = Recorder<Bool>()
        queue.async { done.record(true) }
        try await done.wait(count: 1)
    }
}
