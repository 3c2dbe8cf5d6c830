import OspreyCore
/// Where the rows of an incrementally decoded PNG go, and what a partial image of them looks
/// like. The final image comes out of the same state, so it equals what ``PNGRaster`` makes
/// from the whole file, pixel for pixel:
///
/// - A plain image at full size: rows are expanded straight into the RGBA canvas; a partial
///   image is the canvas as it stands (rows not yet decoded are transparent black).
/// - A plain image as a thumbnail: rows stream through the ``StreamingResampler``; a partial
///   image is its output so far (output rows not yet complete are transparent).
/// - An Adam7 image (full size or thumbnail): the passes fill the full canvas; after each
///   completed pass a partial image shows it coarsely, every known pixel repeated over the
///   block it stands for (8 × 8 after the first pass, …, 1 × 2 after the sixth), shrunk to the
///   thumbnail size when one is asked for. A pass's rows show only once the pass is complete.
final class PNGProgressiveCanvas {
    private enum Mode {
        case plain
        case plainThumbnail(StreamingResampler)
        case interlaced
    }

    private let header: PNGHeader
    private let expander: PNGRowExpander
    private let target: PixelSize
    private var mode: Mode
    /// The full-size canvas (plain at full size, and interlaced).
    private var canvas: [UInt8]
    /// One expanded row (plain thumbnail only).
    private var rowBuffer: [UInt8]
    /// Whether rows (plain) or a whole pass (interlaced) arrived since the last partial image.
    private var hasNews = false
    /// Interlaced: the block a known pixel stands for after the passes completed so far.
    private var block: (width: Int, height: Int)?

    /// A canvas for `header`'s image decoded to `target` (the options' target size; the
    /// caller checked it against the limits).
    init(header: PNGHeader, colors: PNGColors, target: PixelSize) {
        self.header = header
        expander = PNGRowExpander(header: header, colors: colors)
        self.target = target
        let source = PixelSize(width: header.width, height: header.height)
        if header.interlaced {
            mode = .interlaced
        } else if target == source {
            mode = .plain
        } else {
            mode = .plainThumbnail(StreamingResampler(source: source, target: target))
        }
        if case .plainThumbnail = mode {
            canvas = []
            rowBuffer = [UInt8](repeating: 0, count: header.width * 4)
        } else {
            canvas = [UInt8](repeating: 0, count: header.width * header.height * 4)
            rowBuffer = []
        }
    }

    /// Takes one unfiltered row of `pass` (`passIndex` in the header's passes, row `row` of it).
    func put(_ pass: PNGPass, passIndex: Int, row: Int, pixels: UnsafePointer<UInt8>) {
        let width = header.width
        switch mode {
        case .plain:
            canvas.withUnsafeMutableBufferPointer { canvas in
                expander.expand(pixels, count: pass.width, into: canvas.baseAddress! + row * width * 4, step: 1)
            }
            hasNews = true
        case .plainThumbnail(var resampler):
            // Taken out of `mode` while it is changed, so the change is made in place.
            mode = .plain
            rowBuffer.withUnsafeMutableBufferPointer { buffer in
                expander.expand(pixels, count: pass.width, into: buffer.baseAddress!, step: 1)
                resampler.addRow(buffer.baseAddress!)
            }
            mode = .plainThumbnail(resampler)
            hasNews = true
        case .interlaced:
            let y = pass.y + row * pass.dy
            canvas.withUnsafeMutableBufferPointer { canvas in
                expander.expand(pixels, count: pass.width, into: canvas.baseAddress! + (y * width + pass.x) * 4,
                                step: pass.dx)
            }
            if row == pass.height - 1 {
                // The pass is complete: each known pixel now stands for a smaller block.
                block = (pass.x > 0 ? pass.x : pass.dx, pass.y > 0 ? pass.y : pass.dy)
                hasNews = true
            }
        }
    }

    /// The image so far, or nil when nothing new arrived since the last call.
    func partialImage() -> PixelBuffer? {
        guard hasNews else { return nil }
        hasNews = false
        switch mode {
        case .plain:
            return PixelBuffer(width: header.width, height: header.height, bytes: canvas)
        case .plainThumbnail(let resampler):
            return resampler.pixels
        case .interlaced:
            guard let block else { return nil }
            let preview = coarsePreview(block: block)
            return target == preview.size ? preview : StreamingResampler.resize(preview, to: target)
        }
    }

    /// The finished image (every row was put). Hands the canvas over without copying it.
    func finalImage() -> PixelBuffer {
        switch mode {
        case .plain:
            defer { canvas = [] }
            return PixelBuffer(width: header.width, height: header.height, bytes: canvas)
        case .plainThumbnail(let resampler):
            return resampler.pixels
        case .interlaced:
            defer { canvas = [] }
            let full = PixelBuffer(width: header.width, height: header.height, bytes: canvas)
            return target == full.size ? full : StreamingResampler.resize(full, to: target)
        }
    }

    /// The canvas with every pixel replaced by the known pixel at the top left of its block.
    private func coarsePreview(block: (width: Int, height: Int)) -> PixelBuffer {
        let width = header.width, height = header.height
        guard block.width > 1 || block.height > 1 else {
            return PixelBuffer(width: width, height: height, bytes: canvas)
        }
        let rowBytes = width * 4
        let bytes = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { output, count in
            canvas.withUnsafeBytes { source in
                let from = source.baseAddress!
                let to = UnsafeMutableRawPointer(output.baseAddress!)
                // Only the first row of each block band is built pixel by pixel (each known
                // pixel stored over its block's width); the band's other rows are copies of it.
                for bandTop in stride(from: 0, to: height, by: block.height) {
                    let row = bandTop * rowBytes
                    for blockLeft in stride(from: 0, to: width, by: block.width) {
                        let pixel = from.loadUnaligned(fromByteOffset: row + blockLeft * 4, as: UInt32.self)
                        for x in blockLeft..<min(width, blockLeft + block.width) {
                            to.storeBytes(of: pixel, toByteOffset: row + x * 4, as: UInt32.self)
                        }
                    }
                    for y in (bandTop + 1)..<min(height, bandTop + block.height) {
                        (to + y * rowBytes).copyMemory(from: to + row, byteCount: rowBytes)
                    }
                }
            }
            count = rowBytes * height
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }
}
