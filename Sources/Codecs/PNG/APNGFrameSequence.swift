import OspreyCore
/// An APNG's frames for lazy decoding (``LazyAnimation``): the parsed `fcTL`/`fdAT` records
/// (zlib data, no pixels) and how to compose frame *n* on an ``AnimationCanvas``, as
/// ``APNGComposer`` composes them all.
///
/// A frame whose data turns out damaged only when it is asked for (a bad zlib stream or
/// checksum, which the eager decode reports as ``ImageError/Code/badImageData`` for the whole
/// file) is drawn as an empty frame: the canvas shows on as it was, with the frame's duration.
struct APNGFrameSequence: SequentialFrameComposer {
    let animation: APNGAnimation
    let header: PNGHeader
    let colors: PNGColors
    /// The `IDAT` stream, for a first frame that is also the default image.
    let defaultImageData: [UInt8]
    let target: PixelSize
    let encodedByteCount: Int

    init(animation: APNGAnimation, header: PNGHeader, colors: PNGColors, defaultImageData: [UInt8], target: PixelSize) {
        self.animation = animation
        self.header = header
        self.colors = colors
        self.defaultImageData = defaultImageData
        self.target = target
        encodedByteCount = animation.frames.reduce(defaultImageData.count + 1024) { $0 + $1.data.count + 96 }
    }

    var frameSize: PixelSize { target }
    var frameCount: Int { animation.frames.count }
    var loopCount: Int { animation.loopCount }
    func duration(ofFrame index: Int) -> Double { animation.frames[index].duration }

    /// The canvas and its "previous" save area (each at most the canvas), plus one decoded frame.
    var canvasByteCount: Int { header.width * header.height * 4 * 3 }

    func makeCanvas() -> AnimationCanvas { AnimationCanvas(size: PixelSize(width: header.width, height: header.height)) }

    func compose(frame index: Int, on canvas: inout AnimationCanvas, render: Bool) -> ComposedFrame {
        let frame = animation.frames[index]
        let image: PixelBuffer
        do {
            image = try PNGRaster.decode(header: header.resized(width: frame.width, height: frame.height),
                                         colors: colors, data: frame.usesImageData ? defaultImageData : frame.data,
                                         cancellation: nil)
        } catch {
            image = PixelBuffer(width: 0, height: 0)
        }
        // The first frame replaces the (cleared) canvas whatever its blend op says.
        canvas.draw(image, x: frame.x, y: frame.y, blend: index == 0 ? .source : frame.blend.canvasBlend,
                    dispose: frame.dispose.canvasDispose)
        let pixels = render ? (target == canvas.size ? canvas.snapshot : canvas.downsampled(to: target)) : nil
        return ComposedFrame(pixels: pixels, isRestartPoint: canvas.lastDrawIsRestartPoint)
    }
}
