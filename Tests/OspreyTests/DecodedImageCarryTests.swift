import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

/// A transformer that remembers which image object it was given.
struct IdentityRecordingTransformer: ImageTransformer {
    let seen = Recorder<ObjectIdentifier>()
    var key: String { "identity-recording" }
    func transform(_ image: DecodedImage) -> DecodedImage? {
        seen.record(ObjectIdentifier(image))
        return DecodedImage(pixels: PixelBuffer(width: 3, height: 2), format: image.format)
    }
}

/// A loader that passes the downloader's results on and remembers the decoded image each carried.
final class DecodedRecordingLoader: ImageLoading {
    let base: ImageDownloader
    let decoded = Recorder<ObjectIdentifier?>()
    init(base: ImageDownloader) { self.base = base }
    func canRequestImage(for url: URL?) -> Bool { base.canRequestImage(for: url) }
    func requestImage(with url: URL, options: ImageOptions, context: ImageContext,
                      progress: (@Sendable (ImageProgress) -> Void)?,
                      completed: @escaping @Sendable (Result<LoadedImage, ImageError>) -> Void) -> (any Cancellable)? {
        base.requestImage(with: url, options: options, context: context, progress: progress) { [decoded] result in
            if case .success(let loaded) = result { decoded.record(loaded.decodedImage.map(ObjectIdentifier.init)) }
            completed(result)
        }
    }
    func shouldBlockFailedURL(_ url: URL, error: ImageError) -> Bool { base.shouldBlockFailedURL(url, error: error) }
}

/// The decoder's `DecodedImage` travels with the platform image, and the
/// manager transforms and encodes that one (on Apple platforms the platform image is a copy,
/// and reading pixels back out of it redraws them and drops frame durations).
@Suite("DecodedImage carried through the pipeline", .offCooperativePool)
struct DecodedImageCarryTests {
    @Test("the transformer gets the decoder's own image; the transformed PNG is what the disk keeps")
    func transformerGetsDecoderOutput() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/carry.png", width: 20, height: 10, seed: 3)
        let loader = DecodedRecordingLoader(base: fixture.downloader)
        let manager = ImageManager(cache: fixture.cache, loader: loader)
        let transformer = IdentityRecordingTransformer()
        var context = fixture.context
        context.transformer = transformer
        let result = Recorder<Result<ImageResult, ImageError>>()
        manager.loadImage(with: url, options: .waitStoreCache, context: context) { result.record($0) }
        let image = try await result.first().get().image
        #expect(PlatformImageBridge.decodedImage(from: image)?.pixelSize == PixelSize(width: 3, height: 2))

        let fromLoader = try #require(try await loader.decoded.first())
        #expect(try await transformer.seen.first() == fromLoader)

        // The disk tier holds the transformed image under the full key.
        let fullKey = try #require(CacheKey.key(for: url, options: [], context: context))
        fixture.cache.memoryCache.removeAllObjects()
        let fromDisk = try #require(fixture.cache.diskCache.data(forKey: fullKey))
        let decoded = try ImageCoders.shared.decode(fromDisk, options: DecodeOptions())
        #expect(decoded.pixelSize == PixelSize(width: 3, height: 2))
        try await fixture.settle(manager: manager)
    }
}
