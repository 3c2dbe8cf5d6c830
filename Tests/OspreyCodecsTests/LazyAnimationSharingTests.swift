import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// One lazy animation read at several places at once (two views, players out of step, a jump):
/// each reader pays about one frame's composition per frame, from its cursor or the nearest
/// keyframe, never from frame 0. Counted in compositions, never timed.
@Suite("Lazy animation sharing", .offCooperativePool)
struct LazyAnimationSharingTests {
    /// A 1 × 1 animation whose canvas is the running sum of frame indices (no frame is a
    /// restart point but frame 0), so a frame composed from a wrong state shows a wrong value.
    /// `canvasBytes` is what it says a canvas holds: small, so keyframes are affordable.
    struct SumComposer: SequentialFrameComposer {
        let frameCount: Int
        var canvasByteCount: Int = 1
        let calls = Locked(0)

        var frameSize: PixelSize { PixelSize(width: 1, height: 1) }
        var loopCount: Int { 0 }
        func duration(ofFrame index: Int) -> Double { 0.05 }
        var encodedByteCount: Int { 100 }
        func makeCanvas() -> Int { 0 }

        func compose(frame index: Int, on canvas: inout Int, render: Bool) -> ComposedFrame {
            calls.withLock { $0 += 1 }
            canvas = index == 0 ? 0 : canvas + index
            let pixels = render ? PixelBuffer(width: 1, height: 1, bytes: [UInt8(canvas % 256), 0, 0, 255]) : nil
            return ComposedFrame(pixels: pixels, isRestartPoint: index == 0)
        }

        static func expected(_ index: Int) -> UInt8 { UInt8((0...index).reduce(0, +) % 256) }
    }

    @Test("two readers out of step compose about one frame each per frame, not from frame 0")
    func twoReadersOutOfStep() {
        let composer = SumComposer(frameCount: 300)
        let source = LazyAnimation(composer: composer)
        var wrong = 0
        _ = source.pixels(ofFrame: 37)   // reader A starts ahead
        let before = composer.calls.withLock { $0 }
        for step in 0..<250 {
            let ahead = 38 + step, behind = 1 + step
            if source.pixels(ofFrame: ahead).bytes[0] != SumComposer.expected(ahead) { wrong += 1 }
            if source.pixels(ofFrame: behind).bytes[0] != SumComposer.expected(behind) { wrong += 1 }
        }
        let compositions = composer.calls.withLock { $0 } - before
        #expect(wrong == 0)
        // 500 frames read: one composition each (a restart from frame 0 per read: ~40 000).
        #expect(compositions <= 520)
    }

    @Test("more readers than cursors, and jumps, compose from the nearest keyframe")
    func manyReadersUseKeyframes() {
        let composer = SumComposer(frameCount: 400)
        let source = LazyAnimation(composer: composer)
        let interval = source.keyframeInterval
        #expect(interval == LazyAnimationKeyframes.minimumInterval && source.keyframeCount == 399 / interval)
        _ = source.pixels(ofFrame: 399)   // one pass: every keyframe is met
        var wrong = 0
        let readers = [10, 90, 170, 250, 330]   // five players, two cursors
        let before = composer.calls.withLock { $0 }
        for step in 0..<60 {
            for start in readers {
                let index = start + step
                if source.pixels(ofFrame: index).bytes[0] != SumComposer.expected(index) { wrong += 1 }
            }
        }
        let compositions = composer.calls.withLock { $0 } - before
        #expect(wrong == 0)
        #expect(compositions <= 300 * interval)   // from frame 0 each time: ~60 000
        // A jump back composes at most one interval's frames.
        let jump = composer.calls.withLock { $0 }
        #expect(source.pixels(ofFrame: 203).bytes[0] == SumComposer.expected(203))
        #expect(composer.calls.withLock { $0 } - jump <= interval)
    }

    @Test("keyframes and cursors are bounded and counted in the cost")
    func keyframesInCost() {
        let composer = SumComposer(frameCount: 400, canvasByteCount: 7)
        let source = LazyAnimation(composer: composer)
        let canvases = LazyAnimationKeyframes.cursorCount + source.keyframeCount
        #expect(source.keyframeCount * 7 <= LazyAnimationKeyframes.byteBudget(frameCount: 400, frameByteCount: 4))
        #expect(source.cost == 100 + canvases * 7 + (source.windowSize + 1) * 4 + 400)
        // A canvas too large for the budget: no keyframes, and none counted.
        let large = LazyAnimation(composer: SumComposer(frameCount: 400, canvasByteCount: 1 << 20))
        #expect(large.keyframeCount == 0 && large.keyframeInterval == 400)
        #expect(large.cost == 100 + LazyAnimationKeyframes.cursorCount * (1 << 20) + (large.windowSize + 1) * 4 + 400)
    }

    @Test("frames on a lazy image composes every frame once, then costs nothing")
    func framesComposedOnce() {
        let composer = SumComposer(frameCount: 50)
        let image = DecodedImage(frameSource: LazyAnimation(composer: composer), format: .gif)
        let costBefore = image.cost
        let before = composer.calls.withLock { $0 }
        let first = image.frames
        let second = image.frames
        #expect(composer.calls.withLock { $0 } - before == 50)
        #expect(first == second && first.count == 50)
        #expect(first.enumerated().allSatisfy { $0.element.pixels.bytes[0] == SumComposer.expected($0.offset) })
        #expect(image.cost == costBefore + 50 * 4)   // it now holds them, and says so
    }

    @Test("eight threads reading a lazy GIF at different places get the eager frames", .timeLimit(.minutes(3)))
    func concurrentGIFReaders() async throws {
        let data = Data(GIFLazyTests.mixedAnimation(frames: 60, seed: 5))
        let lazy = try GIFDecoder().decode(data, options: GIFLazyTests.options(lazy: true))
        let eager = try GIFDecoder().decode(data, options: GIFLazyTests.options(lazy: false))
        #expect(lazy.isLazy && !eager.isLazy)
        let expected = eager.frames
        let wrong = await withTaskGroup(of: Int.self) { group in
            for reader in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for step in 0..<90 {
                        let index = (step + reader * 7) % 60
                        if lazy.frame(at: index) != expected[index] { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }
}
