import Dispatch

/// An ``AnimationFrameSource`` that composes frame *n* on demand from the encoded frame
/// records of a ``SequentialFrameComposer`` (after SDWebImage's `SDAnimatedImageCoder`).
///
/// What it holds, and therefore its ``cost``: the encoded records; the first frame (the
/// poster, composed at creation); a window of the ``windowSize`` frames composed last; up to
/// ``LazyAnimationKeyframes/cursorCount`` canvases left where compositions stopped (cursors);
/// up to ``keyframeCount`` keyframes, copies of the canvas before every ``keyframeInterval``-th
/// frame (see ``LazyAnimationKeyframes`` for their byte bound); one byte per frame of restart
/// bookkeeping. Never every frame.
///
/// Access patterns and their cost — a composition starts from whichever is nearest at or
/// before the frame asked for: a cursor, a keyframe, or a frame the format reported as a
/// restart point (frame 0 at worst):
/// - playing forward (frame *n*, then *n + 1*): one frame's composition per new frame, on the
///   player's cursor; two players out of step each keep a cursor, and each pays one frame;
/// - asking again for a frame in the window (a display link ticking faster than the frame
///   rate, a second view at the same frame): a lock and a copy-on-write reference;
/// - any other reader (a jump, a third player): at most ``keyframeInterval`` frames;
/// - ``allFrames()``: one pass on a private canvas, not retained, not disturbing players.
///
/// Thread-safe. One lock guards the bookkeeping and is never held while composing: a
/// composition takes a canvas out, composes on it unlocked, and puts it back, so readers at
/// different places compose in parallel (at most ``LazyAnimationKeyframes/cursorCount`` at a
/// time: a reader beyond that waits for a canvas) and a window hit never waits for one.
public final class LazyAnimation<Composer: SequentialFrameComposer>: AnimationFrameSource, FrameCompositionCounting {
    private let composer: Composer
    /// How many recently composed frames the window keeps (≥ 1).
    public let windowSize: Int
    /// Frames between two keyframes (``LazyAnimationKeyframes/interval(frameCount:canvasByteCount:frameByteCount:)``).
    public let keyframeInterval: Int
    /// The most keyframes kept: one before each multiple of ``keyframeInterval``.
    public let keyframeCount: Int
    /// Frame 0, composed at creation and kept: posters and thumbnails ask for it most.
    private let first: PixelBuffer

    /// A canvas ready to compose frame `next` (it holds the state after frame `next − 1`).
    private struct Cursor {
        var next: Int
        var canvas: Composer.Canvas
        var lastUse: UInt64
    }

    /// The bookkeeping. Invariants: `idle.count + busy ≤ cursorCount` (`busy`: canvases taken
    /// out by compositions in progress); `keyframes[m]` is the canvas before frame `m`, `m` a
    /// positive multiple of `keyframeInterval`; `restartPoints[i]` is true only for frames a
    /// composition reported as restart points (frame 0 always is); `recent` holds at most
    /// `windowSize` distinct frames, oldest first. Only touched inside `state.withLock`, never
    /// held while composing.
    private struct State {
        var idle: [Cursor] = []
        var busy = 0
        var keyframes: [Int: Composer.Canvas] = [:]
        var restartPoints: [Bool]
        var recent: [(index: Int, pixels: PixelBuffer)] = []
        var uses: UInt64 = 0
        var composedFrames = 0
    }
    private let state: Locked<State>
    /// Counts the canvases free to take: bounds the compositions in flight (and so the canvases
    /// alive) to ``LazyAnimationKeyframes/cursorCount``.
    private let canvases = DispatchSemaphore(value: LazyAnimationKeyframes.cursorCount)

    /// A lazy animation of `composer`'s frames, composing frame 0 now (so a file whose first
    /// frame is damaged is found at decode time, and the poster is ready).
    public init(composer: Composer, windowSize: Int = LazyAnimationWindow.defaultSize) {
        precondition(composer.frameCount >= 1, "LazyAnimation needs at least one frame")
        self.composer = composer
        self.windowSize = max(1, windowSize)
        let frameBytes = composer.frameSize.pixelCount * 4
        keyframeInterval = LazyAnimationKeyframes.interval(frameCount: composer.frameCount,
                                                           canvasByteCount: composer.canvasByteCount,
                                                           frameByteCount: frameBytes)
        keyframeCount = (composer.frameCount - 1) / keyframeInterval
        var canvas = composer.makeCanvas()
        let composed = composer.compose(frame: 0, on: &canvas, render: true)
        first = composed.pixels ?? PixelBuffer(width: composer.frameSize.width, height: composer.frameSize.height)
        var restartPoints = [Bool](repeating: false, count: composer.frameCount)
        restartPoints[0] = true
        var initial = State(restartPoints: restartPoints)
        initial.composedFrames = 1
        if composer.frameCount > 1 { initial.idle = [Cursor(next: 1, canvas: canvas, lastUse: 0)] }
        state = Locked(initial)
    }

    /// The size of every frame.
    public var frameSize: PixelSize { composer.frameSize }
    /// How many frames there are.
    public var frameCount: Int { composer.frameCount }
    /// How often the animation plays (``DecodedImage/loopCount``).
    public var loopCount: Int { composer.loopCount }
    /// Seconds frame `index` shows.
    public func duration(ofFrame index: Int) -> Double { composer.duration(ofFrame: index) }

    /// Encoded records + cursors and keyframes (one canvas each) + (window + first frame)
    /// composed frames + one byte per frame of bookkeeping. The most the source ever holds
    /// (``allFrames()`` aside, whose result belongs to the caller).
    public var cost: Int {
        let frameBytes = frameSize.pixelCount * 4
        let canvases = LazyAnimationKeyframes.cursorCount + keyframeCount
        return composer.encodedByteCount + canvases * composer.canvasByteCount + (windowSize + 1) * frameBytes
            + frameCount
    }

    /// Frames composed since creation, by every reader (``allFrames()`` included): what the
    /// access patterns above cost, for tests and benchmarks.
    package var composedFrameCount: Int { state.withLock { $0.composedFrames } }

    /// How many frames are restart points known so far.
    package var knownRestartPointCount: Int {
        state.withLock { $0.restartPoints.lazy.filter { $0 }.count }
    }

    /// Frame 0 or a frame in the window; nil when it would have to be composed. Never waits
    /// for a composition.
    public func cachedPixels(ofFrame index: Int) -> PixelBuffer? {
        if index == 0 { return first }
        return state.withLock { Self.lookup(index, in: $0) }
    }

    /// Frame `index` as the animation shows it (see the type's documentation for the cost).
    public func pixels(ofFrame index: Int) -> PixelBuffer {
        precondition(index >= 0 && index < frameCount, "frame \(index) out of 0..<\(frameCount)")
        if let hit = cachedPixels(ofFrame: index) { return hit }
        canvases.wait()
        defer { canvases.signal() }
        var cursor: Cursor
        switch checkOut(index) {
        case .composed(let pixels):
            // Another reader composed it while this one waited for a canvas. Taken under the
            // same lock as the look-up: read again later, the window could have moved on.
            return pixels
        case .cursor(let taken):
            cursor = taken
        }
        var pixels: PixelBuffer?
        var restarts: [Int] = []
        for frame in cursor.next...index {
            if frame % keyframeInterval == 0 && frame > 0 && state.withLock({ $0.keyframes[frame] == nil }) {
                // A copy shares the canvas's storage until the next compose writes to it.
                let keyframe = cursor.canvas
                state.withLock { state in
                    if state.keyframes[frame] == nil { state.keyframes[frame] = keyframe }
                }
            }
            let composed = composer.compose(frame: frame, on: &cursor.canvas, render: frame == index)
            if composed.isRestartPoint { restarts.append(frame) }
            pixels = composed.pixels
        }
        let result = pixels ?? PixelBuffer(width: frameSize.width, height: frameSize.height)
        let composedCount = index - cursor.next + 1
        cursor.next = index + 1
        state.withLock { state in
            state.busy -= 1
            state.composedFrames += composedCount
            for frame in restarts { state.restartPoints[frame] = true }
            if cursor.next < frameCount {
                state.uses += 1
                cursor.lastUse = state.uses
                state.idle.append(cursor)
            }
            state.recent.removeAll { $0.index == index }
            state.recent.append((index, result))
            if state.recent.count > windowSize { state.recent.removeFirst(state.recent.count - windowSize) }
        }
        return result
    }

    /// What ``checkOut(_:)`` found: the frame itself, in the window, or a canvas to compose it on.
    private enum Checkout {
        case composed(PixelBuffer)
        case cursor(Cursor)
    }

    /// What ``checkOut(_:)`` decided under the lock (a fresh canvas is made outside it).
    private enum Taken {
        case hit(PixelBuffer)
        case cursor(Cursor)
        case fresh(from: Int, keyframe: Composer.Canvas?)
    }

    /// Takes out the canvas to compose `index` from: the nearest cursor, keyframe or restart
    /// point at or before it (a cursor on a tie: no copy); or the frame when it is in the
    /// window. The caller holds one of `canvases`, so a canvas is free or an idle one can be reused.
    private func checkOut(_ index: Int) -> Checkout {
        let taken: Taken = state.withLock { state in
            if let hit = Self.lookup(index, in: state) { return .hit(hit) }
            let restart = state.restartPoints[...index].lastIndex(of: true) ?? 0
            let keyframeAt = index / keyframeInterval * keyframeInterval
            let keyframe = keyframeAt > 0 ? state.keyframes[keyframeAt] : nil
            let start = max(restart, keyframe == nil ? 0 : keyframeAt)
            var best: Int?
            for (position, cursor) in state.idle.enumerated() where cursor.next <= index && cursor.next >= start {
                if best.map({ state.idle[$0].next < cursor.next }) ?? true { best = position }
            }
            state.busy += 1
            if let best { return .cursor(state.idle.remove(at: best)) }
            if state.idle.count + state.busy > LazyAnimationKeyframes.cursorCount,
               let oldest = state.idle.indices.min(by: { state.idle[$0].lastUse < state.idle[$1].lastUse }) {
                state.idle.remove(at: oldest)   // its canvas goes; the new one replaces it
            }
            return .fresh(from: start, keyframe: keyframeAt > restart ? keyframe : nil)
        }
        switch taken {
        case .hit(let pixels): return .composed(pixels)
        case .cursor(let cursor): return .cursor(cursor)
        case .fresh(let from, let keyframe):
            return .cursor(Cursor(next: from, canvas: keyframe ?? composer.makeCanvas(), lastUse: 0))
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
        state.withLock { $0.composedFrames += frameCount }
        return frames
    }

    private static func lookup(_ index: Int, in state: State) -> PixelBuffer? {
        state.recent.last { $0.index == index }?.pixels
    }
}

/// A frame source that counts the frames it composed, whatever its composer: how tests and
/// benchmarks read the work of a lazy image without naming the format's composer type.
package protocol FrameCompositionCounting: Sendable {
    /// Frames composed since creation.
    var composedFrameCount: Int { get }
}
