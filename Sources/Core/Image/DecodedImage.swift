/// The decoded image Osprey produces on every platform: one or more RGBA frames of one size.
///
/// Immutable, hence `Sendable`; transformers make new images. On Linux it is the
/// ``PlatformImage`` itself; on Apple platforms it is converted to `UIImage` / `NSImage`.
///
/// An animation is either **eager** (every composed frame held, as ``init(frames:format:loopCount:scale:framesDroppedByBudget:)``
/// makes it) or **lazy** (an ``AnimationFrameSource`` composes frame *n* when asked, from the
/// encoded bytes, holding only a small window: ``init(frameSource:format:scale:)``). Both
/// answer the same questions; on a lazy image ``frameCount``, ``frameDuration(at:)``,
/// ``loopCount``, ``isAnimated``, ``pixelSize`` and ``cost`` never decode, ``frame(at:)``
/// composes one frame, and ``frames`` composes them all (see there). The decoders choose lazy
/// above ``DecodeOptions/lazyAnimationThreshold``.
public final class DecodedImage: Sendable {
    /// Width of the canvas in pixels.
    public let pixelWidth: Int
    /// Height of the canvas in pixels.
    public let pixelHeight: Int
    /// Pixels per point (2 for an `@2x` asset); 1 by default.
    public let scale: Double
    /// The format the image was decoded from (``ImageFormat/unknown`` for generated images).
    public let format: ImageFormat
    /// How many times the animation plays, for every format alike: 0 = forever, `n` > 0 = `n`
    /// plays in all (1 = once). APNG stores it so (`num_plays`); a GIF's NETSCAPE2.0/ANIMEXTS1.0
    /// count `n` > 0 means `n` repeats after the first play and becomes `n + 1` here (as Chrome
    /// and Firefox play it), its count 0 stays 0, and a GIF without the extension plays once (1).
    /// A still image has 0.
    public let loopCount: Int
    /// Whether the source is an animation of which only the first frame was decoded because
    /// composing it (even lazily) would exceed ``DecodeOptions/decodeWorkBudget``,
    /// ``DecodeOptions/animationMemoryBudget`` or ``DecodeOptions/maxPixelCount``. False when
    /// every frame is available, and when the caller asked for the first frame only.
    public let framesDroppedByBudget: Bool
    /// The colour information the file carried (ICC profile or PNG colour chunks); nil when it
    /// had none, which means sRGB. After a conversion to sRGB
    /// (``DecodeOptions/convertToSRGB``) it is ``ImageColorProfile/sRGB``.
    public let colorProfile: ImageColorProfile?

    /// Where the frames come from.
    private enum Storage: Sendable {
        case eager([ImageFrame])
        case lazy(any AnimationFrameSource)
    }
    private let storage: Storage
    /// A lazy image's ``frames``, composed on first access and kept. Only touched inside
    /// `allFrames.withLock`; nil until then (and always for an eager image).
    private let allFrames = Locked<[ImageFrame]?>(nil)

    /// Creates an image from `frames`, which must be non-empty and all the same size.
    /// `framesDroppedByBudget` says the source had frames a budget kept out.
    public init(frames: [ImageFrame], format: ImageFormat = .unknown, loopCount: Int = 0, scale: Double = 1,
                framesDroppedByBudget: Bool = false) {
        precondition(!frames.isEmpty, "DecodedImage needs at least one frame")
        let size = frames[0].pixels.size
        precondition(frames.allSatisfy { $0.pixels.size == size }, "DecodedImage frames differ in size")
        storage = .eager(frames)
        self.pixelWidth = size.width
        self.pixelHeight = size.height
        self.format = format
        self.loopCount = loopCount
        self.scale = scale
        self.framesDroppedByBudget = framesDroppedByBudget
        colorProfile = nil
    }

    /// A lazy image whose frames `source` composes on demand; size, frame count, durations and
    /// loop count come from the source without decoding.
    public init(frameSource source: any AnimationFrameSource, format: ImageFormat = .unknown, scale: Double = 1) {
        storage = .lazy(source)
        pixelWidth = source.frameSize.width
        pixelHeight = source.frameSize.height
        self.format = format
        loopCount = source.loopCount
        self.scale = scale
        framesDroppedByBudget = false
        colorProfile = nil
    }

    /// The same image with ``colorProfile`` set to `profile`; shares the frames (no copy).
    public func withColorProfile(_ profile: ImageColorProfile?) -> DecodedImage {
        DecodedImage(storage: storage, size: pixelSize, format: format, loopCount: loopCount, scale: scale,
                     framesDroppedByBudget: framesDroppedByBudget, colorProfile: profile)
    }

    private init(storage: Storage, size: PixelSize, format: ImageFormat, loopCount: Int, scale: Double,
                 framesDroppedByBudget: Bool, colorProfile: ImageColorProfile?) {
        self.storage = storage
        pixelWidth = size.width
        pixelHeight = size.height
        self.format = format
        self.loopCount = loopCount
        self.scale = scale
        self.framesDroppedByBudget = framesDroppedByBudget
        self.colorProfile = colorProfile
    }

    /// A still image of one frame.
    public convenience init(pixels: PixelBuffer, format: ImageFormat = .unknown, scale: Double = 1) {
        self.init(frames: [ImageFrame(pixels: pixels)], format: format, scale: scale)
    }

    /// The frames; exactly one for a still image, each the full canvas size.
    ///
    /// On a lazy image the first access composes all of them in one sequential pass on a
    /// private canvas (players keep their place) and the image keeps them, so later accesses
    /// cost nothing; from then on the image holds what an eager one does, and ``cost`` says so.
    /// Reading them defeats lazy decoding: a player uses ``frame(at:)`` instead. Two threads
    /// reading it first at once may both compose; both get the one result kept.
    public var frames: [ImageFrame] {
        switch storage {
        case .eager(let frames): return frames
        case .lazy(let source):
            if let held = allFrames.withLock({ $0 }) { return held }
            let frames = source.allFrames()   // unlocked: composing takes long
            return allFrames.withLock { held in
                if let held { return held }
                held = frames
                return frames
            }
        }
    }

    /// The frame source of a lazy image; nil for an eager one.
    public var frameSource: (any AnimationFrameSource)? {
        if case .lazy(let source) = storage { return source }
        return nil
    }

    /// Whether frames are composed on demand (``frameSource`` is set).
    public var isLazy: Bool { frameSource != nil }

    /// How many frames there are. Never decodes.
    public var frameCount: Int {
        switch storage {
        case .eager(let frames): frames.count
        case .lazy(let source): source.frameCount
        }
    }

    /// Frame `index` (in `0..<frameCount`): held, or composed on demand for a lazy image.
    public func frame(at index: Int) -> ImageFrame {
        switch storage {
        case .eager(let frames): frames[index]
        case .lazy(let source): ImageFrame(pixels: source.pixels(ofFrame: index), duration: source.duration(ofFrame: index))
        }
    }

    /// Seconds frame `index` (in `0..<frameCount`) shows; 0 for a still image. Never decodes.
    public func frameDuration(at index: Int) -> Double {
        switch storage {
        case .eager(let frames): frames[index].duration
        case .lazy(let source): source.duration(ofFrame: index)
        }
    }

    /// Every frame's duration, in order. Never decodes.
    public var frameDurations: [Double] { (0..<frameCount).map(frameDuration(at:)) }

    /// Whether the image has more than one frame. Never decodes.
    public var isAnimated: Bool { frameCount > 1 }

    /// The first frame's pixels (the poster frame of an animation; a lazy image keeps it).
    public var firstFrame: PixelBuffer {
        switch storage {
        case .eager(let frames): frames[0].pixels
        case .lazy(let source): source.pixels(ofFrame: 0)
        }
    }

    /// The canvas size in pixels.
    public var pixelSize: PixelSize { PixelSize(width: pixelWidth, height: pixelHeight) }

    /// Bytes the image holds in memory, the memory cache's cost. Eager: width × height × 4 ×
    /// frames. Lazy: the source's ``AnimationFrameSource/cost`` — encoded frame data, the
    /// composition canvases (cursors and keyframes), the first frame and the window of recent
    /// frames (a 380-frame 472 × 298 GIF: its 5 MB of LZW data plus about 7.5 MB, instead of
    /// 214 MB) — plus every frame once ``frames`` has been read (it keeps them).
    public var cost: Int {
        switch storage {
        case .eager(let frames): frames.reduce(0) { $0 + $1.pixels.bytes.count }
        case .lazy(let source):
            source.cost + (allFrames.withLock { $0 }?.reduce(0) { $0 + $1.pixels.bytes.count } ?? 0)
        }
    }

    /// Total duration of one loop of the animation, in seconds. Never decodes.
    public var duration: Double { (0..<frameCount).reduce(0) { $0 + frameDuration(at: $1) } }
}
