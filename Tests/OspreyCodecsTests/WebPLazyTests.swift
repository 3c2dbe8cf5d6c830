import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Animated WebP past ``DecodeOptions/lazyAnimationThreshold`` decodes lazily, as GIF and APNG
/// do, instead of falling back to its first frame: every frame, asked in any order, equals the
/// eager decode's.
@Suite("WebP lazy animation", .offCooperativePool)
struct WebPLazyTests {
    static func options(lazy: Bool) -> DecodeOptions {
        var options = DecodeOptions()
        options.lazyAnimationThreshold = lazy ? 0 : Int.max
        return options
    }

    /// `count` frames on a 24 × 20 canvas mixing every composer case: full opaque key frames,
    /// blended partly transparent frames, frames disposed to background, unblended frames.
    static func animation(frames count: Int) -> [UInt8] {
        let frames = (0..<count).map { index -> WebPTestWriter.Frame in
            let seed = UInt32(index + 1)
            switch index % 5 {
            case 0: return .init(pixels: WebPAnimationTests.noise(24, 20, seed: seed).withAlpha(255), milliseconds: 40)
            case 1: return .init(pixels: WebPAnimationTests.noise(10, 8, seed: seed), x: 2, y: 4, milliseconds: 50)
            case 2: return .init(pixels: WebPAnimationTests.noise(8, 8, seed: seed), x: 12, y: 6, milliseconds: 60,
                                 blend: false, disposeToBackground: true)
            case 3: return .init(pixels: WebPAnimationTests.noise(14, 10, seed: seed), x: 6, y: 8, milliseconds: 70,
                                 disposeToBackground: index % 2 == 1)
            default: return .init(pixels: WebPAnimationTests.noise(6, 6, seed: seed), x: 16, y: 12, milliseconds: 80)
            }
        }
        return WebPTestWriter.animationFile(canvas: PixelSize(width: 24, height: 20), frames: frames, loops: 2)
    }

    @Test("an animated WebP over the threshold is lazy, and every frame equals the eager decode")
    func lazyEqualsEager() throws {
        for file in [WebPAnimationTests.sample, Self.animation(frames: 47)] {
            let lazy = try WebPDecoder().decode(Data(file), options: Self.options(lazy: true))
            let eager = try WebPDecoder().decode(Data(file), options: Self.options(lazy: false))
            #expect(lazy.isLazy && !eager.isLazy && !lazy.framesDroppedByBudget)
            #expect(lazy.frameCount == eager.frameCount && lazy.loopCount == eager.loopCount)
            #expect(lazy.frameDurations == eager.frameDurations)
            #expect(lazy.cost < eager.cost || eager.frameCount < 10)
            let expected = eager.frames
            // Forward, then jumping around (cursors, keyframes and restart points).
            var order = Array(0..<expected.count)
            var generator = SeededGenerator(seed: 3)
            order += (0..<expected.count).map { _ in generator.next(below: expected.count) }
            for index in order { #expect(lazy.frame(at: index) == expected[index], "frame \(index)") }
            #expect(lazy.frames == expected)
        }
    }

    @Test("a lazy-sized thumbnail and the incremental decode go lazy too, with the eager frames")
    func thumbnailAndIncremental() throws {
        let file = Data(Self.animation(frames: 23))
        var lazyOptions = Self.options(lazy: true), eagerOptions = Self.options(lazy: false)
        lazyOptions.thumbnailPixelSize = PixelSize(width: 12, height: 10)
        eagerOptions.thumbnailPixelSize = PixelSize(width: 12, height: 10)
        let lazy = try WebPDecoder().decode(file, options: lazyOptions)
        let eager = try WebPDecoder().decode(file, options: eagerOptions)
        #expect(lazy.isLazy && lazy.pixelSize == PixelSize(width: 12, height: 10))
        #expect(lazy.frames == eager.frames)

        let decoder = WebPIncrementalDecoder(options: Self.options(lazy: true))
        _ = feedPieces(file, chunkSize: 512, to: decoder)
        let streamed = try decoder.finish()
        let whole = try WebPDecoder().decode(file, options: Self.options(lazy: false))
        #expect(streamed.isLazy && streamed.frames == whole.frames)
    }
}
