import Osprey

/// Plays the animations that platform images cannot play themselves — an animated `NSImage`
/// shows its first frame, and so does a `UIImage` of a lazy animation too large to expand
/// (``PlatformImageBridge/animationToPlay(in:)``) — on the view they are put on, with
/// ``AnimatedImagePlayback``. The views' `displayedImage` setters call it, so a bound
/// `NSImageView` animates like a `UIImageView`.
///
/// One playback per view: a new image stops the old playback first. Frames go up through the
/// caller's `setFrame`, which sets the view's image directly (not `displayedImage`, which
/// would stop the playback that set it). Main-actor state, like the views; entries of views
/// that are gone are dropped on the next call.
@MainActor
enum AttachedAnimationAutoplay {
    private struct Entry {
        weak var view: AnyObject?
        let stop: @MainActor () -> Void
    }

    /// Invariant: at most one live playback per view, the one its latest image asked for.
    private static var playbacks: [ObjectIdentifier: Entry] = [:]

    /// `view` now shows `image`: stops the playback of its previous image, and plays
    /// `animation` (the one attached to `image`, if any) with `setFrame` putting up each frame.
    /// With `currentImage` (what the view shows), playback stops once the view shows an image
    /// it did not put up; with `isOnScreen`, it pauses while the view is off screen.
    static func imageDidChange<View: ImageDisplaying>(
        on view: View, animation: DecodedImage?, clock: any AnimationClock = SystemAnimationClock(),
        currentImage: (@MainActor (View) -> PlatformImage?)? = nil, isOnScreen: (@MainActor (View) -> Bool)? = nil,
        scheduler: (@MainActor (_ delay: Double, _ work: @escaping @MainActor () -> Void) -> Void)? = nil,
        setFrame: @escaping @MainActor (View, PlatformImage) -> Void
    ) {
        let id = ObjectIdentifier(view)
        if let previous = playbacks.removeValue(forKey: id), previous.view === view { previous.stop() }
        playbacks = playbacks.filter { $0.value.view != nil }
        guard let animation, animation.isAnimated else { return }
        var readImage: (@MainActor () -> PlatformImage?)?
        if let currentImage {
            readImage = { [weak view] in
                guard let view else { return nil }
                return currentImage(view)
            }
        }
        var onScreen: (@MainActor () -> Bool)?
        if let isOnScreen {
            onScreen = { [weak view] in
                guard let view else { return false }
                return isOnScreen(view)
            }
        }
        let playback = AnimatedImagePlayback(
            image: animation, on: view, clock: clock, currentImage: readImage, isOnScreen: onScreen, scheduler: scheduler
        ) { [weak view] frame in
            if let view { setFrame(view, frame) }
        }
        playbacks[id] = Entry(view: view, stop: { playback.stop() })
        playback.start()
    }

    /// Stops the playback on `view`, if any (its load was cancelled).
    static func stop(on view: AnyObject) {
        let id = ObjectIdentifier(view)
        if let entry = playbacks.removeValue(forKey: id), entry.view === view { entry.stop() }
    }

    /// Whether a playback is running for `view` (for tests).
    static func isPlaying(on view: AnyObject) -> Bool {
        playbacks[ObjectIdentifier(view)]?.view === view
    }
}
