/// The decoded image Osprey produces on every platform: one or more RGBA frames of one size.
///
/// Immutable, hence `Sendable`; transformers make new images. On Linux it is the
/// ``PlatformImage`` itself; on Apple platforms it is converted to `UIImage` / `NSImage`.
public final class DecodedImage: Sendable {
    /// Width of the canvas in pixels.
    public let pixelWidth: Int
    /// Height of the canvas in pixels.
    public let pixelHeight: Int
    /// Pixels per point (2 for an `@2x` asset); 1 by default.
    public let scale: Double
    /// The format the image was decoded from (``ImageFormat/unknown`` for generated images).
    public let format: ImageFormat
    /// The frames; exactly one for a still image, each the full canvas size.
    public let frames: [ImageFrame]
    /// How often an animation repeats; 0 = forever.
    public let loopCount: Int
    /// Whether the source is an animation of which only the first frame was decoded because
    /// composing it all would exceed ``DecodeOptions/decodeWorkBudget``,
    /// ``DecodeOptions/animationMemoryBudget`` or ``DecodeOptions/maxPixelCount``. False when
    /// every frame was decoded, and when the caller asked for the first frame only.
    public let framesDroppedByBudget: Bool

    /// Creates an image from `frames`, which must be non-empty and all the same size.
    /// `framesDroppedByBudget` says the source had frames a budget kept out.
    public init(frames: [ImageFrame], format: ImageFormat = .unknown, loopCount: Int = 0, scale: Double = 1,
                framesDroppedByBudget: Bool = false) {
        precondition(!frames.isEmpty, "DecodedImage needs at least one frame")
        let size = frames[0].pixels.size
        precondition(frames.allSatisfy { $0.pixels.size == size }, "DecodedImage frames differ in size")
        self.frames = frames
        self.pixelWidth = size.width
        self.pixelHeight = size.height
        self.format = format
        self.loopCount = loopCount
        self.scale = scale
        self.framesDroppedByBudget = framesDroppedByBudget
    }

    /// A still image of one frame.
    public convenience init(pixels: PixelBuffer, format: ImageFormat = .unknown, scale: Double = 1) {
        self.init(frames: [ImageFrame(pixels: pixels)], format: format, scale: scale)
    }

    /// Whether the image has more than one frame.
    public var isAnimated: Bool { frames.count > 1 }

    /// The first frame's pixels (the poster frame of an animation).
    public var firstFrame: PixelBuffer { frames[0].pixels }

    /// The canvas size in pixels.
    public var pixelSize: PixelSize { PixelSize(width: pixelWidth, height: pixelHeight) }

    /// Bytes the pixel data occupies in memory: width × height × 4 × frames.
    public var cost: Int { frames.reduce(0) { $0 + $1.pixels.bytes.count } }

    /// Total duration of one loop of the animation, in seconds.
    public var duration: Double { frames.reduce(0) { $0 + $1.duration } }
}
