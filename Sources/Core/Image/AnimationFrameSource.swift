/// The frames of an animation, produced on demand instead of held decoded (after
/// SDWebImage's `SDAnimatedImageProvider` / `animatedImageFrame(at:)`).
///
/// A lazy ``DecodedImage`` wraps one: its frame count, durations and loop count are known
/// without decoding anything, and frame *n* is composed only when asked for. Decoders make
/// them with ``LazyAnimation`` (any format whose frames are composed in order on a canvas,
/// given a ``SequentialFrameComposer``); transformers wrap them (``DecodedImage/mapFrames(_:)``).
///
/// Thread-safety contract: every member may be called from any thread, concurrently.
/// `pixels(ofFrame:)` never fails: a frame that cannot be produced any more (damaged data
/// found only now) comes out as the implementation documents, never as a crash.
public protocol AnimationFrameSource: AnyObject, Sendable {
    /// The size of every frame, in pixels.
    var frameSize: PixelSize { get }
    /// How many frames the animation has (at least 1). Never decodes.
    var frameCount: Int { get }
    /// How often the animation plays, as ``DecodedImage/loopCount`` counts it. Never decodes.
    var loopCount: Int { get }
    /// Seconds frame `index` shows. Never decodes. `index` must be in `0..<frameCount`.
    func duration(ofFrame index: Int) -> Double
    /// The pixels of frame `index`, composed as the animation shows it. `index` must be in
    /// `0..<frameCount`. Cost: cheap for a frame still in the source's window; otherwise a
    /// composition, which may take a while: a player asks for it off the main actor.
    func pixels(ofFrame index: Int) -> PixelBuffer
    /// Frame `index` if the source holds it composed (the poster, its window), nil otherwise.
    /// Never composes and never waits for a composition: what a player on the main actor may
    /// call. The default says nil.
    func cachedPixels(ofFrame index: Int) -> PixelBuffer?
    /// Every frame, composed in one sequential pass (not retained by the source).
    func allFrames() -> [ImageFrame]
    /// The most bytes the source holds at any time (encoded data, composition state, window of
    /// composed frames): what a memory cache should charge for it. Constant for a source.
    var cost: Int { get }
}

extension AnimationFrameSource {
    /// Nothing is known to be composed: a player asks ``pixels(ofFrame:)`` off the main actor.
    public func cachedPixels(ofFrame index: Int) -> PixelBuffer? { nil }

    /// Every frame, one ``pixels(ofFrame:)`` call each, in order.
    public func allFrames() -> [ImageFrame] {
        (0..<frameCount).map { ImageFrame(pixels: pixels(ofFrame: $0), duration: duration(ofFrame: $0)) }
    }
}
