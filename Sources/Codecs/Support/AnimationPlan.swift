import OspreyCore
/// How a decoder turns an animation into a ``DecodedImage``, chosen from its frame rectangles
/// before any frame is decoded, the same way for every format (GIF, APNG, WebP):
///
/// 1. **eager** — every frame composed now and held — when the composed frames are at most
///    ``DecodeOptions/lazyAnimationThreshold`` bytes and the eager ``AnimationBudget`` fits;
/// 2. otherwise **lazy** (``LazyAnimation``) when its budget fits: one pass of work within
///    ``DecodeOptions/decodeWorkBudget`` and the state it holds (canvas, the other cursors and
///    the keyframes, first frame, window, scratch) within ``DecodeOptions/animationMemoryBudget``;
/// 3. otherwise **first frame only**, with ``DecodedImage/framesDroppedByBudget`` set.
///
/// Both budgets also require the canvas within ``DecodeOptions/maxPixelCount``.
enum AnimationPlan: Equatable {
    case eager, lazy, firstFrameOnly

    /// Frames a lazy decode holds composed: the first frame and the window.
    static var lazyHeldFrames: Int { LazyAnimationWindow.defaultSize + 1 }

    /// Canvases a lazy decode holds besides the one composing: its other cursors and its
    /// keyframes (counted here as plain canvases; each format's own count is in its cost).
    static func lazyExtraCanvases(canvas: PixelSize, target: PixelSize, frameCount: Int) -> Int {
        let (canvasBytes, overflow) = canvas.pixelCount.multipliedReportingOverflow(by: 4)
        guard !overflow else { return Int.max / 2 }
        return LazyAnimationKeyframes.cursorCount - 1
            + LazyAnimationKeyframes.count(frameCount: frameCount, canvasByteCount: canvasBytes,
                                           frameByteCount: target.pixelCount * 4)
    }

    /// The plan for frames of `framePixelCounts` pixels on `canvas`, output `target`-sized.
    init(canvas: PixelSize, target: PixelSize, framePixelCounts: [Int], options: DecodeOptions) {
        var tally = AnimationFrameTally()
        for pixels in framePixelCounts { tally.add(pixels) }
        self.init(canvas: canvas, target: target, tally: tally, options: options)
    }

    /// The same from a running tally of the frames (constant time).
    init(canvas: PixelSize, target: PixelSize, tally: AnimationFrameTally, options: DecodeOptions) {
        let eager = AnimationBudget(canvas: canvas, target: target, tally: tally)
        if tally.count < 2 {   // nothing to gain from laziness
            self = eager.fits(options) ? .eager : .firstFrameOnly
            return
        }
        let (bytes, overflow) = target.pixelCount.multipliedReportingOverflow(by: 4 * tally.count)
        if !overflow, bytes <= options.lazyAnimationThreshold, eager.fits(options) {
            self = .eager
            return
        }
        let lazy = AnimationBudget(canvas: canvas, target: target, tally: tally, heldOutputFrames: Self.lazyHeldFrames,
                                   extraCanvases: Self.lazyExtraCanvases(canvas: canvas, target: target, frameCount: tally.count))
        self = lazy.fits(options) ? .lazy : .firstFrameOnly
    }
}
