import Foundation
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport
import OspreyCore
import OspreyTestTraits
import Testing

/// A cache that only forwards every `ImageCaching` requirement to Osprey's cache, counting the
/// calls: the manager must treat it exactly as the cache it wraps.
final class ForwardingCache: ImageCaching {
    let inner: ImageCache
    let calls = Recorder<String>()

    init(_ inner: ImageCache) { self.inner = inner }

    func queryImage(forKey key: String, options: ImageOptions, context: ImageContext, cacheType: ImageCacheType,
                    completion: @escaping @Sendable (PlatformImage?, Data?, ImageCacheType) -> Void) -> (any Cancellable)? {
        calls.record("query")
        return inner.queryImage(forKey: key, options: options, context: context, cacheType: cacheType, completion: completion)
    }
    func store(_ image: PlatformImage?, imageData: Data?, forKey key: String, cacheType: ImageCacheType,
               completion: (@Sendable () -> Void)?) {
        calls.record("store")
        inner.store(image, imageData: imageData, forKey: key, cacheType: cacheType, completion: completion)
    }
    func removeImage(forKey key: String, cacheType: ImageCacheType, completion: (@Sendable () -> Void)?) {
        inner.removeImage(forKey: key, cacheType: cacheType, completion: completion)
    }
    func containsImage(forKey key: String, cacheType: ImageCacheType, completion: @escaping @Sendable (ImageCacheType) -> Void) {
        inner.containsImage(forKey: key, cacheType: cacheType, completion: completion)
    }
    func clear(cacheType: ImageCacheType, completion: (@Sendable () -> Void)?) {
        inner.clear(cacheType: cacheType, completion: completion)
    }
    func validators(forKey key: String) -> HTTPValidators? { inner.validators(forKey: key) }
    func setValidators(_ validators: HTTPValidators, forKey key: String) { inner.setValidators(validators, forKey: key) }
    var hasSynchronousMemoryTier: Bool { inner.hasSynchronousMemoryTier }
    func memoryImage(forKey key: String) -> PlatformImage? {
        calls.record("memory")
        return inner.memoryImage(forKey: key)
    }
    func encodeForDisk(_ image: DecodedImage, sourceFormat: ImageFormat, sourceData: Data?) -> Data? {
        calls.record("encode")
        return inner.encodeForDisk(image, sourceFormat: sourceFormat, sourceData: sourceData)
    }
    func originalData(forKey key: String) -> Data? { inner.originalData(forKey: key) }
    func queryDerivedImage(forKey key: String, originalKey: String, options: ImageOptions, context: ImageContext,
                           cacheType: ImageCacheType,
                           completion: @escaping @Sendable (DerivedQueryAnswer) -> Void) -> (any Cancellable)? {
        calls.record("queryDerived")
        return inner.queryDerivedImage(forKey: key, originalKey: originalKey, options: options, context: context,
                                       cacheType: cacheType, completion: completion)
    }
    func storeTransformed(_ image: PlatformImage?, pixels: DecodedImage, sourceFormat: ImageFormat, sourceData: Data?,
                          forKey key: String, cacheType: ImageCacheType, completion: (@Sendable () -> Void)?) {
        calls.record("storeTransformed")
        inner.storeTransformed(image, pixels: pixels, sourceFormat: sourceFormat, sourceData: sourceData,
                               forKey: key, cacheType: cacheType, completion: completion)
    }
}

/// A loader that only forwards every `ImageLoading` requirement to Osprey's downloader.
final class ForwardingLoader: ImageLoading {
    let inner: ImageDownloader
    let calls = Recorder<String>()

    init(_ inner: ImageDownloader) { self.inner = inner }

    func canRequestImage(for url: URL?) -> Bool { inner.canRequestImage(for: url) }
    func requestImage(with url: URL, options: ImageOptions, context: ImageContext,
                      progress: (@Sendable (ImageProgress) -> Void)?,
                      completed: @escaping @Sendable (Result<LoadedImage, ImageError>) -> Void) -> (any Cancellable)? {
        calls.record("request")
        return inner.requestImage(with: url, options: options, context: context, progress: progress, completed: completed)
    }
    func shouldBlockFailedURL(_ url: URL, error: ImageError) -> Bool { inner.shouldBlockFailedURL(url, error: error) }
    var requestGeneration: Int { inner.requestGeneration }
}

/// The manager talks to its cache and loader through the protocols only: wrappers that
/// forward to the built-in cache and downloader give the same results, the same requests and
/// the same files as the built-ins themselves.
@Suite("Wrapped cache and loader behave as the built-ins", .offCooperativePool)
struct WrapperSeamTests {
    /// What one run of the scenario observed.
    struct Observation: Equatable {
        var outcomes: [String]
        var requests: Int
        var diskFiles: Int
    }

    /// Cold load, memory hit, disk hit, a transformed load, a thumbnail and 8 identical
    /// concurrent loads, through a manager built by `makeManager` over a fresh fixture.
    func run(_ makeManager: (ManagerFixture) -> ImageManager) async throws -> Observation {
        let fixture = try ManagerFixture()
        let manager = makeManager(fixture)
        let (url, _) = fixture.serveImage("/w.png", width: 40, height: 30, seed: 3)
        let (shared, _) = fixture.serveImage("/shared.png", width: 20, height: 20, seed: 5)
        var outcomes: [String] = []
        func load(_ url: URL, options: ImageOptions = [], context: ImageContext? = nil) async throws {
            let recorder = Recorder<Result<ImageResult, ImageError>>()
            manager.loadImage(with: url, options: options.union(.waitStoreCache), context: context ?? fixture.context) {
                recorder.record($0)
            }
            outcomes.append(Self.describe(try await recorder.first()))
        }
        try await load(url)                           // cold: network
        try await load(url)                           // memory hit
        fixture.cache.clearMemory()
        try await load(url)                           // disk hit
        var rounded = fixture.context
        rounded.transformer = RoundCornerTransformer(radius: 4)
        try await load(url, context: rounded)         // transformed, from the original on disk
        fixture.cache.clearMemory()
        try await load(url, context: rounded)         // transformed, from its own file
        var thumbnail = fixture.context
        thumbnail.thumbnailPixelSize = PixelSize(width: 10, height: 10)
        try await load(url, context: thumbnail)       // thumbnail, decoded from the original
        fixture.server.suspend("/shared.png")
        let recorder = Recorder<Result<ImageResult, ImageError>>()
        for _ in 0..<8 {
            manager.loadImage(with: shared, options: [.fromLoaderOnly, .waitStoreCache], context: fixture.context) {
                recorder.record($0)
            }
        }
        #expect(await fixture.server.waitForRequests("/shared.png", count: 1))
        fixture.server.resume("/shared.png")
        outcomes += try await recorder.wait(count: 8).map(Self.describe)
        try await fixture.settle(manager: manager)
        // Writes that need no waiting (validators beside an entry) are queued on the I/O
        // queue; a disk check queued after them answers once they are done.
        let barrier = Recorder<ImageCacheType>()
        fixture.cache.containsImage(forKey: shared.absoluteString, cacheType: .disk) { barrier.record($0) }
        _ = try await barrier.first()
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: fixture.directory.path)) ?? []
        return Observation(outcomes: outcomes,
                           requests: fixture.server.requestCount(for: "/w.png") + fixture.server.requestCount(for: "/shared.png"),
                           diskFiles: files.filter { !$0.hasPrefix(".") && !$0.contains("/.") }.count)
    }

    static func describe(_ result: Result<ImageResult, ImageError>) -> String {
        switch result {
        case .success(let loaded): "\(loaded.image.pixelWidth)x\(loaded.image.pixelHeight) \(loaded.cacheType)"
        case .failure(let error): "\(error.code)"
        }
    }

    @Test("same results, requests and files through forwarding wrappers as through the built-ins")
    func wrappersMatchBuiltIns() async throws {
        let builtIn = try await run { $0.manager }
        let wrappers = Locked<(ForwardingCache, ForwardingLoader)?>(nil)
        let wrapped = try await run { fixture in
            let cache = ForwardingCache(fixture.cache)
            let loader = ForwardingLoader(fixture.downloader)
            wrappers.withLock { $0 = (cache, loader) }
            return ImageManager(cache: cache, loader: loader)
        }
        let (cache, loader) = try #require(wrappers.withLock { $0 })
        #expect(wrapped == builtIn)
        #expect(builtIn.requests == 2, "one request per URL: \(builtIn.requests)")
        #expect(Array(builtIn.outcomes.prefix(3)) == ["40x30 none", "40x30 memory", "40x30 disk"])
        #expect(builtIn.diskFiles >= 3, "original, transformed and shared images on disk: \(builtIn.diskFiles)")
        // Every call went through the seam: memory lookups, queries, stores, the transformed
        // image's encoding, and one loader request per URL.
        let calls = Set(cache.calls.values)
        #expect(calls.isSuperset(of: ["memory", "query", "store", "queryDerived", "storeTransformed"]))
        #expect(loader.calls.values.count == 2)
    }
}
