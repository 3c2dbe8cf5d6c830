import OspreyCore

/// Where converted RGBA rows go: a full-size image or a downsampler.
protocol VP8RowSink {
    /// Lets `fill` write output row `y` (`width` RGBA pixels); rows arrive in order, once each.
    mutating func writeRow(_ y: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void)
}

/// Collects every row into a full-size ``PixelBuffer``, counting the rows written (the rows
/// not written yet are transparent black: an incremental decode's partial image). With
/// `keepsAlpha`, each row keeps the alpha bytes it held before (an `ALPH` plane written first).
struct VP8RGBAWriter: VP8RowSink {
    let width: Int, height: Int
    private(set) var bytes: [UInt8]
    private(set) var rowsWritten = 0
    /// One row's alpha bytes while the row is written (empty unless alpha is kept).
    private var alphaRow: [UInt8]

    init(width: Int, height: Int, keepsAlpha: Bool = false) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
        alphaRow = keepsAlpha ? [UInt8](repeating: 0, count: width) : []
    }

    mutating func writeRow(_ y: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
        let offset = y * width * 4, width = self.width
        bytes.withUnsafeMutableBufferPointer { bytes in
            let row = bytes.baseAddress! + offset
            alphaRow.withUnsafeMutableBufferPointer { alpha in
                guard !alpha.isEmpty, let kept = alpha.baseAddress else { return fill(row) }
                for x in 0..<width { kept[x] = row[4 * x + 3] }
                fill(row)
                for x in 0..<width { row[4 * x + 3] = kept[x] }
            }
        }
        rowsWritten = y + 1
    }

    /// Lets `body` write into the RGBA bytes (the alpha plane, before any row).
    mutating func withMutableBytes(_ body: (UnsafeMutablePointer<UInt8>) throws(ImageError) -> Void) throws(ImageError) {
        try bytes.withUnsafeMutableBufferPointer { (bytes) throws(ImageError) in try body(bytes.baseAddress!) }
    }

    /// The image (every row written).
    var pixels: PixelBuffer { PixelBuffer(width: width, height: height, bytes: bytes) }
}

/// Feeds every row to a ``StreamingResampler``: holds one RGBA row and the output. When the
/// source already has the target size (a thumbnail the ``VP8MacroblockReducer`` shrank exactly
/// to it), the rows go straight into the output: a resampler at 1:1 would only copy them, at
/// the cost of a few percent of such a thumbnail.
struct VP8ResamplingWriter: VP8RowSink {
    private var resampler: StreamingResampler?
    private var direct: VP8RGBAWriter?
    private var row: [UInt8]

    init(source: PixelSize, target: PixelSize) {
        if source == target {
            direct = VP8RGBAWriter(width: source.width, height: source.height)
            row = []
        } else {
            resampler = StreamingResampler(source: source, target: target)
            row = [UInt8](repeating: 0, count: source.width * 4)
        }
    }

    mutating func writeRow(_ y: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
        if direct != nil {
            direct?.writeRow(y, fill)
            return
        }
        row.withUnsafeMutableBufferPointer { buffer in
            fill(buffer.baseAddress!)
            resampler?.addRow(buffer.baseAddress!)
        }
    }

    /// The downsampled image (every row added).
    var pixels: PixelBuffer { direct?.pixels ?? resampler!.pixels }
}

/// Turns finished Y/U/V plane rows into RGBA with libwebp's fancy upsampling and
/// fixed-point conversion (the toolkit's ``ChromaUpsampler`` and ``YCbCrConverter``).
///
/// A pixel row is finished once the loop filter can no longer change it or the chroma rows
/// it reads: the filter of the next macroblock row rewrites up to 3 rows above it.
struct VP8RowConverter {
    private let frame: VP8FrameDecoder
    private var nextRow = 0
    private var upsampledU: [UInt8], upsampledV: [UInt8]
    private let chromaRows: Int

    init(frame: VP8FrameDecoder) {
        self.frame = frame
        upsampledU = [UInt8](repeating: 0, count: frame.info.width)
        upsampledV = [UInt8](repeating: 0, count: frame.info.width)
        chromaRows = (frame.info.height + 1) / 2
    }

    /// Converts the rows finished once macroblock row `mbY` is decoded and filtered.
    mutating func emitFinishedRows<Output: VP8RowSink>(afterMacroblockRow mbY: Int, into output: inout Output) {
        let width = frame.info.width, height = frame.info.height
        let last = mbY == frame.rows - 1
        let lumaReady = last ? height : min(height, 16 * (mbY + 1) - 3)
        let chromaReady = last ? chromaRows : min(chromaRows, 8 * (mbY + 1) - 3)
        let frame = self.frame
        while nextRow < lumaReady {
            let (near, far) = ChromaUpsampler.libwebpRows(forOutputRow: nextRow, chromaRows: chromaRows)
            guard max(near, far) < chromaReady else { break }
            let row = nextRow
            upsampledU.withUnsafeMutableBufferPointer { uRow in
                upsampledV.withUnsafeMutableBufferPointer { vRow in
                    let nearRows = frame.chromaRows(near), farRows = frame.chromaRows(far)
                    ChromaUpsampler.libwebpFancy(near: nearRows.u, far: farRows.u,
                                                 into: uRow.baseAddress!, outputWidth: width)
                    ChromaUpsampler.libwebpFancy(near: nearRows.v, far: farRows.v,
                                                 into: vRow.baseAddress!, outputWidth: width)
                    output.writeRow(row) { destination in
                        YCbCrConverter.convertRow(y: frame.lumaRow(row), cb: uRow.baseAddress!,
                                                  cr: vRow.baseAddress!, into: destination, count: width, matrix: .webp)
                    }
                }
            }
            nextRow += 1
        }
    }
}
