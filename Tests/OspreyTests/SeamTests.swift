import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

/// A cache written against the `ImageCaching` seam alone: Osprey's cache for the images, its
/// own table for the HTTP validators.
final class ValidatorKeepingCache: ImageCaching {
    let inner: ImageCache
    let table = Recorder<(String, HTTPValidators)>()
    let answer: HTTPValidators

    init(inner: ImageCache, answer: HTTPValidators) {
        self.inner = inner
        self.answer = answer
    }

    func queryImage(forKey key: String, options: ImageOptions, context: ImageContext, cacheType: ImageCacheType,
                    completion: @escaping @Sendable (PlatformImage?, Data?, ImageCacheType) -> Void) -> (any Cancellable)? {
        inner.queryImage(forKey: key, options: options, context: context, cacheType: cacheType, completion: completion)
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
    func validators(forKey key: String) -> HTTPValidators? { answer }
    func setValidators(_ validators: HTTPValidators, forKey key: String) { table.record((key, validators)) }
}

/// An encoder written to the one-method `ImageEncoding` shape (no `canEncode`).
struct MarkerEncoder: ImageEncoding {
    static let marker = Data("marker".utf8)
    func encode(_ image: DecodedImage, format: ImageFormat) throws(ImageError) -> Data {
        guard format == .webp else { throw ImageError(.unsupportedFormat) }
        return Self.marker
    }
}

/// Validators on the `ImageCaching` seam; encoders written to the one-method shape are used.
@Suite("Protocol seams", .offCooperativePool)
struct SeamTests {
    @Test("a custom ImageCaching's validators are used by .refreshCached and filled by loads")
    func validatorsOnTheSeam() async throws {
        let fixture = try ManagerFixture()
        var route = Route.ok(ManagerFixture.png(seed: 4), contentType: "image/png")
        route.etag = "\"server\""
        fixture.server.setRoute("/v.png", route)
        let url = fixture.server.url("/v.png")
        let cache = ValidatorKeepingCache(inner: fixture.cache, answer: HTTPValidators(etag: "\"mine\""))
        let manager = ImageManager(cache: cache, loader: fixture.downloader)
        let first = Recorder<Result<ImageResult, ImageError>>()
        manager.loadImage(with: url, options: .waitStoreCache, context: fixture.context) { first.record($0) }
        #expect(try await first.first().failure == nil)
        let stored = try await cache.table.first()
        #expect(stored.0 == url.absoluteString && stored.1.etag == "\"server\"")
        let refreshed = Recorder<Result<ImageResult, ImageError>>()
        manager.loadImage(with: url, options: .refreshCached, context: fixture.context) { refreshed.record($0) }
        // The cached image comes first; the revalidation's request follows it.
        _ = try await refreshed.first()
        #expect(await fixture.server.waitForRequests("/v.png", count: 2))
        try await fixture.settle(manager: manager)
        #expect(fixture.server.requestLog.last?.headers["if-none-match"] == "\"mine\"")
    }

    @Test("an encoder with only encode(_:format:) is chosen for its format; others fall through")
    func specShapedEncoder() throws {
        let coders = ImageCoders()
        coders.addEncoder(MarkerEncoder())
        let image = DecodedImage(pixels: PixelBuffer(width: 2, height: 2))
        #expect(try coders.encode(image, format: .webp) == MarkerEncoder.marker)
        #expect(ImageFormat.detect(try coders.encode(image, format: .png)) == .png)
        #expect(throws: ImageError.self) { try coders.encode(image, format: .gif) }
    }
}
