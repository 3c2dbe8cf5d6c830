import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Lazy GIF decoding: frames composed on demand equal the eager ones in any
/// access order, the memory they hold is bounded, and animations the memory budget used to cut
/// to their first frame now play every frame.
@Suite("GIF lazy frames", .cpuBound)
struct GIFLazyTests {
    static let palette = GIFDecoderTests.palette

    static func options(lazy: Bool) -> DecodeOptions {
        var options = DecodeOptions()
        options.lazyAnimationThreshold = lazy ? 0 : Int.max
        return options
    }

    /// `count` frames on a 64 × 48 screen with seeded rectangles (some off-screen), disposals,
    /// transparency, and every ninth frame an opaque full-screen one (a restart point).
    static func mixedAnimation(frames count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        let frames = (0..<count).map { index -> GIFTestWriter.Frame in
            let full = index % 9 == 4
            let width = full ? 64 : 1 + generator.next(below: 40), height = full ? 48 : 1 + generator.next(below: 30)
            var frame = GIFTestWriter.Frame(x: full ? 0 : generator.next(below: 70), y: full ? 0 : generator.next(below: 50),
                                            width: width, height: height,
                                            indices: GIFDecoderTests.indices(width * height, alphabet: 12, seed: UInt64(index) &+ seed))
            frame.delay = 2 + generator.next(below: 10)
            frame.disposal = generator.next(below: 4)
            if !full, generator.next(below: 2) == 0 { frame.transparentIndex = generator.next(below: 12) }
            return frame
        }
        return GIFTestWriter.gif(width: 64, height: 48, palette: palette, frames: frames, loop: 2)
    }

    /// Frame indices in a seeded order that jumps back and forth.
    static func shuffledAccess(_ count: Int, seed: UInt64) -> [Int] {
        var generator = SeededGenerator(seed: seed)
        return (0..<(count * 3)).map { _ in generator.next(below: count) }
    }

    @Test("every gif-test-suite file: lazy frames equal eager ones, in order and jumping around")
    func suiteLazyEqualsEager() throws {
        let files = GIFConformanceTests.suiteFiles
        #expect(files.count == 13)
        for url in files {
            let data = try Data(contentsOf: url)
            let eager = try GIFDecoder().decode(data, options: Self.options(lazy: false))
            let lazy = try GIFDecoder().decode(data, options: Self.options(lazy: true))
            #expect(lazy.frameCount == eager.frameCount, "\(url.lastPathComponent)")
            #expect(lazy.isLazy == eager.isAnimated, "\(url.lastPathComponent)")
            #expect(lazy.loopCount == eager.loopCount && lazy.frameDurations == eager.frameDurations)
            #expect(lazy.frames == eager.frames, "\(url.lastPathComponent)")
            for index in Self.shuffledAccess(eager.frameCount, seed: 7) {
                #expect(lazy.frame(at: index) == eager.frame(at: index), "\(url.lastPathComponent) frame \(index)")
            }
        }
    }

    @Test("mixed disposals and restart points: random access equals the eager frames, full size and thumbnail")
    func mixedRandomAccess() throws {
        let data = Data(Self.mixedAnimation(frames: 60, seed: 0x5EED))
        for thumbnail in [nil, PixelSize(width: 20, height: 20)] {
            var eagerOptions = Self.options(lazy: false), lazyOptions = Self.options(lazy: true)
            eagerOptions.thumbnailPixelSize = thumbnail
            lazyOptions.thumbnailPixelSize = thumbnail
            let eager = try GIFDecoder().decode(data, options: eagerOptions)
            let lazy = try GIFDecoder().decode(data, options: lazyOptions)
            #expect(eager.frameCount == 60 && lazy.isLazy && lazy.pixelSize == eager.pixelSize)
            for index in Self.shuffledAccess(60, seed: 99) {
                #expect(lazy.frame(at: index) == eager.frame(at: index), "frame \(index), thumbnail \(String(describing: thumbnail))")
            }
            let source = try #require(lazy.frameSource as? LazyAnimation<GIFFrameSequence>)
            #expect(source.knownRestartPointCount > 1)   // the opaque full-screen frames were found
        }
    }

    /// A 1000 × 175 animation of 259 frames (the kind of banner GIF whose composed frames,
    /// 181 MB, exceed the default memory budget): a full first frame, then small updates.
    static func banner() -> [UInt8] {
        var frames = [GIFTestWriter.Frame(width: 1000, height: 175,
                                          indices: GIFDecoderTests.indices(1000 * 175, alphabet: 16, seed: 1))]
        frames[0].delay = 4
        for index in 1..<259 {
            var frame = GIFTestWriter.Frame(x: (index * 37) % 900, y: (index * 11) % 150, width: 100, height: 25,
                                            indices: [UInt8](repeating: UInt8(16 + index % 200), count: 2500))
            frame.delay = 4
            frames.append(frame)
        }
        return GIFTestWriter.gif(width: 1000, height: 175, palette: palette, frames: frames, loop: 0)
    }

    @Test("a 1000 × 175 × 259-frame GIF plays every frame lazily instead of falling back to frame 0")
    func bannerPlaysLazily() throws {
        let data = Data(Self.banner())
        #expect(1000 * 175 * 4 * 259 > DecodeOptions.defaultAnimationMemoryBudget)   // eager would not fit
        let image = try GIFDecoder().decode(data, options: DecodeOptions())
        #expect(image.isLazy && image.frameCount == 259 && !image.framesDroppedByBudget && image.loopCount == 0)
        // Two cursors and two keyframes of 1.6 MB (canvas, saved area, indices), first frame and
        // window of 0.7 MB: 9.3 MB. Eager: 181 MB.
        #expect(image.cost < 10 * 1024 * 1024)
        #expect(image.cost <= DecodeOptions.defaultAnimationMemoryBudget)
        // Frame 258 shows its update over everything before it.
        let last = image.frame(at: 258).pixels
        let x = (258 * 37) % 900, y = (258 * 11) % 150
        #expect(last[x, y] == (UInt8(16 + 58), UInt8(255 - 74), UInt8(74 / 2), 255))
        #expect(image.frame(at: 258).duration == 0.04)
    }

    @Test("first frame only and thumbnails of a lazy-sized GIF")
    func firstFrameAndThumbnail() throws {
        let data = Data(Self.banner())
        var options = DecodeOptions()
        options.firstFrameOnly = true
        let first = try GIFDecoder().decode(data, options: options)
        #expect(first.frameCount == 1 && !first.isLazy && !first.framesDroppedByBudget)
        options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 200, height: 200)
        let thumbnail = try GIFDecoder().decode(data, options: options)
        #expect(thumbnail.pixelSize == PixelSize(width: 200, height: 35) && thumbnail.frameCount == 259)
        // 200 × 35 × 4 × 259 = 7 MB: small enough to hold composed.
        #expect(!thumbnail.isLazy)
    }

    @Test("a transformer applied to a lazy GIF runs per frame, lazily, and matches the eager result")
    func lazyTransform() throws {
        let data = Data(Self.mixedAnimation(frames: 30, seed: 3))
        let transformer = PipelineTransformer([ResizingTransformer(size: PixelSize(width: 32, height: 32), mode: .fill),
                                               RotatingTransformer(quarterTurns: 1)])
        let eager = try #require(transformer.transform(try GIFDecoder().decode(data, options: Self.options(lazy: false))))
        let lazy = try #require(transformer.transform(try GIFDecoder().decode(data, options: Self.options(lazy: true))))
        #expect(lazy.isLazy && lazy.frameCount == 30 && lazy.pixelSize == eager.pixelSize)
        for index in Self.shuffledAccess(30, seed: 5) { #expect(lazy.frame(at: index) == eager.frame(at: index)) }
    }

    @Test("frames damaged past the first end the lazy animation where the eager one ends")
    func damagedFrameEndsAnimation() throws {
        var frames = (0..<5).map { index in
            GIFTestWriter.Frame(width: 8, height: 8, indices: [UInt8](repeating: UInt8(index), count: 64))
        }
        frames[3].rawData = []   // no data: decodes to nothing
        let data = Data(GIFTestWriter.gif(width: 8, height: 8, palette: Self.palette, frames: frames))
        let eager = try GIFDecoder().decode(data, options: Self.options(lazy: false))
        let lazy = try GIFDecoder().decode(data, options: Self.options(lazy: true))
        #expect(eager.frameCount == 3 && lazy.frameCount == 3 && lazy.isLazy)
        #expect(lazy.frames == eager.frames)
    }
}
