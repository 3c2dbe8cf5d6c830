import Dispatch
import Osprey

/// Drives a ``FramePlayer`` on any ``ImageDisplaying`` view (`UIImageView`, `NSImageView`, or a
/// Linux class): sets the view's image to each frame when it is due, with a main-queue timer
/// armed for the player's next update. The thin view adapter of issue 14, item 6; all the
/// timing logic is ``FramePlayer``'s, tested with an injected clock.
///
/// Frames come from ``FramePlayer/framePixels``: a lazy animation composes one frame per frame
/// shown, off the main actor (the view keeps its frame until the next is ready, and the
/// player's ``FramePlayer/onFrameReady`` puts it up then). The view is held weakly: once it is gone the player
/// stops and no timer is armed again. Call ``pause()`` when the view leaves the screen and
/// ``resume()`` when it comes back; ``stop()`` ends playback for good.
@MainActor
public final class AnimatedImagePlayback<View: ImageDisplaying> {
    /// The player (its state, frame and skip counts).
    public let player: FramePlayer
    /// Puts a frame on the view (held weakly by the closure).
    private let show: @MainActor (PlatformImage) -> Void
    private let clock: any AnimationClock
    /// Bumped by every (re)arm and by stop, so a timer armed before fires into nothing.
    private var generation = 0

    /// Plays `image` on `view` with `clock` (the system clock by default); call ``start()``.
    public convenience init(image: DecodedImage, on view: View, clock: any AnimationClock = SystemAnimationClock()) {
        self.init(image: image, on: view, clock: clock) { [weak view] frame in view?.displayedImage = frame }
    }

    /// Plays `image` on `view`, putting each frame up with `show` rather than through
    /// ``ImageDisplaying/displayedImage`` (the views' own setter starts playbacks: see
    /// `AttachedAnimationAutoplay`). `show` must not hold `view` strongly.
    init(image: DecodedImage, on view: View, clock: any AnimationClock,
         show: @escaping @MainActor (PlatformImage) -> Void) {
        self.show = show
        self.clock = clock
        player = FramePlayer(image: image, clock: clock, owner: view)
        player.onFrameReady = { [weak self] in
            guard let self else { return }
            self.apply(self.player.update())
        }
    }

    /// Shows the first frame and plays from there.
    public func start() { apply(player.start()) }

    /// Holds the current frame (the view left the screen).
    public func pause() {
        player.pause()
        generation += 1
    }

    /// Continues where ``pause()`` held it.
    public func resume() { apply(player.resume()) }

    /// Stops for good.
    public func stop() {
        player.stop()
        generation += 1
    }

    private func apply(_ tick: FramePlayer.Tick) {
        if tick.changed {
            let still = DecodedImage(pixels: player.framePixels, format: player.image.format, scale: player.image.scale)
            show(PlatformImageBridge.platformImage(from: still))
        }
        generation += 1
        guard let next = tick.nextUpdate else { return }
        let armed = generation
        let delay = max(0, next - clock.now)
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.generation == armed else { return }
                self.apply(self.player.update())
            }
        }
    }
}

#if canImport(UIKit) && !os(watchOS)
import UIKit

extension UIImageView {
    /// Plays `image` on this view frame by frame (lazy frames stay lazy), returning the
    /// playback to keep, pause, resume or stop. Unlike a `UIImage.animatedImage`, it never
    /// holds every frame.
    public func playAnimation(_ image: DecodedImage) -> AnimatedImagePlayback<UIImageView> {
        let playback = AnimatedImagePlayback(image: image, on: self)
        playback.start()
        return playback
    }
}
#elseif canImport(AppKit)
import AppKit

extension NSImageView {
    /// Plays `image` on this view frame by frame (lazy frames stay lazy), returning the
    /// playback to keep, pause, resume or stop.
    public func playAnimation(_ image: DecodedImage) -> AnimatedImagePlayback<NSImageView> {
        let playback = AnimatedImagePlayback(image: image, on: self)
        playback.start()
        return playback
    }
}
#endif
