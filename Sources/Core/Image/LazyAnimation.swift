/// An ``AnimationFrameSource`` that composes frame *n* on demand from the encoded frame
/// records of a ``SequentialFrameComposer`` (after SDWebImage's `SDAnimatedImageCoder`).
///
/// What it holds, and therefore its ``cost``: the encoded records, one composition canvas
/// (the state after the last frame composed), the first frame (the poster, composed at
/// creation), a window of the ``windowSize`` frames asked for last, and one byte per frame of
/// restart-point bookkeeping. Never every frame.
///
/// Access patterns and their cost:
/// - playing forward (frame *n*, then *n + 1*): one frame's composition per new frame;
/// - asking again for a frame in the window (a display link ticking faster than the frame
///   rate, a second view at the same frame): a lock and a copy-on-write reference;
/// - jumping back (a loop restarting, a second view behind the first): composition restarts at
///   the nearest earlier restart point the source has seen (frame 0 at worst) and runs
///   forward, rendering only the frame asked for;
/// - ``allFrames()``: one pass on a private canvas, not retained, not disturbing players.
///
/// Thread-safe: two locks. `composition` guards the canvas and is held while frames are
/// composed, so one image composes one frame at a time (two players of one image wait for
/// each other rather than compose twice); `window` guards the recent frames and is only ever
/// taken briefly, alone or inside `composition` (never the other way round), so a window hit
/// never waits for a composition in progress.
public final class LazyAnimation<Composer: SequentialFrameComposer>: AnimationFrameSource {
    private let composer: Composer
    /// How many recently asked-for frames the window keeps (≥ 1).
    public let windowSize: Int
    /// Frame 0, composed at creation and kept: posters and thumbnails ask for it most.
    private let first: PixelBuffer

    /// The composition state. Invariant: `canvas` holds the state after frame `cursor` was
    /// drawn (`cursor` ≥ 0); `restartPoints[i]` is true only for frames a composition reported
    /// as restart points (frame 0 always is). Only touched inside `composition.withLock`.
    private struct Composition {
        var canvas: Composer.Canvas
        var cursor: Int
        var restartPoints: [Bool]
    }
    private let composition: Locked<Composition>

    /// Recently asked-for frames, oldest first, at most ``windowSize``, distinct indices.
    /// Only touched inside `window.withLock`, which is never held while taking `composition`.
    private let window = Locked<[(index: Int, pixels: PixelBuffer)]>([])

    /// A lazy animation of `composer`'s frames, composing frame 0 now (so a file whose first
    /// frame is damaged is found at decode time, and the poster is ready).
    public init(composer: Composer, windowSize: Int = LazyAnimationWindow.defaultSize) {
        precondition(composer.frameCount >= 1, "LazyAnimation needs at least one frame")
        self.composer = composer
        self.windowSize = max(1, windowSize)
        var canvas = composer.makeCanvas()
        let composed = composer.compose(frame: 0, on: &canvas, render: true)
        first = composed.pixels ?? PixelBuffer(width: composer.frameSize.width, height: composer.frameSize.height)
        var restartPoints = [Bool](repeating: false, count: composer.frameCount)
        restartPoints[0] = true
        composition = Locked(Composition(canvas: canvas, cursor: 0, restartPoints: restartPoints))
    }

    /// The size of every frame.
    public var frameSize: PixelSize { composer.frameSize }
    /// How many frames there are.
    public var frameCount: Int { composer.frameCount }
    /// How often the animation plays (``DecodedImage/loopCount``).
    public var loopCount: Int { composer.loopCount }
    /// Seconds frame `index` shows.
    public func duration(ofFrame index: Int) -> Double { composer.duration(ofFrame: index) }

    /// Encoded records + one canvas + (window + first frame) composed frames + one byte per
    /// frame of bookkeeping. The most the source ever holds (``allFrames()`` aside, whose
    /// result belongs to the caller).
    public var cost: Int {
        let frameBytes = frameSize.pixelCount * 4
        return composer.encodedByteCount + composer.canvasByteCount + (windowSize + 1) * frameBytes + frameCount
    }

    /// Frame `index` as the animation shows it (see the type's documentation for the cost).
    public func pixels(ofFrame index: Int) -> PixelBuffer {
        precondition(index >= 0 && index < frameCount, "frame \(index) out of 0..<\(frameCount)")
        if index == 0 { return first }
        if let hit = windowLookup(index) { return hit }
        return composition.withLock { state in
            // Another thread may have composed it while this one waited for the lock.
            if let hit = windowLookup(index) { return hit }
            let restart = state.restartPoints[...index].lastIndex(of: true) ?? 0
            var from = state.cursor + 1
            if state.cursor >= index || restart > state.cursor {
                // Behind the canvas, or a restart point lies ahead of it: start afresh there.
                state.canvas = composer.makeCanvas()
                from = restart
            }
            var pixels: PixelBuffer?
            for frame in from...index {
                let composed = composer.compose(frame: frame, on: &state.canvas, render: frame == index)
                if composed.isRestartPoint { state.restartPoints[frame] = true }
                pixels = composed.pixels
            }
            state.cursor = index
            let result = pixels ?? PixelBuffer(width: frameSize.width, height: frameSize.height)
            window.withLock { window in
                window.append((index, result))
                if window.count > windowSize { window.removeFirst(window.count - windowSize) }
            }
            return result
        }
    }

    /// Every frame in one pass on a private canvas: players sharing this source keep their place.
    public func allFrames() -> [ImageFrame] {
        var canvas = composer.makeCanvas()
        var frames: [ImageFrame] = []
        frames.reserveCapacity(frameCount)
        for index in 0..<frameCount {
            let composed = composer.compose(frame: index, on: &canvas, render: true)
            let pixels = composed.pixels ?? PixelBuffer(width: frameSize.width, height: frameSize.height)
            frames.append(ImageFrame(pixels: pixels, duration: duration(ofFrame: index)))
        }
        return frames
    }

    /// How many frames are restart points known so far (tests check the jump-back cost with it).
    package var knownRestartPointCount: Int {
        composition.withLock { $0.restartPoints.lazy.filter { $0 }.count }
    }

    private func windowLookup(_ index: Int) -> PixelBuffer? {
        window.withLock { window in window.last { $0.index == index }?.pixels }
    }
}

/// The window of composed frames a ``LazyAnimation`` keeps by default.
public enum LazyAnimationWindow {
    /// 3: the frame showing, the next one, and one for a second view a frame behind.
    public static let defaultSize = 3
}
