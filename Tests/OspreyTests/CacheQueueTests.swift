import Foundation
import OspreyTestTraits
import Testing
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

/// Marks the disk tier's I/O queue so code can tell whether it runs there.
private let ioQueueMark = DispatchSpecificKey<Bool>()

private func onIOQueue() -> Bool { DispatchQueue.getSpecific(key: ioQueueMark) == true }

/// The built-in decoders, recording for every decode whether it ran on the I/O queue.
private struct RecordingDecoder: ImageDecoding {
    let onIO: Recorder<Bool>
    func canDecode(_ data: Data) -> Bool { ImageCoders.shared.canDecode(data) }
    func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        onIO.record(onIOQueue())
        return try ImageCoders.shared.decode(data, options: options)
    }
}

/// The real downloader, recording for every request whether the manager asked from the I/O
/// queue (the manager's continuation after a disk miss).
private final class RecordingLoader: ImageLoading {
    let base: ImageDownloader
    let onIO = Recorder<Bool>()
    init(base: ImageDownloader) { self.base = base }
    func canRequestImage(for url: URL?) -> Bool { base.canRequestImage(for: url) }
    func requestImage(with url: URL, options: ImageOptions, context: ImageContext,
                      progress: (@Sendable (ImageProgress) -> Void)?,
                      completed: @escaping @Sendable (Result<LoadedImage, ImageError>) -> Void) -> (any Cancellable)? {
        onIO.record(onIOQueue())
        return base.requestImage(with: url, options: options, context: context, progress: progress, completed: completed)
    }
    func shouldBlockFailedURL(_ url: URL, error: ImageError) -> Bool { base.shouldBlockFailedURL(url, error: error) }
}

/// The serial I/O queue only touches files; decoding, encoding and the
/// manager's next steps run elsewhere.
@Suite("ImageCache queues", .offCooperativePool)
struct CacheQueueTests {
    @Test("disk hits decode off the I/O queue; a disk miss continues off it")
    func decodeOffIOQueue() async throws {
        let fixture = try ManagerFixture()
        let decodes = Recorder<Bool>()
        let coders = ImageCoders()
        coders.addDecoder(RecordingDecoder(onIO: decodes))
        let cache = ImageCache(namespace: "queues", diskCacheDirectory: fixture.directory, coders: coders)
        cache.diskCache.ioQueue.setSpecific(key: ioQueueMark, value: true)
        let loader = RecordingLoader(base: fixture.downloader)
        let manager = ImageManager(cache: cache, loader: loader)
        var context = ImageContext()
        context.callbackQueue = .current

        // A disk hit: stored bytes, nothing in memory.
        let url = URL(string: "http://127.0.0.1:9/hit.png")!
        cache.storeImageDataToDisk(ManagerFixture.png(width: 40, height: 30), forKey: try #require(manager.cacheKey(for: url)))
        let completions = Recorder<Bool>()
        let hit = Recorder<Result<ImageResult, ImageError>>()
        manager.loadImage(with: url, context: context) { result in
            completions.record(onIOQueue())
            hit.record(result)
        }
        #expect(try await hit.first().get().cacheType == .disk)
        #expect(try await decodes.wait(count: 1) == [false])

        // A disk miss: the manager's request to the loader is not made from the I/O queue.
        let (missURL, _) = fixture.serveImage("/miss.png")
        let miss = Recorder<Result<ImageResult, ImageError>>()
        manager.loadImage(with: missURL, context: context) { result in
            completions.record(onIOQueue())
            miss.record(result)
        }
        #expect(try await miss.first().failure == nil)
        #expect(loader.onIO.values == [false])
        #expect(completions.values == [false, false])
    }

    @Test("storing an image without bytes encodes it off the I/O queue")
    func encodeOffIOQueue() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-queues-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let encodes = Recorder<Bool>()
        let coders = ImageCoders()
        coders.addEncoder(RecordingEncoder(onIO: encodes))
        let cache = ImageCache(namespace: "queues", diskCacheDirectory: directory, coders: coders)
        cache.diskCache.ioQueue.setSpecific(key: ioQueueMark, value: true)
        let stored = Recorder<Bool>()
        let image = DecodedImage(pixels: PixelBuffer(width: 8, height: 8))
        cache.store(image, imageData: nil, forKey: "encoded", cacheType: .disk) { stored.record(true) }
        _ = try await stored.first()
        #expect(encodes.values == [false])
        #expect(cache.diskImageDataExists(forKey: "encoded"))
    }
}

/// The built-in decoders, each decode held until `width` decodes are in flight at once (or
/// 30 s pass): only decodes that really run in parallel can meet there.
private final class RendezvousDecoder: ImageDecoding {
    private struct State { var inFlight = 0; var maxInFlight = 0 }
    // Invariant: `inFlight` counts the decodes between their start and end.
    private let state = Locked(State())
    private let met = DispatchSemaphore(value: 0)
    let width: Int
    init(width: Int) { self.width = width }
    var maxInFlight: Int { state.withLock { $0.maxInFlight } }
    func canDecode(_ data: Data) -> Bool { ImageCoders.shared.canDecode(data) }
    func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        let reached = state.withLock { state -> Bool in
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
            return state.inFlight == width
        }
        if reached {
            for _ in 1..<width { met.signal() }
        } else {
            _ = met.wait(timeout: .now() + 30)
        }
        defer { state.withLock { $0.inFlight -= 1 } }
        return try ImageCoders.shared.decode(data, options: options)
    }
}

extension CacheQueueTests {
    @Test("two disk hits decode at the same time")
    func disksHitsDecodeInParallel() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-queues-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let decoder = RendezvousDecoder(width: 2)
        let coders = ImageCoders()
        coders.addDecoder(decoder)
        let cache = ImageCache(namespace: "parallel", diskCacheDirectory: directory, coders: coders)
        for key in ["a", "b"] {
            cache.storeImageDataToDisk(ManagerFixture.png(width: 30, height: 20), forKey: key)
        }
        var context = ImageContext()
        context.callbackQueue = .current
        let answers = Recorder<ImageCacheType>()
        for key in ["a", "b"] {
            cache.queryImage(forKey: key, options: [], context: context, cacheType: .disk) { image, _, type in
                answers.record(image == nil ? .none : type)
            }
        }
        #expect(try await answers.wait(count: 2, timeout: .seconds(60)) == [.disk, .disk])
        #expect(decoder.maxInFlight == 2)
    }
}

/// The built-in PNG encoder, recording whether it ran on the I/O queue.
private struct RecordingEncoder: ImageEncoding {
    let onIO: Recorder<Bool>
    func canEncode(_ format: ImageFormat) -> Bool { format == .png }
    func encode(_ image: DecodedImage, format: ImageFormat) throws(ImageError) -> Data {
        onIO.record(onIOQueue())
        return try ImageCoders.shared.encode(image, format: format)
    }
}
