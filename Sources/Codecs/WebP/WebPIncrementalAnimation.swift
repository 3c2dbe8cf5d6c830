import OspreyCore

/// The frames of an animated WebP decoded and composed one by one as their `ANMF` chunks
/// complete (a one-shot decode gives it every frame at once), on one ``WebPComposer``.
///
/// The ``AnimationPlan`` is chosen over the frames seen so far before the frames that
/// arrived are composed (the cost only grows with more frames; given every frame at once, it
/// is the plan for the whole animation): once it is not eager, only the first frame is
/// composed. At the end a lazy plan hands the frames to a ``LazyAnimation`` (frame 0 was
/// decoded here, so its errors are the decode's); a first-frame plan keeps the first frame,
/// with ``DecodedImage/framesDroppedByBudget``.
///
/// A later frame that cannot be decoded ends the animation before it; a first frame that
/// cannot be decoded, cancellation and limits fail the decode.
struct WebPIncrementalAnimation {
    let canvas: PixelSize, target: PixelSize
    /// The VP8X alpha flag: without it alpha is 255.
    let hasAlpha: Bool
    private let options: DecodeOptions
    private var composer: WebPComposer
    /// Every frame met so far, in file order (malformed `ANMF` chunks are left out, as the
    /// container does).
    private(set) var frames: [WebPAnimationFrame] = []
    /// The composed output of `frames[0 ..< outputs.count]`.
    private(set) var outputs: [ImageFrame] = []
    /// Frame `outputs.count` was damaged (not the first): the animation ends before it.
    private(set) var ended = false
    /// The plan for the frames so far is not eager: only the first frame is composed here.
    private(set) var overBudget = false
    /// The plan for the frames so far.
    private var plan = AnimationPlan.eager
    /// Why the decode fails (the first frame damaged, cancellation, limits).
    private(set) var failure: ImageError?
    /// The frames so far, as the budget counts them.
    private var tally = AnimationFrameTally()

    init(canvas: PixelSize, target: PixelSize, hasAlpha: Bool, options: DecodeOptions) {
        self.canvas = canvas
        self.target = target
        self.hasAlpha = hasAlpha
        self.options = options
        composer = WebPComposer(canvas: canvas, target: target, opaque: !hasAlpha)
    }

    /// Whether frames after the ones composed are no longer wanted.
    private var stopped: Bool {
        failure != nil || ended || (!outputs.isEmpty && (overBudget || options.firstFrameOnly))
    }

    /// Whether the animation is to be decoded lazily, frame by frame when asked.
    var isLazy: Bool { !options.firstFrameOnly && frames.count > 1 && plan == .lazy }

    /// Takes the next complete frames of the file `bytes` and composes those wanted.
    mutating func add(_ newFrames: [WebPAnimationFrame], in bytes: [UInt8]) {
        for frame in newFrames {
            frames.append(frame)
            tally.add(frame.pixelCount)
        }
        if frames.count > 1 && plan != .firstFrameOnly && !options.firstFrameOnly {
            plan = AnimationPlan(canvas: canvas, target: target, tally: tally, options: options)
            overBudget = plan != .eager
        }
        while !stopped && outputs.count < frames.count {
            compose(frames[outputs.count], in: bytes)
        }
    }

    private mutating func compose(_ frame: WebPAnimationFrame, in bytes: [UInt8]) {
        do throws(ImageError) {
            try options.checkCancellation()
            let size = PixelSize(width: frame.width, height: frame.height)
            let image = try WebPImageDecoder.decode(frame.image, in: bytes, size: size, opaque: false, options: options)
            let alphaHint = try WebPContainer.bitstreamSize(frame.image, in: bytes).alphaHint
            let hasAlpha = frame.image.alpha != nil || (frame.image.lossless && alphaHint)
            outputs.append(ImageFrame(pixels: composer.compose(frame, image: image, hasAlpha: hasAlpha),
                                      duration: frame.duration))
        } catch {
            if error.code == .badImageData && !outputs.isEmpty { ended = true } else { failure = error }
        }
    }

    /// Whether the frames composed here are those of `container` (they always are for a file
    /// the walk followed).
    func matches(_ container: WebPContainer) -> Bool {
        container.canvas == canvas && container.hasAlpha == hasAlpha && container.frames.count == frames.count
            && zip(container.frames, frames).allSatisfy { Self.same($0, $1) }
    }

    /// The decoded animation (not lazy; no failure), with the file's `loopCount`.
    func result(loopCount: Int) -> DecodedImage {
        var wanted = frames.count
        var dropped = false
        if options.firstFrameOnly {
            wanted = 1
        } else if frames.count > 1 && overBudget {
            wanted = 1
            dropped = true
        }
        var output = Array(outputs.prefix(wanted))
        if output.count == 1 {
            output[0].duration = 0
            return DecodedImage(frames: output, format: .webp, framesDroppedByBudget: dropped)
        }
        return DecodedImage(frames: output, format: .webp, loopCount: loopCount)
    }

    private static func same(_ a: WebPAnimationFrame, _ b: WebPAnimationFrame) -> Bool {
        a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height && a.duration == b.duration
            && a.blends == b.blends && a.disposesToBackground == b.disposesToBackground
            && a.image.bitstream == b.image.bitstream && a.image.alpha == b.image.alpha
            && a.image.lossless == b.image.lossless
    }
}
