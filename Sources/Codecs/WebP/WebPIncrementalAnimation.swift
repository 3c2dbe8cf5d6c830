import OspreyCore

/// The frames of an animated WebP decoded and composed one by one as their `ANMF` chunks
/// arrive, by the rules of ``WebPDecoder``'s one-shot decode (the same ``WebPComposer``, the
/// same handling of damaged frames), so the final image reuses every frame composed here.
///
/// The one-shot decode chooses its ``AnimationPlan`` from all frames before composing any; here
/// it is chosen over the frames seen so far before each one is composed (the cost only grows
/// with more frames): once it is not eager, only the first frame is composed here. At the end a
/// lazy plan gives no result (the caller decodes the file in one go, lazily); a first-frame
/// plan keeps the first frame, as the one-shot decode then does.
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
    /// Composing failed in a way the one-shot decode reports as an error (the first frame
    /// damaged, cancellation, limits): the caller falls back to it.
    private(set) var failed = false
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
        failed || ended || (!outputs.isEmpty && (overBudget || options.firstFrameOnly))
    }

    /// Takes the next complete frame of the file `bytes` and composes it when it is wanted.
    mutating func add(_ frame: WebPAnimationFrame, in bytes: [UInt8]) {
        frames.append(frame)
        tally.add(frame.pixelCount)
        if frames.count > 1 && plan != .firstFrameOnly && !options.firstFrameOnly {
            plan = AnimationPlan(canvas: canvas, target: target, tally: tally, options: options)
            overBudget = plan != .eager
        }
        guard !stopped, outputs.count == frames.count - 1 else { return }
        compose(frame, in: bytes)
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
            if error.code == .badImageData && !outputs.isEmpty { ended = true } else { failed = true }
        }
    }

    /// The one-shot decode's result for the whole file, whose frames are `all` and loop count
    /// `loopCount`, built from the frames composed here; nil when they do not match (the
    /// caller then decodes the file in one go).
    func result(frames all: [WebPAnimationFrame], loopCount: Int) -> DecodedImage? {
        guard !failed, all.count == frames.count, !all.isEmpty,
              zip(all, frames).allSatisfy({ Self.same($0, $1) }) else { return nil }
        var wanted = all.count
        var dropped = false
        if options.firstFrameOnly {
            wanted = 1
        } else if all.count > 1 && plan == .lazy {
            return nil
        } else if all.count > 1 && overBudget {
            wanted = 1
            dropped = true
        }
        var output = Array(outputs.prefix(wanted))
        // Fewer frames than wanted is right only when a damaged frame ended the animation.
        guard output.count == wanted || (ended && output.count == outputs.count), !output.isEmpty else { return nil }
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
