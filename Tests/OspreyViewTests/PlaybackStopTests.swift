import Foundation
import OspreyTestTraits
import Testing
import Osprey
@testable import OspreyUIKitBridge

/// Frame-by-frame playback on a view stops on every path that takes the animation off it and
/// pauses while the view is off screen: driven by a manual clock and timers the test fires.
@MainActor
@Suite("Playback stops and pauses", .offCooperativePool)
struct PlaybackStopTests {
    /// A view whose `image` the playback writes frames to (as `UIImageView.image`).
    @MainActor
    final class WindowView: ImageDisplaying {
        var image: PlatformImage?
        var displayedImage: PlatformImage? {
            get { image }
            set { image = newValue }
        }
        var isInWindow = true
        /// Red value of every frame the playback put up.
        var frames: [Int] = []
    }

    struct ManualClock: AnimationClock {
        private let time = Locked(50.0)
        var now: Double { time.withLock { $0 } }
        func advance(_ seconds: Double) { time.withLock { $0 += seconds } }
    }

    @MainActor
    final class ManualTimers {
        var pending: [(delay: Double, work: @MainActor () -> Void)] = []
        func schedule(_ delay: Double, _ work: @escaping @MainActor () -> Void) { pending.append((delay, work)) }
        func fireAll() {
            let due = pending
            pending = []
            for timer in due { timer.work() }
        }
    }

    static let animation = DecodedImage(frames: (0..<4).map {
        ImageFrame(pixels: PixelBuffer(width: 1, height: 1, bytes: [UInt8($0), 0, 0, 255]), duration: 0.1)
    }, format: .gif, loopCount: 0)

    func play(on view: WindowView, clock: ManualClock, timers: ManualTimers) {
        AttachedAnimationAutoplay.imageDidChange(
            on: view, animation: Self.animation, clock: clock,
            currentImage: { $0.image }, isOnScreen: { $0.isInWindow },
            scheduler: { delay, work in timers.schedule(delay, work) },
            setFrame: { view, frame in
                view.image = frame
                view.frames.append(Int(frame.firstFrame.bytes[0]))
            })
    }

    func tick(_ clock: ManualClock, _ timers: ManualTimers, times: Int = 1) {
        for _ in 0..<times {
            clock.advance(0.1)
            timers.fireAll()
        }
    }

    @Test("the app setting the view's image itself stops the playback: no frame replaces its image")
    func appSetsImage() {
        let view = WindowView()
        let clock = ManualClock(), timers = ManualTimers()
        play(on: view, clock: clock, timers: timers)
        tick(clock, timers)
        #expect(view.frames == [0, 1])
        let own = DecodedImage(pixels: PixelBuffer(width: 7, height: 1))
        view.image = own   // bypassing the binding, as `imageView.image = …` does
        tick(clock, timers, times: 3)
        #expect(view.image === own)
        #expect(view.frames == [0, 1])
        #expect(timers.pending.isEmpty, "stopped: no timer armed")
    }

    @Test("cancelCurrentImageLoad stops the playback")
    func cancelStops() {
        let view = WindowView()
        let clock = ManualClock(), timers = ManualTimers()
        play(on: view, clock: clock, timers: timers)
        view.cancelCurrentImageLoad()
        tick(clock, timers, times: 3)
        #expect(view.frames == [0])
        #expect(!AttachedAnimationAutoplay.isPlaying(on: view))
    }

    @Test("off screen the playback composes nothing and resumes where it was once back in a window")
    func offScreen() {
        let view = WindowView()
        let clock = ManualClock(), timers = ManualTimers()
        play(on: view, clock: clock, timers: timers)
        tick(clock, timers)
        view.isInWindow = false
        tick(clock, timers, times: 5)
        #expect(view.frames == [0, 1])
        #expect(timers.pending.count == 1 && timers.pending[0].delay == AnimatedImagePlayback<WindowView>.offScreenCheckInterval,
                "one slow check armed while off screen")
        view.isInWindow = true
        timers.fireAll()
        // Paused as frame 2 fell due: it shows on the way back (time off screen does not count).
        #expect(view.frames == [0, 1, 2])
        tick(clock, timers)
        #expect(view.frames == [0, 1, 2, 3])
    }

    @Test("a view gone while off screen stops the playback's checks")
    func goneOffScreen() {
        var view: WindowView? = WindowView()
        let clock = ManualClock(), timers = ManualTimers()
        play(on: view!, clock: clock, timers: timers)
        view?.isInWindow = false
        tick(clock, timers)
        view = nil
        tick(clock, timers, times: 2)
        #expect(timers.pending.isEmpty)
    }
}
