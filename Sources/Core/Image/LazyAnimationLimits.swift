/// The window of composed frames a ``LazyAnimation`` keeps by default.
public enum LazyAnimationWindow {
    /// 3: the frame showing, the next one, and one for a second view a frame behind.
    public static let defaultSize = 3
}

/// How much composition state a ``LazyAnimation`` keeps besides its window of frames, so that
/// several players at different places each pay about one frame's composition per frame.
///
/// - **Cursors**: canvases left where a composition stopped (ready for the next frame), at most
///   ``cursorCount``. A player going forward finds its own cursor one frame behind and composes
///   one frame. Compositions in flight use these canvases too, so at most ``cursorCount`` run
///   at once on one animation.
/// - **Keyframes**: a copy of the canvas as it stands before every ``interval(frameCount:canvasByteCount:frameByteCount:)``-th
///   frame, kept once met, so that a reader no cursor serves (a third player, a jump, a loop
///   restarting where frame 0 is no restart point) composes from the nearest keyframe at or
///   before its frame: at most an interval's frames, never from frame 0. Their bytes are
///   bounded by ``byteBudget(frameCount:frameByteCount:)``.
public enum LazyAnimationKeyframes {
    /// 2: two views (or two players out of step) each keep their own place.
    public static let cursorCount = 2
    /// Keyframes are never closer than 8 frames: closer, their memory buys little.
    public static let minimumInterval = 8
    /// Keyframes of one animation hold at most 4 MiB...
    public static let maximumByteBudget = 4 * 1024 * 1024

    /// ...and at most a sixteenth of what the composed frames would hold eagerly, so a lazy
    /// animation stays far below its eager cost.
    public static func byteBudget(frameCount: Int, frameByteCount: Int) -> Int {
        let (eager, overflow) = frameCount.multipliedReportingOverflow(by: frameByteCount)
        return overflow ? maximumByteBudget : min(maximumByteBudget, eager / 16)
    }

    /// Frames between two keyframes: at least ``minimumInterval``, and wide enough that every
    /// keyframe (one canvas of `canvasByteCount` bytes each) fits the byte budget. When not even
    /// one fits, `frameCount` (no keyframes: compositions restart at the format's restart points).
    public static func interval(frameCount: Int, canvasByteCount: Int, frameByteCount: Int) -> Int {
        let gaps = frameCount - 1   // keyframes can stand before frames 1 ..< frameCount
        let affordable = byteBudget(frameCount: frameCount, frameByteCount: frameByteCount) / max(1, canvasByteCount)
        guard gaps > 0, affordable > 0 else { return max(1, frameCount) }
        return max(minimumInterval, (gaps + affordable - 1) / affordable)
    }

    /// How many keyframes an animation keeps at most: one before each multiple of the interval.
    public static func count(frameCount: Int, canvasByteCount: Int, frameByteCount: Int) -> Int {
        let interval = interval(frameCount: frameCount, canvasByteCount: canvasByteCount, frameByteCount: frameByteCount)
        return max(0, frameCount - 1) / interval
    }
}
