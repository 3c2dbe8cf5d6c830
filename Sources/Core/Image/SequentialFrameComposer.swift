/// What a format supplies to decode its animation lazily with ``LazyAnimation``: the frame
/// records parsed from the encoded bytes, and "compose frame *n* from its encoded record on a
/// canvas holding the animation as it showed frame *n − 1*".
///
/// GIF and APNG adopt it (in OspreyCodecs); a new format (WebP) needs only its frame records,
/// a canvas type, and `compose`. The composer itself is immutable and `Sendable` (it is the
/// parsed file); all mutable state lives in its ``Canvas`` values, each handed to one
/// `compose` call at a time.
public protocol SequentialFrameComposer: Sendable {
    /// The mutable composition state: the canvas and whatever scratch the format reuses.
    ///
    /// Must have value semantics (a struct of arrays): ``LazyAnimation`` keeps copies of it as
    /// keyframes and goes on composing on the original, so a copy has to be an independent
    /// snapshot. At most ``canvasByteCount`` bytes each.
    associatedtype Canvas: Sendable

    /// The size of every composed frame.
    var frameSize: PixelSize { get }
    /// How many frames there are (at least 1).
    var frameCount: Int { get }
    /// How often the animation plays (``DecodedImage/loopCount``).
    var loopCount: Int { get }
    /// Seconds frame `index` shows.
    func duration(ofFrame index: Int) -> Double
    /// Bytes the composer holds: the encoded frame records (counted in the image's cost).
    var encodedByteCount: Int { get }
    /// Bytes one ``Canvas`` holds (counted in the image's cost).
    var canvasByteCount: Int { get }

    /// A new canvas, as the animation starts (nothing drawn yet).
    func makeCanvas() -> Canvas
    /// Draws frame `index` on `canvas`, which holds the state after frame `index − 1` (or a
    /// new canvas when `index` is 0 or a frame a previous call reported as
    /// ``ComposedFrame/isRestartPoint``). Returns the frame's pixels when `render` is true
    /// (nil otherwise: the caller only moves the canvas on). Never throws: a frame that
    /// cannot be decoded is drawn as the format documents (e.g. as an empty frame).
    func compose(frame index: Int, on canvas: inout Canvas, render: Bool) -> ComposedFrame
}

/// One composed frame, and whether composition may restart at it.
public struct ComposedFrame: Sendable {
    /// The frame as shown, ``SequentialFrameComposer/frameSize``; nil when not rendered.
    public var pixels: PixelBuffer?
    /// True when drawing this frame on a *new* canvas gives exactly the state it gave here
    /// (the canvas was clear before it, or it replaced the whole canvas and does not restore
    /// it afterwards), so a later jump back can start here instead of at frame 0.
    public var isRestartPoint: Bool

    /// A composed frame.
    public init(pixels: PixelBuffer?, isRestartPoint: Bool) {
        self.pixels = pixels
        self.isRestartPoint = isRestartPoint
    }
}
