import OspreyCore

/// The last stage: turns finished MCU rows into RGBA output rows while the decode goes on.
///
/// The component rings (``JPEGComponent/ringRows``) hold three MCU rows; after each MCU row the
/// decoder calls ``complete(through:)`` and every output row whose samples are all decoded is
/// upsampled, converted and written — to the output canvas, or through the streaming
/// resampler when the target is smaller than the (DCT-scaled) picture. An output row reads at
/// most one plane row past its own MCU row's start, so the ring never overwrites a row that is
/// still needed. Lives for one decode on one thread.
final class JPEGRenderer {
    /// The DCT-scaled picture the components make, and the size written out.
    let scaled: PixelSize, target: PixelSize
    private let components: [JPEGComponent]
    private let mcusHigh: Int
    private let space: JPEGColorSpace
    private let options: DecodeOptions
    /// Converts each RGBA row to sRGB before it is stored or resampled; nil = no conversion.
    private let converter: SRGBConverter?
    private let upsamplers: [JPEGUpsampler]
    private let scratch: [UnsafeMutablePointer<UInt8>]
    private var rows: [UnsafePointer<UInt8>]
    private let rowBuffer: UnsafeMutablePointer<UInt8>
    private var resampler: StreamingResampler?
    private var bytes: [UInt8]
    /// MCU rows whose samples are final, and the next output row to write.
    private(set) var completedMCURows = 0
    private var nextOutputRow = 0

    /// Output rows between two cancellation checks: a few milliseconds of work.
    static let cancellationRows = 64

    init(components: [JPEGComponent], geometry: JPEGFrameGeometry, scale: Int, space: JPEGColorSpace,
         target: PixelSize, options: DecodeOptions, converter: SRGBConverter? = nil) {
        self.components = components
        self.converter = converter
        self.space = space
        self.options = options
        self.target = target
        mcusHigh = geometry.mcusHigh
        scaled = PixelSize(width: (geometry.width * scale + 7) / 8, height: (geometry.height * scale + 7) / 8)
        upsamplers = components.map { [scaled] in
            JPEGUpsampler(component: $0, geometry: geometry, scale: scale, outputWidth: scaled.width)
        }
        scratch = upsamplers.map { UnsafeMutablePointer<UInt8>.allocate(capacity: $0.scratchCapacity) }
        rows = []
        rowBuffer = .allocate(capacity: scaled.width * 4)
        let full = target == scaled
        resampler = full ? nil : StreamingResampler(source: scaled, target: target)
        // Every byte is written by the row loop, so the canvas starts uninitialised. A thumbnail
        // has none: `[]`, since an uninitialised array of capacity 0 would store its count into
        // the shared empty-array storage, a write other threads race with.
        let count = full ? scaled.width * scaled.height * 4 : 0
        bytes = count > 0 ? [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count } : []
        components[0].plane.map { rows = Array(repeating: UnsafePointer($0), count: components.count) }
    }

    deinit {
        scratch.forEach { $0.deallocate() }
        rowBuffer.deallocate()
    }

    /// Bytes the renderer holds besides the component rings, for the limits: the output
    /// canvas or the resampler's output and working rows, plus one RGBA row and the scratch.
    static func bytesNeeded(scaled: PixelSize, target: PixelSize) -> Int {
        let canvas = target.pixelCount * 4
        guard target != scaled else { return canvas }
        return canvas + scaled.width * 4 * DecodeOptions.streamingPixelsPerSourceColumn
    }

    /// Marks MCU rows before `mcuRow` finished (rows not reached stay mid-grey), writes every
    /// output row they complete, and clears the ring slot of each MCU row it moves on to.
    func complete(through mcuRow: Int) throws(ImageError) {
        let last = min(mcuRow, mcusHigh)
        while completedMCURows < last {
            completedMCURows += 1
            try render()
            if completedMCURows < mcusHigh {
                for c in components { c.clear(mcuRow: completedMCURows) }
            }
        }
    }

    /// Writes the output rows whose plane rows are all decoded.
    private func render() throws(ImageError) {
        let done = completedMCURows == mcusHigh
        while nextOutputRow < scaled.height {
            let y = nextOutputRow
            if !done {
                for (index, c) in components.enumerated()
                where upsamplers[index].lastPlaneRow(forOutputRow: y) >= completedMCURows * c.v * c.blockSize {
                    return
                }
            }
            if y % Self.cancellationRows == 0 { try options.checkCancellation() }
            for index in 0..<upsamplers.count { rows[index] = upsamplers[index].row(y, scratch: scratch[index]) }
            if resampler == nil {
                let width = scaled.width
                rows.withUnsafeBufferPointer { rows in
                    bytes.withUnsafeMutableBufferPointer { out in
                        JPEGColorConverter.convert(space, rows: rows, width: width, into: out.baseAddress! + y * width * 4)
                        converter?.convert(row: out.baseAddress! + y * width * 4, count: width)
                    }
                }
            } else {
                rows.withUnsafeBufferPointer { rows in
                    JPEGColorConverter.convert(space, rows: rows, width: scaled.width, into: rowBuffer)
                }
                converter?.convert(row: rowBuffer, count: scaled.width)
                resampler?.addRow(rowBuffer)
            }
            nextOutputRow += 1
        }
    }

    /// Output rows written so far (at the DCT-scaled size).
    var renderedRows: Int { nextOutputRow }

    /// The output as it stands, for a partial image: the rows written so far, the rest
    /// transparent (through the resampler: its output rows complete so far). One copy.
    func partialPixels() -> PixelBuffer {
        if let resampler { return resampler.pixels }
        let rowBytes = scaled.width * 4, count = rowBytes * scaled.height
        let written = min(nextOutputRow * rowBytes, count)
        let copy = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            bytes.withUnsafeBufferPointer { source in
                output.baseAddress!.update(from: source.baseAddress!, count: written)
            }
            (output.baseAddress! + written).initialize(repeating: 0, count: count - written)
            initialized = count
        }
        return PixelBuffer(width: scaled.width, height: scaled.height, bytes: copy)
    }

    /// A preview written by `write` into the output canvas, which the final render overwrites
    /// row by row, and handed out sharing it: no fresh output-sized memory per preview while
    /// the caller lets go of each preview before the next (if it keeps one, copy-on-write gives
    /// the canvas a copy at the next write). Nil when the output goes through the resampler.
    func previewInCanvas(_ write: (UnsafeMutablePointer<UInt8>) -> Void) -> PixelBuffer? {
        guard resampler == nil, nextOutputRow == 0 else { return nil }
        bytes.withUnsafeMutableBufferPointer { write($0.baseAddress!) }
        return PixelBuffer(width: scaled.width, height: scaled.height, bytes: bytes)
    }

    /// The picture, once every MCU row was completed.
    func finish() throws(ImageError) -> PixelBuffer {
        try complete(through: mcusHigh)
        if let resampler { return resampler.pixels }
        return PixelBuffer(width: scaled.width, height: scaled.height, bytes: bytes)
    }
}
