import Foundation
import OspreyTestTraits
import Testing
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

/// One mapping from a load's options to decode options, and cache keys
/// derived from it, so no two different images share a key.
@Suite("Decode policy and cache keys", .offCooperativePool)
struct DecodePolicyTests {
    private func size(_ result: ImageResult) -> PixelSize? {
        PlatformImageBridge.decodedImage(from: result.image)?.pixelSize
    }

    @Test("a .scaleDownLargeImages load neither fills the plain key nor decodes differently from disk")
    func scaleDownKeepsItsOwnKey() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/wide.png", width: 5000, height: 50)
        let plainKey = try #require(fixture.manager.cacheKey(for: url))
        let scaledKey = try #require(fixture.manager.cacheKey(for: url, options: [.scaleDownLargeImages]))
        #expect(plainKey != scaledKey)

        let scaled = try await fixture.load(url, options: [.scaleDownLargeImages, .waitStoreCache]).get()
        let scaledSize = try #require(size(scaled))
        // A later plain load must see the original pixels, not the scaled image.
        let plain = try await fixture.load(url).get()
        #expect(size(plain) == PixelSize(width: 5000, height: 50))
        // The same scaled load answered from disk decodes exactly as the download did.
        fixture.cache.clearMemory()
        let fromDisk = try await fixture.load(url, options: [.scaleDownLargeImages]).get()
        #expect(fromDisk.cacheType == .disk)
        #expect(size(fromDisk) == scaledSize)
        #expect(fixture.server.requestCount(for: "/wide.png") == 1)
    }

    @Test("first-frame-only and thumbnail settings each get their own key; stretching says so")
    func keysNameThePixels() throws {
        let url = URL(string: "https://example.com/a.png")!
        var context = ImageContext()
        let plain = try #require(CacheKey.key(for: url, options: [], context: context))
        let firstFrame = try #require(CacheKey.key(for: url, options: [.decodeFirstFrameOnly], context: context))
        #expect(plain == "https://example.com/a.png")
        #expect(firstFrame != plain)
        context.thumbnailPixelSize = PixelSize(width: 64, height: 32)
        let fit = try #require(CacheKey.key(for: url, options: [], context: context))
        context.preserveAspectRatio = false
        let stretch = try #require(CacheKey.key(for: url, options: [], context: context))
        #expect(fit.hasSuffix("-Thumbnail(64x32,fit)"))
        #expect(stretch.hasSuffix("-Thumbnail(64x32,stretch)"))
        var decode = DecodeOptions()
        decode.applyOrientation = false
        #expect(CacheKey.key(base: plain, decode: decode, transformerKey: nil) != plain)
        // The key ignores only what cannot change a successful decode: the pixel limit.
        context = ImageContext()
        context.maxPixelCount = 10
        #expect(CacheKey.key(for: url, options: [], context: context) == plain)
    }

    @Test("DecodeOptions(options:context:) maps every decode setting")
    func oneMapping() {
        var context = ImageContext()
        context.thumbnailPixelSize = PixelSize(width: 8, height: 9)
        context.preserveAspectRatio = false
        context.maxPixelCount = 1234
        let decode = DecodeOptions(options: [.scaleDownLargeImages, .decodeFirstFrameOnly], context: context)
        #expect(decode.thumbnailPixelSize == PixelSize(width: 8, height: 9))
        #expect(!decode.preserveAspectRatio)
        #expect(decode.firstFrameOnly)
        #expect(decode.scaleDownLargeImages)
        #expect(decode.maxPixelCount == 1234)
        #expect(DecodeOptions(options: [], context: ImageContext()) == DecodeOptions())
    }

    @Test("ImageContext.maxPixelCount limits the download's decode")
    func contextPixelLimit() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/limit.png", width: 20, height: 20)
        var context = fixture.context
        context.maxPixelCount = 100
        let result = try await fixture.load(url, context: context)
        #expect(result.failure?.code == .imageTooLarge)
    }
}
