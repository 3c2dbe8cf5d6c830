import OspreyCore

/// An animated WebP's frames for lazy decoding (``LazyAnimation``): the parsed `ANMF` records
/// (offsets into the file, no pixels) and how to compose frame *n* on a ``WebPComposer``, as
/// the one-shot decode composes them all.
///
/// A later frame whose data turns out damaged only when it is asked for (the eager decode ends
/// the animation before it) is drawn as an empty frame: the canvas shows on as it was, with the
/// frame's duration. The decoder checks frame 0 when it makes the sequence.
struct WebPFrameSequence: SequentialFrameComposer {
    let frames: [WebPAnimationFrame]
    /// The whole file: the frames' chunks are ranges of it.
    let bytes: [UInt8]
    let canvas: PixelSize
    let target: PixelSize
    /// Alpha forced to 255 (the file says it has none).
    let opaque: Bool
    let loopCount: Int
    /// The decode's options, for each frame's limits (cancellation dropped: frames are composed
    /// long after the decode returned).
    let options: DecodeOptions

    init(frames: [WebPAnimationFrame], bytes: [UInt8], canvas: PixelSize, target: PixelSize, opaque: Bool,
         loopCount: Int, options: DecodeOptions) {
        self.frames = frames
        self.bytes = bytes
        self.canvas = canvas
        self.target = target
        self.opaque = opaque
        self.loopCount = loopCount
        var options = options
        options.cancellation = nil
        self.options = options
    }

    var frameSize: PixelSize { target }
    var frameCount: Int { frames.count }
    func duration(ofFrame index: Int) -> Double { frames[index].duration }

    /// The file (the frames' data is read from it in place) and a record's fixed size per frame.
    var encodedByteCount: Int { bytes.count + frames.count * 96 }

    /// The canvas, plus the decoded frame and its resampled copy while a frame is composed.
    var canvasByteCount: Int { canvas.pixelCount * 4 * 3 }

    func makeCanvas() -> WebPComposer { WebPComposer(canvas: canvas, target: target, opaque: opaque) }

    func compose(frame index: Int, on composer: inout WebPComposer, render: Bool) -> ComposedFrame {
        let frame = frames[index]
        var image = PixelBuffer(width: 0, height: 0), hasAlpha = true
        do throws(ImageError) {
            let size = PixelSize(width: frame.width, height: frame.height)
            image = try WebPImageDecoder.decode(frame.image, in: bytes, size: size, opaque: false, options: options)
            let alphaHint = try WebPContainer.bitstreamSize(frame.image, in: bytes).alphaHint
            hasAlpha = frame.image.alpha != nil || (frame.image.lossless && alphaHint)
        } catch {
            image = PixelBuffer(width: 0, height: 0)   // damaged: drawn as an empty frame
        }
        let pixels = composer.compose(frame, image: image, hasAlpha: hasAlpha, render: render)
        return ComposedFrame(pixels: pixels, isRestartPoint: composer.lastDrawIsRestartPoint)
    }
}
