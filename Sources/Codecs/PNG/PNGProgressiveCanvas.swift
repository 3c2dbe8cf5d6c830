import OspreyCore
/// Where the rows of a PNG go as they are unfiltered, and what a partial image of them looks
/// like. The final image comes out of the same state, so a one-shot decode (every byte at once)
/// and an incremental one give the same pixels:
///
/// - A plain image at full size: rows are expanded straight into the RGBA canvas; a partial
///   image is the canvas as it stands (rows not yet decoded are transparent black).
/// - A plain image as a thumbnail: rows stream through the ``StreamingResampler``; a partial
///   image is its output so far (output rows not yet complete are transparent).
/// - An Adam7 image at full size: the passes fill the canvas; after each completed pass a
///   partial image shows it coarsely, every known pixel repeated over the block it stands for
///   (8 × 8 after the first pass, …, 1 × 2 after the sixth).
/// - An Adam7 image as a thumbnail: each pass row adds its pixels to the thumbnail's sums
///   (``PNGInterlacedResampler``), so no full-size canvas is held; after each completed pass a
///   partial image shows the average of the pixels known in each output pixel's area. (A
///   thumbnail so large that its sums would outweigh the full canvas takes the full-size path
///   and is shrunk at the end.)
final class PNGProgressiveCanvas {
    private enum Mode {
        case plain, plainThumbnail, interlaced, interlacedThumbnail
    }

    private let header: PNGHeader
    private let expander: PNGRowExpander
    private let target: PixelSize
    private let mode: Mode
    /// Converts each expanded RGBA row to sRGB before it is stored or resampled; nil = none.
    private let converter: SRGBConverter?
    /// The full-size canvas (plain and interlaced at full size).
    private var canvas: [UInt8] = []
    /// The plain thumbnail's resampler.
    private var resampler: StreamingResampler?
    /// The Adam7 thumbnail's sums.
    private var interlacedResampler: PNGInterlacedResampler?
    /// One expanded row (thumbnails only).
    private var rowBuffer: [UInt8] = []
    /// Whether rows (plain) or a whole pass (interlaced) arrived since the last partial image.
    private var hasNews = false
    /// Interlaced: the block a known pixel stands for after the passes completed so far.
    private var block: (width: Int, height: Int)?

    /// A canvas for `header`'s image decoded to `target` (the options' target size; the
    /// caller checked it against the limits). Without `previews` (a one-shot decode, which
    /// asks for no partial image) a full-size canvas is not cleared first: the rows cover it.
    init(header: PNGHeader, colors: PNGColors, target: PixelSize, previews: Bool, converter: SRGBConverter? = nil) {
        self.header = header
        self.converter = converter
        expander = PNGRowExpander(header: header, colors: colors)
        self.target = target
        let source = PixelSize(width: header.width, height: header.height)
        // Adam7 sums take 32–40 bytes per output pixel: used when that is less than the full canvas.
        let sumsFit = PNGInterlacedResampler.workingBytes(target: target, previews: previews) < source.pixelCount * 4
        switch (header.interlaced, target == source) {
        case (false, true): mode = .plain
        case (false, false): mode = .plainThumbnail
        case (true, true): mode = .interlaced
        case (true, false): mode = sumsFit ? .interlacedThumbnail : .interlaced
        }
        switch mode {
        case .plain, .interlaced:
            let size = header.width * header.height * 4
            canvas = previews ? [UInt8](repeating: 0, count: size)
                : [UInt8](unsafeUninitializedCapacity: size) { _, count in count = size }
        case .plainThumbnail:
            resampler = StreamingResampler(source: source, target: target)
            rowBuffer = [UInt8](repeating: 0, count: header.width * 4)
        case .interlacedThumbnail:
            interlacedResampler = PNGInterlacedResampler(source: source, target: target, previews: previews)
            rowBuffer = [UInt8](repeating: 0, count: header.width * 4)
        }
    }

    /// Bytes this canvas holds besides a full-size output: the resampler's working memory and
    /// the row buffer (for the memory tests).
    var workingBytes: Int {
        rowBuffer.count + (resampler?.workingBytes ?? 0) + (interlacedResampler?.workingBytes ?? 0)
    }

    /// Bytes held in all: the full-size canvas (when there is one) and the working memory.
    var heldBytes: Int { canvas.count + workingBytes }

    /// Takes one unfiltered row of `pass` (`passIndex` in the header's passes, row `row` of it).
    func put(_ pass: PNGPass, passIndex: Int, row: Int, pixels: UnsafePointer<UInt8>) {
        let width = header.width
        switch mode {
        case .plain:
            canvas.withUnsafeMutableBufferPointer { canvas in
                expander.expand(pixels, count: pass.width, into: canvas.baseAddress! + row * width * 4, step: 1)
                converter?.convert(row: canvas.baseAddress! + row * width * 4, count: pass.width)
            }
            hasNews = true
        case .plainThumbnail:
            // RGBA rows go to the resampler as they are, unless they are to be converted.
            guard !expander.isIdentity || converter != nil else {
                resampler!.addRow(pixels)
                hasNews = true
                return
            }
            rowBuffer.withUnsafeMutableBufferPointer { buffer in
                expander.expand(pixels, count: pass.width, into: buffer.baseAddress!, step: 1)
                converter?.convert(row: buffer.baseAddress!, count: pass.width)
                resampler!.addRow(buffer.baseAddress!)
            }
            hasNews = true
        case .interlaced:
            let y = pass.y + row * pass.dy
            canvas.withUnsafeMutableBufferPointer { canvas in
                expander.expand(pixels, count: pass.width, into: canvas.baseAddress! + (y * width + pass.x) * 4,
                                step: pass.dx)
                if let converter {
                    // An Adam7 pass row's pixels are `dx` apart on the canvas.
                    for i in 0..<pass.width {
                        converter.convert(row: canvas.baseAddress! + (y * width + pass.x + i * pass.dx) * 4, count: 1)
                    }
                }
            }
            passRowDone(pass, row: row)
        case .interlacedThumbnail:
            rowBuffer.withUnsafeMutableBufferPointer { buffer in
                expander.expand(pixels, count: pass.width, into: buffer.baseAddress!, step: 1)
                converter?.convert(row: buffer.baseAddress!, count: pass.width)
                interlacedResampler!.add(buffer.baseAddress!, count: pass.width, y: pass.y + row * pass.dy,
                                         x: pass.x, dx: pass.dx)
            }
            passRowDone(pass, row: row)
        }
    }

    private func passRowDone(_ pass: PNGPass, row: Int) {
        if row == pass.height - 1 {
            // The pass is complete: each known pixel now stands for a smaller block.
            block = (pass.x > 0 ? pass.x : pass.dx, pass.y > 0 ? pass.y : pass.dy)
            hasNews = true
        }
    }

    /// The image so far, or nil when nothing new arrived since the last call.
    func partialImage() -> PixelBuffer? {
        guard hasNews else { return nil }
        hasNews = false
        switch mode {
        case .plain:
            return PixelBuffer(width: header.width, height: header.height, bytes: canvas)
        case .plainThumbnail:
            return resampler!.pixels
        case .interlaced:
            guard let block else { return nil }
            let preview = coarsePreview(block: block)
            return target == preview.size ? preview : StreamingResampler.resize(preview, to: target)
        case .interlacedThumbnail:
            return interlacedResampler!.preview
        }
    }

    /// The finished image (every row was put). Hands the canvas over without copying it.
    func finalImage() -> PixelBuffer {
        switch mode {
        case .plain, .interlaced:
            defer { canvas = [] }
            let full = PixelBuffer(width: header.width, height: header.height, bytes: canvas)
            return target == full.size ? full : StreamingResampler.resize(full, to: target)
        case .plainThumbnail:
            return resampler!.pixels
        case .interlacedThumbnail:
            return interlacedResampler!.pixels
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
