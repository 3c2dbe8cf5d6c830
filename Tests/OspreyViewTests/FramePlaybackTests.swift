import Foundation
import OspreyTestTraits
import Testing
import Osprey
@testable import OspreyUIKitBridge

/// The view adapter of ``FramePlayer`` on a Linux stand-in view, with the real clock and the
/// main-queue timer: frames reach the view in order, playback ends, and a view that goes away
/// stops it. Waits on conditions (30 s limit), never on elapsed time.
@MainActor
@Suite("Frame playback on a view", .offCooperativePool)
struct FramePlaybackTests {
    /// Records the red value of every frame shown (frame i is red i).
    @MainActor
    final class FrameView: ImageDisplaying {
        var shown: [Int] = []
        var displayedImage: PlatformImage? {
            didSet { shown.append(displayedImage.flatMap { PlatformImageBridge.decodedImage(from: $0) }.map { Int($0.firstFrame.bytes[0]) } ?? -1) }
        }
    }

    static func animation(frames count: Int, loopCount: Int) -> DecodedImage {
        DecodedImage(frames: (0..<count).map {
            ImageFrame(pixels: PixelBuffer(width: 1, height: 1, bytes: [UInt8($0), 0, 0, 255]), duration: 0.02)
        }, format: .gif, loopCount: loopCount)
    }

    /// Waits until `condition` holds, up to 30 s.
    func waitUntil(_ condition: @MainActor () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(30)
        while !condition() && Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
    }

    @Test("frames reach the view in order and playback finishes on the last frame")
    func plays() async throws {
        let view = FrameView()
        let playback = AnimatedImagePlayback(image: Self.animation(frames: 5, loopCount: 2), on: view)
        playback.start()
        try await waitUntil { playback.player.state == .finished }
        #expect(playback.player.state == .finished)
        #expect(view.shown.first == 0 && view.shown.last == 4)
        // Every position of both loops was either shown or skipped (a busy machine may skip).
        #expect(view.shown.count + playback.player.skippedFrameCount == 10)
        #expect(playback.player.completedLoops == 2)
    }

    @Test("a view that goes away stops the playback")
    func viewGone() async throws {
        var view: FrameView? = FrameView()
        let playback = AnimatedImagePlayback(image: Self.animation(frames: 3, loopCount: 0), on: view!)
        playback.start()
        view = nil
        try await waitUntil { playback.player.state == .stopped }
        #expect(playback.player.state == .stopped)
    }

    @Test("a view given an image with an animation it cannot hold plays it through setFrame, and a new image stops it")
    func autoplay() async throws {
        let view = FrameView()
        let sink = FrameView()   // the frames setFrame puts up
        let record: @MainActor (FrameView, PlatformImage) -> Void = { _, frame in sink.displayedImage = frame }
        AttachedAnimationAutoplay.imageDidChange(on: view, animation: Self.animation(frames: 4, loopCount: 1), setFrame: record)
        #expect(AttachedAnimationAutoplay.isPlaying(on: view))
        try await waitUntil { sink.shown.last == 3 }
        #expect(sink.shown.first == 0 && sink.shown.last == 3)
        #expect(view.shown.isEmpty, "frames go through setFrame, not displayedImage (whose setter restarts playback)")

        AttachedAnimationAutoplay.imageDidChange(on: view, animation: Self.animation(frames: 3, loopCount: 0), setFrame: record)
        #expect(AttachedAnimationAutoplay.isPlaying(on: view))
        AttachedAnimationAutoplay.imageDidChange(on: view, animation: nil, setFrame: record)
        #expect(!AttachedAnimationAutoplay.isPlaying(on: view))
    }

    /// Frames of 1 × 1 (red = index), frame 0 held; frame 1 and later are composed only once
    /// `gate` opens, counting the waits that ran out before it did (a caller that blocked the
    /// test, which opens the gate, until the wait gave up).
    final class GatedSource: AnimationFrameSource {
        let gate = DispatchSemaphore(value: 0)
        let timedOut = Locked(0)
        let asked = Locked(0)
        var frameSize: PixelSize { PixelSize(width: 1, height: 1) }
        var frameCount: Int { 3 }
        var loopCount: Int { 1 }
        var cost: Int { 12 }
        func duration(ofFrame index: Int) -> Double { 0.02 }
        static func pixels(_ index: Int) -> PixelBuffer { PixelBuffer(width: 1, height: 1, bytes: [UInt8(index), 0, 0, 255]) }
        func cachedPixels(ofFrame index: Int) -> PixelBuffer? { index == 0 ? Self.pixels(0) : nil }
        func pixels(ofFrame index: Int) -> PixelBuffer {
            guard index > 0 else { return Self.pixels(0) }
            asked.withLock { $0 += 1 }
            if gate.wait(timeout: .now() + 5) == .success {
                gate.signal()   // once open, stays open
            } else {
                timedOut.withLock { $0 += 1 }
            }
            return Self.pixels(index)
        }
    }

    @Test("a lazy frame is composed off the main thread: the view keeps its frame, then gets the next")
    func slowFramesOffMainThread() async throws {
        let view = FrameView()
        let source = GatedSource()
        let playback = AnimatedImagePlayback(image: DecodedImage(frameSource: source, format: .gif), on: view)
        playback.start()
        #expect(view.shown == [0])
        try await waitUntil { source.asked.withLock { $0 } > 0 }
        #expect(view.shown == [0], "no frame shown before its composition ends")
        source.gate.signal()
        try await waitUntil { playback.player.state == .finished }
        #expect(view.shown.first == 0 && view.shown.last == 2)
        #expect(view.shown.count + playback.player.skippedFrameCount == 3)
        #expect(source.timedOut.withLock { $0 } == 0, "a composition held the main actor until its wait ran out")
    }

    @Test("on Linux no platform image carries an animation to play: the DecodedImage is the image")
    func nothingAttachedOnLinux() {
        #expect(PlatformImageBridge.animationToPlay(in: Self.animation(frames: 3, loopCount: 0)) == nil)
    }
}
