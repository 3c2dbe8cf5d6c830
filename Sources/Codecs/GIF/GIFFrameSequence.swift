import OspreyCore
/// A GIF's frames for lazy decoding (``LazyAnimation``): the parsed frame records (LZW data
/// and palettes, no pixels) and how to compose frame *n* on a ``GIFComposer``.
///
/// The frame list is final when this is made: the decoder has already cut it before the first
/// frame whose data decodes to nothing (as the eager decode ends the animation there), so the
/// frame count is exact without decoding. Durations follow ``GIFFrame/duration``.
struct GIFFrameSequence: SequentialFrameComposer {
    let frames: [GIFFrame]
    let screen: PixelSize
    let target: PixelSize
    let loopCount: Int

    var frameSize: PixelSize { target }
    var frameCount: Int { frames.count }
    func duration(ofFrame index: Int) -> Double { frames[index].duration }

    /// LZW data, local colour tables and a record's fixed size per frame, plus the global table.
    let encodedByteCount: Int

    init(frames: [GIFFrame], screen: PixelSize, target: PixelSize, loopCount: Int) {
        self.frames = frames
        self.screen = screen
        self.target = target
        self.loopCount = loopCount
        encodedByteCount = frames.reduce(1024) { $0 + $1.data.count + ($1.hasLocalPalette ? $1.palette.count : 0) + 96 }
    }

    var canvasByteCount: Int { GIFComposer.heldBytes(screen: screen) }

    func makeCanvas() -> GIFComposer { GIFComposer(screen: screen, target: target) }

    func compose(frame index: Int, on canvas: inout GIFComposer, render: Bool) -> ComposedFrame {
        let (pixels, _) = canvas.compose(frames[index], render: render)
        return ComposedFrame(pixels: pixels, isRestartPoint: canvas.lastDrawIsRestartPoint)
    }
}
