/// Plays an animated ``DecodedImage`` for a view: says which frame to show now and when to ask
/// again, from the frame durations and an injected ``AnimationClock`` (after SDWebImage's
/// `SDAnimatedImagePlayer`, which SDAnimatedImageView drives).
///
/// - **Loop count**: plays ``DecodedImage/loopCount`` times (0 = forever), or as many times as
///   `plays` in ``init(image:clock:owner:plays:)`` says; when done it stays on the last frame,
///   as browsers do, and ``state`` becomes ``State/finished``.
/// - **Falling behind**: the frame shown is always the one the clock says, so a late
///   ``update()`` jumps over the frames it missed (counted in ``skippedFrameCount``) instead of
///   showing them late and slowing the animation down.
/// - **Pause and resume**: time paused does not count; the animation continues where it was.
/// - **The view going away**: with an `owner` (the view), the first ``update()`` after the
///   owner is gone stops the player for good; ``stop()`` does the same explicitly.
///
/// - **Lazy images**: the main actor never waits for a composition. The player shows a frame
///   only once its pixels are ready (``framePixels``): a frame not yet composed is composed on
///   a background queue while the tick keeps the frame shown last (``awaitedFrameIndex`` says
///   which is awaited), and ``onFrameReady`` asks for a new tick once it is. Each frame shown
///   starts the next one's composition ahead of time, so at a steady pace the frame is ready
///   when due. A frame still not ready when its successor is due counts as skipped.
///
/// The caller draws ``framePixels`` when ``Tick/changed`` is true. Main-actor bound, as the
/// views it serves.
@MainActor
public final class FramePlayer {
    /// Where the player is.
    public enum State: Sendable, Equatable {
        /// Created, not started.
        case idle
        /// Advancing with the clock.
        case playing
        /// Held on its frame; ``FramePlayer/resume()`` continues.
        case paused
        /// Every play done (or a still image): showing the last frame, asks for nothing more.
        case finished
        /// Stopped for good (``FramePlayer/stop()``, or the owner went away).
        case stopped
    }

    /// The answer of ``FramePlayer/update()``.
    public struct Tick: Sendable, Equatable {
        /// The frame to show.
        public var frameIndex: Int
        /// Whether it differs from the frame the previous tick said (draw it only then).
        public var changed: Bool
        /// When to call ``FramePlayer/update()`` again, in the clock's seconds; nil: not until
        /// something changes (paused, finished, stopped, still image).
        public var nextUpdate: Double?

        /// A tick.
        public init(frameIndex: Int, changed: Bool, nextUpdate: Double?) {
            self.frameIndex = frameIndex
            self.changed = changed
            self.nextUpdate = nextUpdate
        }
    }

    /// The image played.
    public let image: DecodedImage
    /// How many plays in all; 0 = forever.
    public let plays: Int
    /// Where the player is.
    public private(set) var state = State.idle
    /// The frame the last tick showed.
    public private(set) var frameIndex = 0
    /// Frames passed over because ``update()`` came too late to show them.
    public private(set) var skippedFrameCount = 0
    /// Loops played to their end so far.
    public private(set) var completedLoops = 0
    /// The pixels of ``frameIndex``. Before the first tick: frame 0 if ready (a lazy image
    /// keeps it), else transparent.
    public private(set) var framePixels: PixelBuffer
    /// The frame the clock says to show while it is being composed (the tick keeps showing
    /// ``frameIndex``); nil when the frame shown is the one due.
    public private(set) var awaitedFrameIndex: Int?
    /// Called on the main actor when the awaited frame is ready: call ``update()`` then (the
    /// view adapter does). Not called after ``stop()``.
    public var onFrameReady: (@MainActor () -> Void)?

    private let clock: any AnimationClock
    private let timeline: FrameTimeline
    private weak var owner: AnyObject?
    private let watchesOwner: Bool
    /// The clock time at which loop 0 began, moved forward by every pause.
    private var origin = 0.0
    /// When the current pause began.
    private var pausedAt = 0.0
    /// The position (loop × frames + frame) the last tick showed; -1 before the first.
    private var position = -1
    /// Composes a lazy image's frames off the main actor; nil for an eager image.
    private var preparer: FramePreparer?

    /// A player of `image` on `clock`. With an `owner` (typically the view), the player stops
    /// by itself once the owner is deallocated. `plays` overrides the image's loop count.
    public init(image: DecodedImage, clock: any AnimationClock = SystemAnimationClock(),
                owner: AnyObject? = nil, plays: Int? = nil) {
        self.image = image
        self.clock = clock
        self.owner = owner
        watchesOwner = owner != nil
        self.plays = max(0, plays ?? image.loopCount)
        timeline = FrameTimeline(durations: image.frameDurations)
        let source = image.frameSource
        framePixels = source.map { $0.cachedPixels(ofFrame: 0) ?? PixelBuffer(width: image.pixelWidth, height: image.pixelHeight) }
            ?? image.firstFrame
        if let source {
            preparer = FramePreparer(source: source) { [weak self] index in
                MainActor.assumeIsolated { self?.frameDidBecomeReady(index) }
            }
        }
    }

    /// Starts (or restarts) from the first frame, now, and returns the first tick.
    @discardableResult
    public func start() -> Tick {
        guard state != .stopped else { return tick(changed: false, next: nil) }
        origin = clock.now
        position = -1
        awaitedFrameIndex = nil
        skippedFrameCount = 0
        completedLoops = 0
        state = .playing
        return update()
    }

    /// The frame to show now and when to ask again; advances ``frameIndex``.
    public func update() -> Tick {
        if watchesOwner && owner == nil { stop() }
        guard state == .playing else { return tick(changed: false, next: nil) }
        let frameCount = timeline.frameCount
        guard frameCount > 1 else { return show(position: 0, loop: 0, index: 0, next: nil, finished: true) }
        // The tolerance makes a call at exactly a `nextUpdate` land on the next frame despite
        // rounding (origin + start − origin need not give start back).
        let elapsed = max(0, clock.now - origin) + Self.tolerance
        let loop = Int((elapsed / timeline.loopDuration).rounded(.down))
        if plays > 0 && loop >= plays {
            return show(position: plays * frameCount - 1, loop: plays, index: frameCount - 1, next: nil, finished: true)
        }
        let offset = min(elapsed - Double(loop) * timeline.loopDuration, timeline.loopDuration.nextDown)
        let (index, nextStart) = timeline.frame(at: max(0, offset))
        let next = origin + Double(loop) * timeline.loopDuration + nextStart
        return show(position: loop * frameCount + index, loop: loop, index: index, next: next, finished: false)
    }

    /// Holds the current frame; time from now until ``resume()`` does not count.
    public func pause() {
        guard state == .playing else { return }
        pausedAt = clock.now
        state = .paused
    }

    /// Continues a paused animation where it was, and returns the tick for now.
    @discardableResult
    public func resume() -> Tick {
        guard state == .paused else { return tick(changed: false, next: nil) }
        origin += max(0, clock.now - pausedAt)
        state = .playing
        return update()
    }

    /// Stops for good (the view is gone): every later tick asks for nothing.
    public func stop() {
        state = .stopped
        awaitedFrameIndex = nil
    }

    /// 0.1 µs: far below any frame time, far above the rounding of clock seconds.
    private static let tolerance = 1e-7

    private func show(position newPosition: Int, loop: Int, index: Int, next: Double?, finished: Bool) -> Tick {
        guard let pixels = readyPixels(ofFrame: index, position: newPosition) else {
            // Keep showing the frame shown; ask again when the due one is ready (or on schedule).
            awaitedFrameIndex = index
            preparer?.prepare(index)
            return tick(changed: false, next: finished ? nil : next)
        }
        awaitedFrameIndex = nil
        framePixels = pixels
        if !finished, let preparer {   // the next frame, composed while this one shows
            preparer.prepare(index + 1 < timeline.frameCount ? index + 1 : 0)
        }
        let changed = newPosition != position
        if position >= 0 && newPosition > position + 1 { skippedFrameCount += newPosition - position - 1 }
        position = max(position, newPosition)
        frameIndex = index
        completedLoops = loop
        if finished { state = .finished }
        return tick(changed: changed, next: next)
    }

    /// The pixels of frame `index` at `newPosition` if ready without composing.
    private func readyPixels(ofFrame index: Int, position newPosition: Int) -> PixelBuffer? {
        if newPosition == position { return framePixels }
        guard let preparer else { return image.frame(at: index).pixels }
        return preparer.pixels(ofFrame: index)
    }

    private func frameDidBecomeReady(_ index: Int) {
        guard index == awaitedFrameIndex, state == .playing else { return }
        onFrameReady?()
    }

    private func tick(changed: Bool, next: Double?) -> Tick {
        Tick(frameIndex: frameIndex, changed: changed, nextUpdate: next)
    }
}
