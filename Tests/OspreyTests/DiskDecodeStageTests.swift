import Foundation
import LoopbackServer
import Osprey
import OspreyCore
import OspreyManagerTestSupport
import OspreyTestSupport
import OspreyTestTraits
import Testing

/// Marks the pipeline's one coder queue so a decoder can tell whether it runs there.
private let coderQueueMark = DispatchSpecificKey<Bool>()

/// The built-in decoders, recording for every decode whether it ran on the coder queue.
private struct QueueRecordingDecoder: ImageDecoding {
    let onCoderQueue: Recorder<Bool>
    func canDecode(_ data: Data) -> Bool { ImageCoders.shared.canDecode(data) }
    func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        onCoderQueue.record(DispatchQueue.getSpecific(key: coderQueueMark) == true)
        return try ImageCoders.shared.decode(data, options: options)
    }
}

/// A cache that forwards only the original requirements to Osprey's cache (not
/// `queryDerivedImage`): the manager then gets the protocol's default, two queries.
private final class PlainForwardingCache: ImageCaching {
    let inner: ImageCache
    let queries = Recorder<String>()

    init(_ inner: ImageCache) { self.inner = inner }

    func queryImage(forKey key: String, options: ImageOptions, context: ImageContext, cacheType: ImageCacheType,
                    completion: @escaping @Sendable (PlatformImage?, Data?, ImageCacheType) -> Void) -> (any Cancellable)? {
        queries.record(key)
        return inner.queryImage(forKey: key, options: options, context: context, cacheType: cacheType, completion: completion)
    }
    func store(_ image: PlatformImage?, imageData: Data?, forKey key: String, cacheType: ImageCacheType,
               completion: (@Sendable () -> Void)?) {
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
    var hasSynchronousMemoryTier: Bool { inner.hasSynchronousMemoryTier }
    func memoryImage(forKey key: String) -> PlatformImage? { inner.memoryImage(forKey: key) }
}

/// Disk hits feed the pipeline's decode stage, as downloaded bytes do, and a derived load
/// (a transformer's output, a thumbnail) reads the disk once.
@Suite("Disk hits through the decode stage", .offCooperativePool)
struct DiskDecodeStageTests {
    /// The disk tier's read counts after everything queued on its I/O queue so far.
    private static func reads(_ cache: ImageCache) -> DiskCache.ReadCounts {
        cache.diskCache.readCounts
    }

    private static func difference(_ after: DiskCache.ReadCounts, _ before: DiskCache.ReadCounts) -> DiskCache.ReadCounts {
        DiskCache.ReadCounts(visits: after.visits - before.visits, lookups: after.lookups - before.lookups)
    }

    @Test("a transformed load that misses its own entry reads the disk once; its hit and a thumbnail too")
    func transformedMissReadsOnce() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/t.png", width: 40, height: 30, seed: 2)
        #expect(try await fixture.load(url, options: .waitStoreCache).failure == nil)   // the original, on disk
        fixture.cache.clearMemory()
        var rounded = fixture.context
        rounded.transformer = RoundCornerTransformer(radius: 4)

        // Miss of the transformed entry: its file and the original's, in one visit.
        var before = Self.reads(fixture.cache)
        let miss = try await fixture.load(url, options: .waitStoreCache, context: rounded).get()
        #expect(miss.cacheType == .disk)
        #expect(Self.difference(Self.reads(fixture.cache), before) == DiskCache.ReadCounts(visits: 1, lookups: 2))

        // Hit of the transformed entry (written by the miss): one visit, one file.
        fixture.cache.clearMemory()
        before = Self.reads(fixture.cache)
        let hit = try await fixture.load(url, context: rounded).get()
        #expect(hit.cacheType == .disk)
        #expect(Self.difference(Self.reads(fixture.cache), before) == DiskCache.ReadCounts(visits: 1, lookups: 1))

        // A thumbnail is never on disk under its own key: only the original's file is read.
        var thumbnail = fixture.context
        thumbnail.thumbnailPixelSize = PixelSize(width: 10, height: 10)
        before = Self.reads(fixture.cache)
        let small = try await fixture.load(url, context: thumbnail).get()
        #expect(small.cacheType == .disk && small.image.pixelWidth == 10)
        #expect(Self.difference(Self.reads(fixture.cache), before) == DiskCache.ReadCounts(visits: 1, lookups: 1))
        #expect(fixture.server.requestCount(for: "/t.png") == 1)
    }

    @Test("a cache without queryDerivedImage gets the default: two queries, the same image")
    func defaultTwoQueries() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/d.png", width: 40, height: 30, seed: 4)
        #expect(try await fixture.load(url, options: .waitStoreCache).failure == nil)
        var rounded = fixture.context
        rounded.transformer = RoundCornerTransformer(radius: 4)
        fixture.cache.clearMemory()
        let builtIn = try await fixture.load(url, context: rounded).get()
        try await fixture.settle()

        // The same load again, from the original, through a cache that only has the old
        // requirements; the transformed entry the first load wrote is removed first.
        let key = try #require(fixture.manager.cacheKey(for: url))
        let transformedKey = try #require(CacheKey.key(for: url, context: rounded))
        let removed = Recorder<Bool>()
        fixture.cache.removeImage(forKey: transformedKey, cacheType: .all) { removed.record(true) }
        _ = try await removed.first()
        fixture.cache.clearMemory()
        let plain = PlainForwardingCache(fixture.cache)
        let manager = ImageManager(cache: plain, loader: fixture.downloader)
        let before = Self.reads(fixture.cache)
        let recorder = Recorder<Result<ImageResult, ImageError>>()
        manager.loadImage(with: url, context: rounded) { recorder.record($0) }
        let viaDefault = try await recorder.first().get()
        #expect(viaDefault.cacheType == .disk)
        #expect(PlatformImageBridge.decodedImage(from: viaDefault.image)?.firstFrame
                == PlatformImageBridge.decodedImage(from: builtIn.image)?.firstFrame)
        #expect(plain.queries.values == [transformedKey, key])
        #expect(Self.difference(Self.reads(fixture.cache), before) == DiskCache.ReadCounts(visits: 2, lookups: 2))
        #expect(fixture.server.requestCount(for: "/d.png") == 1)
    }

    @Test("disk hits and downloaded bytes decode on the one coder queue")
    func oneCoderQueue() async throws {
        DecodeStage.coderQueue.setSpecific(key: coderQueueMark, value: true)
        let decodes = Recorder<Bool>()
        let coders = ImageCoders()
        coders.addDecoder(QueueRecordingDecoder(onCoderQueue: decodes))
        let fixture = try ManagerFixture(coders: coders)
        let (url, _) = fixture.serveImage("/q.png", width: 20, height: 20, seed: 6)
        #expect(try await fixture.load(url, options: .waitStoreCache).get().cacheType == .none)   // downloaded
        fixture.cache.clearMemory()
        #expect(try await fixture.load(url).get().cacheType == .disk)
        #expect(try await decodes.wait(count: 2) == [true, true])
    }

    /// The image a disk hit and a download give for the same bytes and context.
    private func bothSources(_ data: Data, context change: (inout ImageContext) -> Void)
        async throws -> (network: Result<ImageResult, ImageError>, disk: Result<ImageResult, ImageError>) {
        let fixture = try ManagerFixture()
        fixture.server.setRoute("/same", .ok(data, contentType: "application/octet-stream"))
        let url = fixture.server.url("/same")
        var context = fixture.context
        change(&context)
        context.storeCacheType = .none
        let network = try await fixture.load(url, options: .fromLoaderOnly, context: context)
        let key = try #require(fixture.manager.cacheKey(for: url))
        #expect(fixture.cache.storeImageDataToDisk(data, forKey: key))
        // `.retryFailed`: a download that failed to decode blocked the URL.
        let disk = try await fixture.load(url, options: [.fromCacheOnly, .retryFailed], context: context)
        return (network, disk)
    }

    private static func pixels(_ result: Result<ImageResult, ImageError>) -> PixelBuffer? {
        guard case .success(let loaded) = result else { return nil }
        return PlatformImageBridge.decodedImage(from: loaded.image)?.firstFrame
    }

    @Test("thumbnails, colour conversion and budgets come out the same from disk as from the network")
    func sameDecodeBothSources() async throws {
        let plain = ManagerFixture.png(width: 64, height: 48, seed: 9)
        let thumbnail = try await bothSources(plain) { $0.thumbnailPixelSize = PixelSize(width: 16, height: 16) }
        let small = try #require(Self.pixels(thumbnail.network))
        #expect(small.width == 16 && small.height == 12)
        #expect(Self.pixels(thumbnail.disk) == small)

        let p3 = try Data(contentsOf: try #require(Corpus.file("color/display-p3.png")))
        let converted = try await bothSources(p3) { $0.convertToSRGB = true }
        let kept = try await bothSources(p3) { _ in }
        let srgb = try #require(Self.pixels(converted.network))
        #expect(srgb != Self.pixels(kept.network), "the conversion changed pixels")
        #expect(Self.pixels(converted.disk) == srgb)
        #expect(Self.pixels(kept.disk) == Self.pixels(kept.network))

        let budget = try await bothSources(plain) { $0.maxPixelCount = 100 }
        #expect(budget.network.failure?.code == .imageTooLarge)
        // The disk tier's bytes do not decode under the budget: a cache-only load misses.
        #expect(budget.disk.failure?.code == .cacheMiss)
    }
}
