import OspreyCore
/// What composing an animation will cost, worked out from its frame rectangles before any
/// frame is decoded, and whether ``DecodeOptions`` allows it.
///
/// Work counts pixels: each frame's rectangle (decoded and composed) plus the whole canvas
/// once per output frame (copied out, or read by the thumbnail resampler). Memory counts bytes
/// held at the peak: the composition canvas, every output frame at the target size (for a lazy
/// decode only the frames it keeps: ``heldOutputFrames``), and two frame-sized scratch buffers (the decoded frame and the area saved for "dispose to
/// previous"). Overflowing arithmetic counts as over budget.
struct AnimationBudget {
    /// Pixels processed in all.
    private(set) var work = 0
    /// Bytes held at the peak.
    private(set) var memory = 0
    private let canvas: PixelSize

    /// The cost of composing frames with the given rectangle sizes (in pixels) on `canvas`,
    /// each output frame `target`-sized, holding every output frame, or at most
    /// `heldOutputFrames` of them (a lazy decode: its first frame and window).
    init(canvas: PixelSize, target: PixelSize, framePixelCounts: [Int], heldOutputFrames: Int? = nil,
         extraCanvases: Int = 0) {
        var tally = AnimationFrameTally()
        for pixels in framePixelCounts { tally.add(pixels) }
        self.init(canvas: canvas, target: target, tally: tally, heldOutputFrames: heldOutputFrames,
                  extraCanvases: extraCanvases)
    }

    /// The same from a running ``AnimationFrameTally`` (a decoder that learns the frames one
    /// at a time checks the budget after each in constant time). `extraCanvases`: further
    /// canvas copies held (a lazy decode's cursors and keyframes).
    init(canvas: PixelSize, target: PixelSize, tally: AnimationFrameTally, heldOutputFrames: Int? = nil,
         extraCanvases: Int = 0) {
        self.canvas = canvas
        var overflow = tally.overflow
        let (canvasWork, canvasOverflow) = canvas.pixelCount.multipliedReportingOverflow(by: tally.count)
        var work = tally.pixels
        overflow = overflow || canvasOverflow
        Self.add(canvasWork, to: &work, overflow: &overflow)
        var memory = 0
        let (canvases, canvasesOverflow) = canvas.pixelCount.multipliedReportingOverflow(by: 1 + max(0, extraCanvases))
        overflow = overflow || canvasesOverflow
        Self.add(canvases, to: &memory, overflow: &overflow)
        let (outputs, outputOverflow) = target.pixelCount.multipliedReportingOverflow(
            by: min(tally.count, heldOutputFrames ?? Int.max))
        overflow = overflow || outputOverflow
        Self.add(outputs, to: &memory, overflow: &overflow)
        Self.add(tally.largest, to: &memory, overflow: &overflow)
        Self.add(tally.largest, to: &memory, overflow: &overflow)
        let (bytes, bytesOverflow) = memory.multipliedReportingOverflow(by: 4)
        self.work = overflow ? Int.max : work
        self.memory = overflow || bytesOverflow ? Int.max : bytes
    }

    /// Whether `options` allow composing it: the canvas within ``DecodeOptions/maxPixelCount``,
    /// the work within ``DecodeOptions/decodeWorkBudget`` and the memory within
    /// ``DecodeOptions/animationMemoryBudget``. When not, a decoder decodes the first frame only.
    func fits(_ options: DecodeOptions) -> Bool {
        canvas.pixelCount <= options.maxPixelCount && work <= options.decodeWorkBudget
            && memory <= options.animationMemoryBudget
    }

    private static func add(_ value: Int, to total: inout Int, overflow: inout Bool) {
        let (sum, over) = total.addingReportingOverflow(value)
        total = sum
        overflow = overflow || over
    }
}

/// What ``AnimationBudget`` needs to know of the frames: how many, their pixels in all and the
/// largest, gathered one frame at a time.
struct AnimationFrameTally {
    private(set) var count = 0, pixels = 0, largest = 0
    /// The pixel sum overflowed (counts as over every budget).
    private(set) var overflow = false

    mutating func add(_ framePixels: Int) {
        count += 1
        largest = max(largest, framePixels)
        let (sum, over) = pixels.addingReportingOverflow(framePixels)
        pixels = sum
        overflow = overflow || over
    }
}
