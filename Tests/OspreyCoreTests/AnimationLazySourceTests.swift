import OspreyTestTraits
import Testing
import OspreyCore
import OspreyTestSupport

/// ``LazyAnimation`` on a composer that counts its work: what is decoded when, where
/// composition restarts, what the window keeps, and that concurrent readers get the right
/// frames.
@Suite("Lazy animation source", .offCooperativePool)
struct AnimationLazySourceTests {
    /// A 1 × 1 "animation" whose canvas is a running sum: frame i adds i, except at the
    /// frames in `resets`, which replace the canvas with i (and say they are restart points).
    /// Frame i's red channel is therefore the sum since the last reset, so a frame composed
    /// from a wrong starting state shows a wrong value. Its canvas says it holds 1000 bytes, too
    /// many for keyframes within these small animations' byte budget: compositions here start
    /// at cursors and restart points only (keyframes: `LazyAnimationSharingTests`).
    struct CountingComposer: SequentialFrameComposer {
        let frameCount: Int
        let resets: Set<Int>
        let calls = Locked(0)

        var frameSize: PixelSize { PixelSize(width: 1, height: 1) }
        var loopCount: Int { 3 }
        func duration(ofFrame index: Int) -> Double { Double(index + 1) / 100 }
        var encodedByteCount: Int { 1000 }
        var canvasByteCount: Int { 1000 }
        func makeCanvas() -> Int { 0 }

        func compose(frame index: Int, on canvas: inout Int, render: Bool) -> ComposedFrame {
            calls.withLock { $0 += 1 }
            let reset = index == 0 || resets.contains(index)
            canvas = reset ? index : canvas + index
            let pixels = render ? PixelBuffer(width: 1, height: 1, bytes: [UInt8(canvas % 256), 0, 0, 255]) : nil
            return ComposedFrame(pixels: pixels, isRestartPoint: reset)
        }

    }

    static func red(_ source: some AnimationFrameSource, _ index: Int) -> UInt8 { source.pixels(ofFrame: index).bytes[0] }

    @Test("frame count, durations, loop count and cost never compose; frame 0 is composed once, up front")
    func metadataIsFree() {
        let composer = CountingComposer(frameCount: 50, resets: [])
        let source = LazyAnimation(composer: composer)
        #expect(composer.calls.withLock { $0 } == 1)
        let image = DecodedImage(frameSource: source, format: .gif)
        #expect(image.frameCount == 50 && image.isAnimated && image.loopCount == 3 && image.isLazy)
        #expect(image.frameDuration(at: 49) == 0.5 && image.frameDurations.count == 50)
        #expect(image.pixelSize == PixelSize(width: 1, height: 1))
        #expect(source.keyframeCount == 0)
        #expect(image.cost == 1000 + LazyAnimationKeyframes.cursorCount * 1000 + (LazyAnimationWindow.defaultSize + 1) * 4 + 50)
        _ = image.firstFrame
        _ = image.duration
        #expect(composer.calls.withLock { $0 } == 1)
    }

    @Test("playing forward composes each frame once; a window hit composes nothing")
    func forward() {
        let composer = CountingComposer(frameCount: 40, resets: [])
        let source = LazyAnimation(composer: composer)
        for index in 0..<40 {
            #expect(Self.red(source, index) == UInt8((0...index).reduce(0, +) % 256))
            #expect(Self.red(source, index) == UInt8((0...index).reduce(0, +) % 256))   // asked again: a hit
        }
        #expect(composer.calls.withLock { $0 } == 40)
    }

    @Test("jumping back restarts at the nearest restart point seen, else at frame 0")
    func jumpBack() {
        let composer = CountingComposer(frameCount: 100, resets: [30, 60])
        let source = LazyAnimation(composer: composer)
        #expect(Self.red(source, 90) == UInt8((60...90).reduce(0, +) % 256))   // 1 + 90 compositions
        #expect(source.knownRestartPointCount == 3)
        let before = composer.calls.withLock { $0 }
        #expect(Self.red(source, 45) == UInt8((30...45).reduce(0, +) % 256))
        #expect(composer.calls.withLock { $0 } - before == 16)   // 30...45, not 0...45
        let again = composer.calls.withLock { $0 }
        #expect(Self.red(source, 20) == UInt8((0...20).reduce(0, +) % 256))
        #expect(composer.calls.withLock { $0 } - again == 21)   // no restart point before 20 but 0
        // Forward from the cursor when no restart point lies between it and the target.
        let ahead = composer.calls.withLock { $0 }
        #expect(Self.red(source, 25) == UInt8((0...25).reduce(0, +) % 256))
        #expect(composer.calls.withLock { $0 } - ahead == 5)
        // A restart point ahead of the cursor is a shorter way.
        let skip = composer.calls.withLock { $0 }
        #expect(Self.red(source, 62) == UInt8((60...62).reduce(0, +) % 256))
        #expect(composer.calls.withLock { $0 } - skip == 3)
    }

    @Test("the window keeps the last frames asked for, no more")
    func window() {
        let composer = CountingComposer(frameCount: 20, resets: [])
        let source = LazyAnimation(composer: composer, windowSize: 2)
        _ = source.pixels(ofFrame: 5)
        _ = source.pixels(ofFrame: 6)
        let before = composer.calls.withLock { $0 }
        _ = source.pixels(ofFrame: 5)
        _ = source.pixels(ofFrame: 6)
        #expect(composer.calls.withLock { $0 } == before)
        _ = source.pixels(ofFrame: 7)   // 5 leaves the window
        _ = source.pixels(ofFrame: 5)   // composed again, from frame 0
        #expect(composer.calls.withLock { $0 } == before + 1 + 6)
    }

    @Test("all frames come from a private pass: the players' place is kept")
    func allFramesPrivate() {
        let composer = CountingComposer(frameCount: 30, resets: [10])
        let source = LazyAnimation(composer: composer)
        _ = source.pixels(ofFrame: 12)
        let frames = DecodedImage(frameSource: source).frames
        let before = composer.calls.withLock { $0 }
        _ = source.pixels(ofFrame: 13)
        #expect(composer.calls.withLock { $0 } == before + 1)
        #expect(frames.count == 30)
        for (index, frame) in frames.enumerated() { #expect(frame.pixels.bytes[0] == Self.red(source, index)) }
    }

    @Test("concurrent readers at different places all get the right frames", .timeLimit(.minutes(2)))
    func concurrentReaders() async {
        let composer = CountingComposer(frameCount: 64, resets: [16, 40])
        let source = LazyAnimation(composer: composer)
        let expected = (0..<64).map { index -> UInt8 in
            let start = [0, 16, 40].filter { $0 <= index }.max()!
            return UInt8((start...index).reduce(0, +) % 256)
        }
        let wrong = await withTaskGroup(of: Int.self) { group in
            for reader in 0..<6 {
                group.addTask {
                    var generator = SeededGenerator(seed: UInt64(reader + 1))
                    var wrong = 0
                    for step in 0..<300 {
                        let index = reader % 2 == 0 ? (step + reader * 7) % 64 : generator.next(below: 64)
                        if source.pixels(ofFrame: index).bytes[0] != expected[index] { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }

    @Test("mapFrames on a lazy image stays lazy and maps each frame when asked")
    func mappedStaysLazy() throws {
        let composer = CountingComposer(frameCount: 10, resets: [])
        let image = DecodedImage(frameSource: LazyAnimation(composer: composer), format: .gif)
        let mapped = try #require(image.mapFrames { pixels in
            PixelBuffer(width: 2, height: 1, bytes: pixels.bytes + pixels.bytes)
        })
        #expect(mapped.isLazy && mapped.frameCount == 10 && mapped.pixelSize == PixelSize(width: 2, height: 1))
        #expect(composer.calls.withLock { $0 } == 1)
        #expect(mapped.frame(at: 4).pixels.bytes[4] == UInt8((0...4).reduce(0, +)))
        #expect(mapped.frame(at: 4).duration == 0.05)
        #expect(image.mapFrames { _ in nil } == nil)
    }
}
