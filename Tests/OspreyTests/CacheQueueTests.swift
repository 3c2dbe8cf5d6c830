import Foundation
import Testing
import Osprey
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

/// Issue 11 item 6: the serial I/O queue only touches files; decoding, encoding and the
/// manager's next steps run elsewhere.
@Suite("ImageCache queues")
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

/// The built-in PNG encoder, recording whether it ran on the I/O queue.
private struct RecordingEncoder: ImageEncoding {
    let onIO: Recorder<Bool>
    func canEncode(_ format: ImageFormat) -> Bool { format == .png }
    func encode(_ image: DecodedImage, format: ImageFormat) throws(ImageError) -> Data {
        onIO.record(onIOQueue())
        return try ImageCoders.shared.encode(image, format: format)
    }
}
