import Foundation
import OspreyTestTraits
import Testing
@testable import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// An animation's work and memory are budgeted from its frame
/// rectangles before any frame is decoded; past a budget only the first frame is decoded, and
/// the result says so.
@Suite("APNG decode budgets", .timeLimit(.minutes(20)), .offCooperativePool)
struct APNGBudgetTests {
    typealias H = PNGTestHelpers

    @Test("CPU bomb: 8192² canvas, 200 1×1 frames, 64×64 thumbnail decodes its first frame only")
    func cpuBomb() throws {
        let data = HostileAPNG.make(width: 8192, height: 8192, frameCount: 200)
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 64, height: 64)
        let canvas = PixelSize(width: 8192, height: 8192)
        let budget = AnimationBudget(canvas: canvas, target: PixelSize(width: 64, height: 64),
                                     framePixelCounts: [canvas.pixelCount] + Array(repeating: 1, count: 199))
        // 200 reads of a 67 M-pixel canvas: 25× the default work budget.
        #expect(budget.work > 25 * DecodeOptions.defaultDecodeWorkBudget)
        #expect(!budget.fits(options))
        let image = try PNGDecoder().decode(data, options: options)
        #expect(image.frames.count == 1)
        #expect(image.framesDroppedByBudget)
        #expect(image.pixelSize == PixelSize(width: 64, height: 64))
        #expect(image.firstFrame[0, 0] == (0, 0, 0, 255))
    }

    @Test("work budget: a 2048² canvas of 200 tiny frames fits in memory but not in work")
    func workBudgetDefault() throws {
        let data = HostileAPNG.make(width: 2048, height: 2048, frameCount: 200)
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 64, height: 64)
        let canvas = PixelSize(width: 2048, height: 2048)
        let budget = AnimationBudget(canvas: canvas, target: PixelSize(width: 64, height: 64),
                                     framePixelCounts: [canvas.pixelCount] + Array(repeating: 1, count: 199))
        #expect(budget.memory <= options.animationMemoryBudget)
        #expect(budget.work > options.decodeWorkBudget)
        let image = try PNGDecoder().decode(data, options: options)
        #expect(image.frames.count == 1 && image.framesDroppedByBudget)
    }

    @Test("the work budget is frame rectangles plus one canvas per output frame, exactly")
    func workBudgetBoundary() throws {
        let data = HostileAPNG.make(width: 256, height: 256, frameCount: 50)
        let work = 256 * 256 + 49 * 1 + 50 * 256 * 256
        var options = DecodeOptions()
        options.decodeWorkBudget = work
        let all = try PNGDecoder().decode(data, options: options)
        #expect(all.frames.count == 50 && !all.framesDroppedByBudget)
        options.decodeWorkBudget = work - 1
        let first = try PNGDecoder().decode(data, options: options)
        #expect(first.frames.count == 1 && first.framesDroppedByBudget)
        #expect(first.firstFrame == all.firstFrame)
    }

    @Test("memory bomb: 1600² × 100 full frames (1 GB decoded) is lazy within the budget, or first frame only")
    func memoryBomb() throws {
        let data = HostileAPNG.make(width: 1600, height: 1600, frameCount: 100, frameSize: nil)
        let lazy = try PNGDecoder().decode(data, options: DecodeOptions())
        #expect(lazy.isLazy && lazy.frameCount == 100 && !lazy.framesDroppedByBudget)
        #expect(lazy.cost <= DecodeOptions.defaultAnimationMemoryBudget)
        var options = DecodeOptions()
        options.animationMemoryBudget = 64 * 1024 * 1024   // below the lazy state (70 MB)
        let image = try PNGDecoder().decode(data, options: options)
        #expect(image.frameCount == 1)
        #expect(image.framesDroppedByBudget)
        #expect(image.cost == 1600 * 1600 * 4)
    }

    @Test("the memory budget counts canvas, output frames and two frame buffers, exactly")
    func memoryBudgetBoundary() throws {
        let data = HostileAPNG.make(width: 40, height: 30, frameCount: 12, frameSize: PixelSize(width: 10, height: 10))
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 20, height: 20)   // 20 × 15 output frames
        let bytes = 4 * (40 * 30 + 12 * 20 * 15 + 2 * 40 * 30)
        options.animationMemoryBudget = bytes
        let all = try PNGDecoder().decode(data, options: options)
        #expect(all.frames.count == 12 && !all.framesDroppedByBudget)
        options.animationMemoryBudget = bytes - 1
        let lazy = try PNGDecoder().decode(data, options: options)
        #expect(lazy.isLazy && lazy.frameCount == 12 && lazy.frames == all.frames)
        for index in [11, 5, 2, 4, 0, 3, 1, 5, 10] { #expect(lazy.frame(at: index) == all.frame(at: index)) }   // jumping back
        // Lazy: two canvases (cursors; no keyframe fits the budget of a sixteenth of the eager
        // frames), the first frame and the window (4 output frames), two frame buffers.
        options.animationMemoryBudget = 4 * (2 * 40 * 30 + 4 * 20 * 15 + 2 * 40 * 30) - 1
        let first = try PNGDecoder().decode(data, options: options)
        #expect(first.frames.count == 1 && first.framesDroppedByBudget)
        #expect(first.pixelSize == PixelSize(width: 20, height: 15))
    }

    @Test("a canvas over maxPixelCount that a thumbnail could stream falls back to the first frame")
    func canvasOverPixelLimit() throws {
        let data = HostileAPNG.make(width: 300, height: 300, frameCount: 3)
        var options = DecodeOptions()
        options.maxPixelCount = 10_000
        options.thumbnailPixelSize = PixelSize(width: 50, height: 50)
        let image = try PNGDecoder().decode(data, options: options)
        #expect(image.frames.count == 1 && image.framesDroppedByBudget)
        options.thumbnailPixelSize = nil
        #expect(H.decodeFailure(data, options: options) == .imageTooLarge)
    }

    @Test("asking for the first frame only is not a dropped-frames result")
    func firstFrameOnlyIsNotFlagged() throws {
        var options = DecodeOptions()
        options.firstFrameOnly = true
        let image = try PNGDecoder().decode(HostileAPNG.make(width: 64, height: 64, frameCount: 5), options: options)
        #expect(image.frames.count == 1 && !image.framesDroppedByBudget)
        let all = try PNGDecoder().decode(HostileAPNG.make(width: 64, height: 64, frameCount: 5), options: DecodeOptions())
        #expect(all.frames.count == 5 && !all.framesDroppedByBudget)
    }

    @Test("a still image over the work budget is imageTooLarge before decoding")
    func stillOverWorkBudget() {
        var options = DecodeOptions()
        options.decodeWorkBudget = 100 * 100 - 1
        #expect(H.decodeFailure(HostileAPNG.still(width: 100, height: 100), options: options) == .imageTooLarge)
        options.decodeWorkBudget = 100 * 100
        #expect(H.decodeFailure(HostileAPNG.still(width: 100, height: 100), options: options) == nil)
    }
}
