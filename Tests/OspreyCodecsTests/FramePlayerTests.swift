import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// ``FramePlayer`` with a hand-set clock: loop counts, frame skipping when
/// it falls behind, pause and resume, stopping when the view is gone. No test waits for time.
@Suite("Frame player", .offCooperativePool)
@MainActor
struct FramePlayerTests {
    /// A clock that moves only when told.
    struct ManualClock: AnimationClock {
        private let time = Locked(1000.0)
        var now: Double { time.withLock { $0 } }
        func set(_ seconds: Double) { time.withLock { $0 = 1000 + seconds } }
    }

    /// `count` 1 × 1 frames (red = index), each `duration` seconds.
    static func animation(frames count: Int, duration: Double = 0.1, loopCount: Int) -> DecodedImage {
        let frames = (0..<count).map {
            ImageFrame(pixels: PixelBuffer(width: 1, height: 1, bytes: [UInt8($0), 0, 0, 255]), duration: duration)
        }
        return DecodedImage(frames: frames, format: .gif, loopCount: loopCount)
    }

    @Test("plays its loop count, then rests on the last frame")
    func loopCount() {
        let clock = ManualClock()
        let player = FramePlayer(image: Self.animation(frames: 3, loopCount: 2), clock: clock)
        var tick = player.start()
        #expect(tick == FramePlayer.Tick(frameIndex: 0, changed: true, nextUpdate: 1000.1))
        var shown: [Int] = [tick.frameIndex]
        var steps = 0
        while let next = tick.nextUpdate, steps < 100 {
            clock.set(next - 1000)
            tick = player.update()
            if tick.changed { shown.append(tick.frameIndex) }
            steps += 1
        }
        #expect(shown == [0, 1, 2, 0, 1, 2])
        #expect(player.state == .finished && player.frameIndex == 2 && player.completedLoops == 2)
        #expect(player.skippedFrameCount == 0)
        clock.set(500)
        #expect(player.update() == FramePlayer.Tick(frameIndex: 2, changed: false, nextUpdate: nil))
    }

    @Test("loop count 0 plays forever; an explicit play count overrides the image's")
    func forever() {
        let clock = ManualClock()
        let player = FramePlayer(image: Self.animation(frames: 4, loopCount: 0), clock: clock)
        player.start()
        clock.set(10_000.25)
        let tick = player.update()
        #expect(player.state == .playing && tick.frameIndex == 2 && tick.nextUpdate != nil)
        #expect(player.completedLoops == 25_000)
        let once = FramePlayer(image: Self.animation(frames: 4, loopCount: 0), clock: clock, plays: 1)
        once.start()
        clock.set(10_000.25 + 0.4)
        #expect(once.update().nextUpdate == nil && once.state == .finished && once.frameIndex == 3)
    }

    @Test("falling behind skips the missed frames instead of slowing down")
    func skipping() {
        let clock = ManualClock()
        let player = FramePlayer(image: Self.animation(frames: 10, loopCount: 0), clock: clock)
        player.start()
        clock.set(0.55)   // the view was busy for five and a half frames
        let tick = player.update()
        #expect(tick.frameIndex == 5 && tick.changed && player.skippedFrameCount == 4)
        #expect(abs(tick.nextUpdate! - 1000.6) < 1e-9)   // still on the original schedule
        clock.set(1.72)   // into the next loop: frames 6…9 and 0…6 missed
        let late = player.update()
        #expect(late.frameIndex == 7 && player.completedLoops == 1 && player.skippedFrameCount == 4 + 11)
        clock.set(1.75)   // asked again within the frame: nothing to draw
        #expect(player.update().changed == false)
    }

    @Test("pausing holds the frame; resuming continues where it was")
    func pauseResume() {
        let clock = ManualClock()
        let player = FramePlayer(image: Self.animation(frames: 5, loopCount: 1), clock: clock)
        player.start()
        clock.set(0.15)
        #expect(player.update().frameIndex == 1)
        player.pause()
        clock.set(60)
        #expect(player.update() == FramePlayer.Tick(frameIndex: 1, changed: false, nextUpdate: nil))
        #expect(player.state == .paused)
        let resumed = player.resume()
        #expect(resumed.frameIndex == 1 && !resumed.changed && abs(resumed.nextUpdate! - 1060.05) < 1e-9)
        clock.set(60.05)
        #expect(player.update().frameIndex == 2 && player.skippedFrameCount == 0)
        clock.set(60.5)
        #expect(player.update().nextUpdate == nil && player.state == .finished && player.frameIndex == 4)
    }

    @Test("the player stops once its view is gone, and after stop()")
    func ownerGone() {
        let clock = ManualClock()
        var view: NSObject? = NSObject()
        let player = FramePlayer(image: Self.animation(frames: 3, loopCount: 0), clock: clock, owner: view)
        #expect(player.start().nextUpdate != nil)
        view = nil
        clock.set(0.1)
        #expect(player.update().nextUpdate == nil && player.state == .stopped)
        #expect(player.start().nextUpdate == nil)   // stopped for good
        _ = view
        let other = FramePlayer(image: Self.animation(frames: 3, loopCount: 0), clock: clock)
        other.start()
        other.stop()
        #expect(other.update().nextUpdate == nil && other.state == .stopped)
    }

    @Test("a still image shows its frame once and asks for nothing more; zero delays still take time")
    func stillAndZeroDelays() {
        let clock = ManualClock()
        let still = FramePlayer(image: Self.animation(frames: 1, loopCount: 0), clock: clock)
        #expect(still.start() == FramePlayer.Tick(frameIndex: 0, changed: true, nextUpdate: nil))
        #expect(still.state == .finished)
        let zero = FramePlayer(image: Self.animation(frames: 3, duration: 0, loopCount: 0), clock: clock)
        clock.set(0)
        #expect(zero.start().nextUpdate == 1000 + FrameTimeline.minimumFrameDuration)
    }

    /// Waits (yielding the main actor, 30 s at most) until `condition` holds.
    func waitUntil(_ condition: @MainActor () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(30)
        while !condition() && Date() < deadline { try await Task.sleep(for: .milliseconds(2)) }
    }

    @Test("a lazy GIF played through the player shows the eager frames, holding only its window")
    func lazyPlayback() async throws {
        let data = Data(GIFLazyTests.mixedAnimation(frames: 40, seed: 11))
        var options = DecodeOptions()
        options.lazyAnimationThreshold = 0
        let lazy = try GIFDecoder().decode(data, options: options)
        options.lazyAnimationThreshold = Int.max
        let eager = try GIFDecoder().decode(data, options: options)
        #expect(lazy.isLazy && lazy.loopCount == 3)
        let clock = ManualClock()
        clock.set(0)
        let player = FramePlayer(image: lazy, clock: clock)
        var tick = player.start()
        var drawn = 0, steps = 0
        while steps < 1000 {
            if player.awaitedFrameIndex != nil {   // composed off the main actor: ask again once ready
                var again = tick
                try await waitUntil {
                    again = player.update()
                    return player.awaitedFrameIndex == nil
                }
                tick = again
            }
            if tick.changed {
                #expect(player.framePixels == eager.frame(at: tick.frameIndex).pixels)
                drawn += 1
            }
            guard let next = tick.nextUpdate else { break }
            // Every third step arrives late, skipping a frame.
            clock.set(next - 1000 + (steps % 3 == 2 ? lazy.frameDuration(at: tick.frameIndex) / 2 + 0.03 : 0))
            tick = player.update()
            steps += 1
        }
        #expect(player.state == .finished && player.completedLoops == 3)
        #expect(drawn + player.skippedFrameCount == 3 * 40)
        #expect(lazy.cost < eager.cost)
    }

    /// Frames of 1 × 1 (red = index); frame 0 is held, every other one is composed only once
    /// `gate` opens, counting the waits that ran out before it did (a caller that blocked the
    /// test, which opens the gate, until the wait gave up).
    final class GatedSource: AnimationFrameSource {
        let gate = DispatchSemaphore(value: 0)
        let timedOut = Locked(0)
        let asked = Locked(0)
        var frameSize: PixelSize { PixelSize(width: 1, height: 1) }
        var frameCount: Int { 4 }
        var loopCount: Int { 0 }
        var cost: Int { 16 }
        func duration(ofFrame index: Int) -> Double { 0.1 }
        static func pixels(_ index: Int) -> PixelBuffer { PixelBuffer(width: 1, height: 1, bytes: [UInt8(index), 0, 0, 255]) }
        func cachedPixels(ofFrame index: Int) -> PixelBuffer? { index == 0 ? Self.pixels(0) : nil }
        func pixels(ofFrame index: Int) -> PixelBuffer {
            guard index > 0 else { return Self.pixels(0) }
            asked.withLock { $0 += 1 }
            if gate.wait(timeout: .now() + 30) == .success {
                gate.signal()   // once open, stays open
            } else {
                timedOut.withLock { $0 += 1 }
            }
            return Self.pixels(index)
        }
    }

    @Test("a slow composition never blocks the tick: the shown frame stays until the next is ready", .timeLimit(.minutes(2)))
    func slowCompositionDoesNotBlock() async throws {
        let source = GatedSource()
        let clock = ManualClock()
        clock.set(0)
        let player = FramePlayer(image: DecodedImage(frameSource: source, format: .gif), clock: clock)
        var ready = 0
        player.onFrameReady = { ready += 1 }
        #expect(player.start() == FramePlayer.Tick(frameIndex: 0, changed: true, nextUpdate: 1000.1))
        clock.set(0.1)
        let tick = player.update()   // frame 1 is due; its composition waits on the gate
        #expect(tick.frameIndex == 0 && !tick.changed && tick.nextUpdate == 1000.2)
        #expect(player.awaitedFrameIndex == 1 && player.framePixels == GatedSource.pixels(0))
        try await waitUntil { source.asked.withLock { $0 } > 0 }
        #expect(player.update().changed == false && ready == 0)   // still composing: still frame 0
        source.gate.signal()
        try await waitUntil { ready > 0 }
        let shown = player.update()
        #expect(shown.frameIndex == 1 && shown.changed && player.framePixels == GatedSource.pixels(1))
        #expect(player.awaitedFrameIndex == nil && player.skippedFrameCount == 0)
        #expect(source.timedOut.withLock { $0 } == 0)
    }
}
