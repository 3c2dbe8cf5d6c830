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

    mutating func block(_ coefficients: UnsafePointer<Int16>, component: Int, column: Int, row: Int) {
        let start = (row &* columns[component] &+ column) &* 64
        blocks[component].withUnsafeMutableBufferPointer { store in
            (store.baseAddress! + start).update(from: coefficients, count: 64)
        }
    }

    mutating func endMCU() {}
}
