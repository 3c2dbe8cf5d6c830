import Dispatch
import Osprey

/// Drives a ``FramePlayer`` on any ``ImageDisplaying`` view (`UIImageView`, `NSImageView`, or a
/// Linux class): sets the view's image to each frame when it is due, with a main-queue timer
/// armed for the player's next update. A thin view adapter: all the timing logic is
/// ``FramePlayer``'s, tested with an injected clock.
///
/// Frames come from ``FramePlayer/framePixels``: a lazy animation composes one frame per frame
/// shown, off the main actor (the view keeps its frame until the next is ready, and the
/// player's ``FramePlayer/onFrameReady`` puts it up then). The view is held weakly: once it is gone the player
/// stops and no timer is armed again. Call ``pause()`` when the view leaves the screen and
/// ``resume()`` when it comes back; ``stop()`` ends playback for good.
///
/// Given a way to read the view's image, playback stops as soon as the view shows an image
/// it did not put up (the app set the view's image itself); given a way to tell whether the
/// view is on screen, it pauses (composing nothing) while it is not, and looks again every
/// ``offScreenCheckInterval`` seconds.
@MainActor
public final class AnimatedImagePlayback<View: ImageDisplaying> {
    /// The player (its state, frame and skip counts).
    public let player: FramePlayer
    /// Puts a frame on the view (held weakly by the closure).
    private let show: @MainActor (PlatformImage) -> Void
    private let clock: any AnimationClock
    private let scheduler: @MainActor (_ delay: Double, _ work: @escaping @MainActor () -> Void) -> Void
    /// Reads the image the view shows now, to notice that someone else replaced the frame.
    private let currentImage: (@MainActor () -> PlatformImage?)?
    /// Whether the view is on screen (in a window); nil: always.
    private let isOnScreen: (@MainActor () -> Bool)?
    /// The frame this playback put up last.
    private var lastShown: PlatformImage?
    /// The view, to notice it is gone while playback waits off screen.
    private weak var view: View?
    /// Bumped by every (re)arm and by stop, so a timer armed before fires into nothing.
    private var generation = 0

    /// How often a playback paused off screen looks whether its view is back.
    public static var offScreenCheckInterval: Double { 0.5 }

    /// Plays `image` on `view` with `clock` (the system clock by default); call ``start()``.
    public convenience init(image: DecodedImage, on view: View, clock: any AnimationClock = SystemAnimationClock()) {
        self.init(image: image, on: view, clock: clock) { [weak view] frame in view?.displayedImage = frame }
    }

    /// Plays `image` on `view`, putting each frame up with `show` rather than through
    /// ``ImageDisplaying/displayedImage`` (the views' own setter starts playbacks: see
    /// `AttachedAnimationAutoplay`). `show` must not hold `view` strongly.
    init(image: DecodedImage, on view: View, clock: any AnimationClock,
         currentImage: (@MainActor () -> PlatformImage?)? = nil, isOnScreen: (@MainActor () -> Bool)? = nil,
         scheduler: (@MainActor (_ delay: Double, _ work: @escaping @MainActor () -> Void) -> Void)? = nil,
         show: @escaping @MainActor (PlatformImage) -> Void) {
        self.show = show
        self.clock = clock
        self.currentImage = currentImage
        self.isOnScreen = isOnScreen
        self.scheduler = scheduler ?? { delay, work in
            DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay)) { MainActor.assumeIsolated { work() } }
        }
        player = FramePlayer(image: image, clock: clock, owner: view)
        self.view = view
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
        if let currentImage, let lastShown, currentImage() !== lastShown {
            // The app put its own image on the view: this animation is no longer shown.
            return stop()
        }
        if tick.changed {
            let still = DecodedImage(pixels: player.framePixels, format: player.image.format, scale: player.image.scale)
                .withColorProfile(player.image.colorProfile)
            let image = PlatformImageBridge.platformImage(from: still)
            lastShown = image
            show(image)
        }
        generation += 1
        guard let next = tick.nextUpdate else { return }
        let armed = generation
        scheduler(next - clock.now) { [weak self] in
            guard let self, self.generation == armed else { return }
            if let isOnScreen = self.isOnScreen, !isOnScreen() { return self.waitOffScreen() }
            self.apply(self.player.update())
        }
    }

    /// Holds the frame while the view is off screen, looking again now and then; a view that
    /// is gone stops the player at its next update.
    private func waitOffScreen() {
        if player.state == .playing { player.pause() }
        generation += 1
        let armed = generation
        scheduler(Self.offScreenCheckInterval) { [weak self] in
            guard let self, self.generation == armed else { return }
            guard self.view != nil else { return self.stop() }
            if let isOnScreen = self.isOnScreen, !isOnScreen() { return self.waitOffScreen() }
            self.apply(self.player.resume())
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
