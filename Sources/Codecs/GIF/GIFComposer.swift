import OspreyCore
/// Turns GIF frames into composed RGBA frames on an ``AnimationCanvas``: each frame's indices
/// are decoded (``GIFLZW``), de-interlaced and looked up in its palette, drawn at its offset
/// (clipped to the logical screen), read out (shrunk to the target size when that is smaller),
/// and disposed of before the next frame. Cost per frame: its rectangle, plus one read of the
/// canvas.
///
/// Pixels a damaged frame lacks (its data ended early) and transparent pixels are drawn
/// transparent over the canvas, so what was there shows through, as browsers do.
struct GIFComposer {
    private var canvas: AnimationCanvas
    private var lzw = GIFLZW()
    /// The decoded indices of one frame, reused (capacity: the largest frame so far).
    private var indices: [UInt8] = []
    private let target: PixelSize

    /// A composer for a `screen`-sized logical screen whose frames come out `target`-sized.
    init(screen: PixelSize, target: PixelSize) {
        canvas = AnimationCanvas(size: screen)
        self.target = target
    }

    /// Whether composition may restart at the frame drawn last (``AnimationCanvas/lastDrawIsRestartPoint``).
    var lastDrawIsRestartPoint: Bool { canvas.lastDrawIsRestartPoint }

    /// Bytes the composer holds: the canvas, its "previous" save area (at most the canvas) and
    /// the index scratch (at most the canvas: frames are budgeted against it), plus the LZW table.
    static func heldBytes(screen: PixelSize) -> Int { screen.pixelCount * 9 + 4096 * 6 }

    /// Decodes and draws `frame`, and returns the canvas as it then shows, with how many
    /// of the frame's pixels its data held (0: nothing decoded).
    mutating func compose(_ frame: GIFFrame) -> (pixels: PixelBuffer, decoded: Int) {
        let (pixels, decoded) = compose(frame, render: true)
        return (pixels!, decoded)
    }

    /// As ``compose(_:)``; without `render` the canvas is not read out (nil pixels), for
    /// frames composed only to reach a later one.
    mutating func compose(_ frame: GIFFrame, render: Bool) -> (pixels: PixelBuffer?, decoded: Int) {
        let count = frame.pixelCount
        if indices.count < count { indices = [UInt8](repeating: 0, count: count) }
        let decoded = indices.withUnsafeMutableBufferPointer { indices in
            lzw.decode(frame.data, minimumCodeSize: frame.minimumCodeSize, into: indices.baseAddress!, count: count)
        }
        if count > 0 {
            let image = rgba(frame, decoded: decoded)
            // Opaque and complete frames replace their area; others show the canvas through holes.
            let blend: AnimationCanvas.Blend = frame.transparentIndex == nil && decoded == count ? .source : .over
            canvas.draw(image, x: frame.x, y: frame.y, blend: blend, dispose: frame.canvasDispose)
        } else {
            canvas.draw(PixelBuffer(width: 0, height: 0, bytes: []), x: 0, y: 0, blend: .source,
                        dispose: frame.canvasDispose)
        }
        guard render else { return (nil, decoded) }
        let pixels = target == canvas.size ? canvas.snapshot : canvas.downsampled(to: target)
        return (pixels, decoded)
    }

    /// Whether `frame`'s data decodes to at least one index: the frames after one that does not
    /// are dropped (the animation ends there), which a lazy decode decides up front with this,
    /// decoding one code instead of the frame.
    mutating func decodesAnyPixel(_ frame: GIFFrame) -> Bool {
        var index: UInt8 = 0
        return lzw.decode(frame.data, minimumCodeSize: frame.minimumCodeSize, into: &index, count: 1) > 0
    }

    /// The frame's `decoded` indices as RGBA rows in display order (interlaced rows moved
    /// to where they belong); pixels that did not arrive are (0, 0, 0, 0). A transparent
    /// index keeps its palette colour with alpha 0, as Pillow (the corpus reference) writes
    /// it; the canvas shows it only where nothing was drawn before.
    private func rgba(_ frame: GIFFrame, decoded: Int) -> PixelBuffer {
        let width = frame.width, height = frame.height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let transparent = frame.transparentIndex ?? -1
        bytes.withUnsafeMutableBufferPointer { out in
            indices.withUnsafeBufferPointer { indices in
                frame.palette.withUnsafeBufferPointer { palette in
                    let out = out.baseAddress!, indices = indices.baseAddress!, palette = palette.baseAddress!
                    var streamRow = 0
                    for pass in Self.passes(interlaced: frame.interlaced) {
                        var row = pass.start
                        while row < height {
                            let start = streamRow * width
                            let available = min(width, decoded - start)
                            if available <= 0 { return }
                            let destination = out + row * width * 4
                            for column in 0..<available {
                                let index = Int(indices[start + column])
                                let pixel = destination + column * 4
                                pixel.update(from: palette + index * 4, count: 4)
                                if index == transparent { pixel[3] = 0 }
                            }
                            streamRow += 1
                            row += pass.step
                        }
                    }
                }
            }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }

    /// The row passes: one of every row, or GIF's four interlace passes (rows 0, 8, 16, …;
    /// 4, 12, …; 2, 6, …; 1, 3, …).
    private static func passes(interlaced: Bool) -> [(start: Int, step: Int)] {
        interlaced ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
    }
}
