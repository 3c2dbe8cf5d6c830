/// Every quantised block of the image, kept for the multiple passes of a progressive file.
/// Costs two bytes per coefficient (for 4:2:0 three bytes per pixel): the one encoder mode
/// that holds more than a few MCU rows, because progressive scans revisit every block.
struct JPEGCoefficientStore: JPEGBlockSink {
    /// Per component, blocks of 64 zigzag coefficients, row-major over the padded block grid.
    private(set) var blocks: [[Int16]]
    private let columns: [Int]

    init(layout: JPEGFrameLayout) {
        blocks = layout.components.map { [Int16](repeating: 0, count: $0.paddedColumns * $0.paddedRows * 64) }
        columns = layout.components.map(\.paddedColumns)
    }

    /// Stores the block in zigzag order, as the progressive scans read it.
    mutating func block(_ coefficients: UnsafePointer<Int16>, nonZero: UInt64, component: Int, column: Int, row: Int) {
        let start = (row &* columns[component] &+ column) &* 64
        let order = JPEGZigzag.transposed
        blocks[component].withUnsafeMutableBufferPointer { store in
            let target = store.baseAddress! + start
            for k in 0..<64 { target[k] = coefficients[order[k]] }
        }
    }

    mutating func endMCU() {}
}
