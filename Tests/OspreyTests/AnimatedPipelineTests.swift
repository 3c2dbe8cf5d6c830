import Foundation
import OspreyTestTraits
import Testing
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

/// Animated GIFs through `ImageManager`: frames, durations and loop count
/// survive the network and the disk tier; `.decodeFirstFrameOnly`, thumbnails and
/// `.transformAnimatedImage` work on them and each result lives under its own cache key.
@Suite("animated GIFs through the manager", .offCooperativePool)
struct AnimatedPipelineTests {
    /// 100 × 100, 4 frames of 1000, 1000, 100 and 1000 ms, looping forever; opaque.
    static let gif = Corpus.file("gif/gif-test-suite/animated_loop_variable_delay.gif")
    static let durations = [1.0, 1.0, 0.1, 1.0]

    /// A fixture serving the GIF at /anim.gif.
    static func serving() throws -> (ManagerFixture, URL) {
        let fixture = try ManagerFixture()
        fixture.server.setRoute("/anim.gif", .ok(try Data(contentsOf: try #require(gif)), contentType: "image/gif"))
        return (fixture, fixture.server.url("/anim.gif"))
    }

    static func contextStoringEverywhere(_ fixture: ManagerFixture) -> ImageContext {
        var context = fixture.context
        context.storeCacheType = .all
        return context
    }

    @Test("every frame, its duration and the loop count arrive from the network and from disk",
          .enabled(if: gif != nil, "needs the vendored GIF"))
    func framesSurviveTheDiskTier() async throws {
        let (fixture, url) = try Self.serving()
        let context = Self.contextStoringEverywhere(fixture)
        let network = try await fixture.load(url, options: [.waitStoreCache], context: context).get()
        #expect(network.image.frameCount == 4 && network.image.loopCount == 0)
        #expect(network.image.frameDurations == Self.durations)

        await withCheckedContinuation { done in fixture.cache.clear(cacheType: .memory) { done.resume() } }
        let disk = try await fixture.load(url, context: context).get()
        #expect(disk.cacheType == .disk)
        #expect(disk.image.frameCount == 4 && disk.image.frameDurations == Self.durations)
        for index in 0..<4 { #expect(disk.image.frame(at: index).pixels == network.image.frame(at: index).pixels) }
        #expect(fixture.server.requestCount(for: "/anim.gif") == 1)
    }

    @Test(".decodeFirstFrameOnly gives one frame under its own key; a plain load still gets all four",
          .enabled(if: gif != nil, "needs the vendored GIF"))
    func firstFrameOnly() async throws {
        let (fixture, url) = try Self.serving()
        let first = try await fixture.load(url, options: [.decodeFirstFrameOnly]).get()
        #expect(first.image.frameCount == 1 && !first.image.isAnimated)
        let plain = try await fixture.load(url).get()
        #expect(plain.image.frameCount == 4, "the first-frame image must not answer a plain load")
        #expect(first.image.firstFrame == plain.image.firstFrame)
        let again = try await fixture.load(url, options: [.decodeFirstFrameOnly]).get()
        #expect(again.cacheType == .memory && again.image.frameCount == 1)
    }

    @Test("a thumbnail of an animation keeps every frame and its timing, at the thumbnail size",
          .enabled(if: gif != nil, "needs the vendored GIF"))
    func thumbnail() async throws {
        let (fixture, url) = try Self.serving()
        var context = fixture.context
        context.thumbnailPixelSize = PixelSize(width: 40, height: 40)
        let thumbnail = try await fixture.load(url, context: context).get()
        #expect(thumbnail.image.pixelSize == PixelSize(width: 40, height: 40))
        #expect(thumbnail.image.frameCount == 4 && thumbnail.image.frameDurations == Self.durations)
        let plain = try await fixture.load(url).get()
        #expect(plain.image.pixelSize == PixelSize(width: 100, height: 100), "the thumbnail has its own key")
    }

    @Test("a transformer leaves an animation alone unless .transformAnimatedImage; then every frame is transformed",
          .enabled(if: gif != nil, "needs the vendored GIF"))
    func transformAnimated() async throws {
        let (fixture, url) = try Self.serving()
        var context = fixture.context
        context.transformer = RoundCornerTransformer(radius: 20)
        let untouched = try await fixture.load(url, context: context).get()
        #expect(untouched.image.frameCount == 4)
        #expect(untouched.image.frame(at: 0).pixels[0, 0].3 == 255, "without the option the corner stays opaque")

        let transformed = try await fixture.load(url, options: [.transformAnimatedImage], context: context).get()
        #expect(transformed.image.frameCount == 4 && transformed.image.frameDurations == Self.durations)
        for index in 0..<4 {
            let pixels = transformed.image.frame(at: index).pixels
            #expect(pixels[0, 0].3 == 0, "frame \(index): the rounded corner is transparent")
            #expect(pixels[50, 50].3 == 255, "frame \(index): the middle stays opaque")
        }
    }
}
