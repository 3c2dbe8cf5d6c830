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
    static func imageDidChange<View: ImageDisplaying>(
        on view: View, animation: DecodedImage?, clock: any AnimationClock = SystemAnimationClock(),
        setFrame: @escaping @MainActor (View, PlatformImage) -> Void
    ) {
        let id = ObjectIdentifier(view)
        if let previous = playbacks.removeValue(forKey: id), previous.view === view { previous.stop() }
        playbacks = playbacks.filter { $0.value.view != nil }
        guard let animation, animation.isAnimated else { return }
        let playback = AnimatedImagePlayback(image: animation, on: view, clock: clock) { [weak view] frame in
            if let view { setFrame(view, frame) }
        }
        playbacks[id] = Entry(view: view, stop: { playback.stop() })
        playback.start()
    }

    /// Whether a playback is running for `view` (for tests).
    static func isPlaying(on view: AnyObject) -> Bool {
        playbacks[ObjectIdentifier(view)]?.view === view
    }
}
