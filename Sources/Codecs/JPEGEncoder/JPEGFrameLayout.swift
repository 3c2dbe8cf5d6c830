import OspreyCore

/// The geometry of an encoded frame: components, sampling factors, MCU grid.
struct JPEGFrameLayout: Sendable {
    /// One component of the frame.
    struct Component: Sendable {
        /// Component identifier in SOF/SOS (1 Y, 2 Cb, 3 Cr, as JFIF expects).
        let id: UInt8
        /// Horizontal and vertical sampling factors.
        let horizontal: Int, vertical: Int
        /// Quantisation (and Huffman) table slot: 0 luma, 1 chroma.
        let table: Int
        /// Blocks across and down the MCU-padded grid.
        let paddedColumns: Int, paddedRows: Int
        /// Blocks across and down that hold image samples (T.81 A.1.1): a non-interleaved
        /// scan codes only these.
        let columns: Int, rows: Int
    }

    let width: Int, height: Int
    let components: [Component]
    /// Largest sampling factors (the luma's).
    let maxHorizontal: Int, maxVertical: Int
    /// MCUs across and down.
    let mcuColumns: Int, mcuRows: Int

    /// The layout for an image of `width` × `height` with `subsampling` (grey when `grayscale`).
    init(width: Int, height: Int, grayscale: Bool, subsampling: ImageEncodeOptions.ChromaSubsampling) {
        self.width = width
        self.height = height
        let (h, v): (Int, Int) = switch grayscale ? .s444 : subsampling {
        case .s420: (2, 2)
        case .s422: (2, 1)
        case .s444, .automatic: (1, 1)
        }
        maxHorizontal = h
        maxVertical = v
        mcuColumns = (width + 8 * h - 1) / (8 * h)
        mcuRows = (height + 8 * v - 1) / (8 * v)
        var components: [Component] = []
        let factors = grayscale ? [(h, v)] : [(h, v), (1, 1), (1, 1)]
        for (index, (ch, cv)) in factors.enumerated() {
            // Component size: ⌈width · h / hmax⌉ samples, then whole blocks.
            let samplesAcross = (width * ch + h - 1) / h
            let samplesDown = (height * cv + v - 1) / v
            components.append(Component(id: UInt8(index + 1), horizontal: ch, vertical: cv, table: index == 0 ? 0 : 1,
                                        paddedColumns: mcuColumns * ch, paddedRows: mcuRows * cv,
                                        columns: (samplesAcross + 7) / 8, rows: (samplesDown + 7) / 8))
        }
        self.components = components
    }

    /// MCUs in the frame.
    var mcuCount: Int { mcuColumns * mcuRows }

    /// Samples per padded luma row.
    var paddedWidth: Int { mcuColumns * 8 * maxHorizontal }
}
