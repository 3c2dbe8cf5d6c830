import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The GIF decoder's limits (checked before allocating), first-frame-only decoding,
/// thumbnails of every composed frame, and cancellation between frames.
@Suite("GIF budgets", .offCooperativePool)
struct GIFBudgetTests {
    static let palette = GIFDecoderTests.palette

    /// `count` 40 × 30 frames of distinct solid colours on a 40 × 30 screen.
    static func animation(frames count: Int) -> [UInt8] {
        let frames = (0..<count).map { index in
            GIFTestWriter.Frame(width: 40, height: 30, indices: [UInt8](repeating: UInt8(index % 256), count: 1200), delay: 5)
        }
        return GIFTestWriter.gif(width: 40, height: 30, palette: palette, frames: frames, loop: 0)
    }

    @Test("a huge logical screen is imageTooLarge before anything is allocated")
    func hugeScreen() {
        // 65535 × 65535 RGBA would be 16 GiB: the test process would die if it were allocated.
        let file = GIFTestWriter.gif(width: 65535, height: 65535, palette: Self.palette,
                                     frames: [GIFTestWriter.Frame(width: 1, height: 1, indices: [1])])
        #expect(GIFDecoderTests.failure(file) == .imageTooLarge)
    }

    @Test("a huge frame on a small screen is imageTooLarge, or dropped from an animation")
    func hugeFrame() throws {
        var huge = GIFTestWriter.Frame(width: 1, height: 1, indices: [1])
        huge.width = 65535
        huge.height = 65535
        let alone = GIFTestWriter.gif(width: 10, height: 10, palette: Self.palette, frames: [huge])
        #expect(GIFDecoderTests.failure(alone) == .imageTooLarge)
        let small = GIFTestWriter.Frame(width: 1, height: 1, indices: [1])
        let image = try GIFDecoderTests.decode(GIFTestWriter.gif(width: 10, height: 10, palette: Self.palette,
                                                                 frames: [small, huge]))
        #expect(image.frames.count == 1 && image.framesDroppedByBudget)
    }

    @Test("past the animation memory budget frames are composed lazily; past the lazy state, first frame only")
    func memoryBudget() throws {
        let file = Self.animation(frames: 20)
        let eager = try GIFDecoderTests.decode(file)
        #expect(eager.frameCount == 20 && !eager.isLazy)
        var options = DecodeOptions()
        options.animationMemoryBudget = 10 * 40 * 30 * 4   // room for 10 frames, not 20 plus the canvas
        let lazy = try GIFDecoderTests.decode(file, options: options)
        #expect(lazy.isLazy && lazy.frameCount == 20 && !lazy.framesDroppedByBudget)
        #expect(lazy.frames == eager.frames)
        // The lazy state: canvas, first frame + window (4 frames) and two frame buffers.
        options.animationMemoryBudget = (1 + 4 + 2) * 40 * 30 * 4 - 1
        let image = try GIFDecoderTests.decode(file, options: options)
        #expect(image.frameCount == 1 && image.framesDroppedByBudget && !image.isAnimated)
        #expect(image.firstFrame.bytes == GIFDecoderTests.rgba([UInt8](repeating: 0, count: 1200)))
    }

    @Test("past the decode work budget only the first frame is decoded")
    func workBudget() throws {
        var options = DecodeOptions()
        options.decodeWorkBudget = 20 * 1200   // 20 frames need 2 × 20 × 1200 pixels of work
        let image = try GIFDecoderTests.decode(Self.animation(frames: 20), options: options)
        #expect(image.frames.count == 1 && image.framesDroppedByBudget)
    }

    @Test("firstFrameOnly decodes one frame, without the budget flag")
    func firstFrameOnly() throws {
        var options = DecodeOptions()
        options.firstFrameOnly = true
        let image = try GIFDecoderTests.decode(Self.animation(frames: 20), options: options)
        #expect(image.frames.count == 1 && !image.framesDroppedByBudget)
        #expect(image.frames[0].duration == 0)
    }

    @Test("a thumbnail shrinks every composed frame with the row downsampler")
    func thumbnails() throws {
        let url = try #require(Corpus.file("gif/gif-test-suite/animated_transparent_restoreprev_loop.gif"))
        let data = try Data(contentsOf: url)
        let full = try GIFDecoder().decode(data, options: DecodeOptions())
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 30, height: 30)
        let thumbnail = try GIFDecoder().decode(data, options: options)
        #expect(thumbnail.pixelSize == PixelSize(width: 30, height: 30))
        #expect(thumbnail.frames.count == full.frames.count)
        #expect(thumbnail.frames.map(\.duration) == full.frames.map(\.duration))
        for (small, large) in zip(thumbnail.frames, full.frames) {
            #expect(small.pixels == AreaFilterReference.resize(large.pixels, to: PixelSize(width: 30, height: 30)))
        }
    }

    @Test("cancellation is checked before every frame")
    func cancellation() throws {
        let file = Self.animation(frames: 20)
        var options = DecodeOptions()
        options.cancellation = DecodeCancellation(cancelAfterChecks: 5)
        #expect(GIFDecoderTests.failure(file, options: options) == .cancelled)
        #expect(options.cancellation?.checkCount ?? 0 >= 5)
        let cancelled = DecodeCancellation()
        cancelled.cancel()
        options.cancellation = cancelled
        #expect(GIFDecoderTests.failure(file, options: options) == .cancelled)
    }
}
