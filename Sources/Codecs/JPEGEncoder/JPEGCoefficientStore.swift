/// Every quantised block of the image, kept for the multiple passes of a progressive file.
/// Costs two bytes per coefficient (for 4:2:0 three bytes per pixel): the one encoder mode
/// that holds more than a few MCU rows, because progressive scans revisit every block.
///
/// The DC coefficients are also kept apart, two bytes per block in a row: the DC scans (four
/// passes over every block) then read one short array instead of touching a cache line of
/// every block.
final class JPEGCoefficientStore: JPEGBlockSink {
    /// Per component, blocks of 64 zigzag coefficients, row-major over the padded block grid.
    let blocks: [UnsafeMutablePointer<Int16>]
    /// Per component, each block's DC coefficient, row-major over the same grid.
    let dc: [UnsafeMutablePointer<Int16>]
    private let columns: [Int]

    init(layout: JPEGFrameLayout) {
        let counts = layout.components.map { $0.paddedColumns * $0.paddedRows }
        blocks = counts.map { count in
            let storage = UnsafeMutablePointer<Int16>.allocate(capacity: count * 64)
            storage.initialize(repeating: 0, count: count * 64)
            return storage
        }
        dc = counts.map { count in
            let storage = UnsafeMutablePointer<Int16>.allocate(capacity: count)
            storage.initialize(repeating: 0, count: count)
            return storage
        }
        columns = layout.components.map(\.paddedColumns)
    }

    deinit {
        blocks.forEach { $0.deallocate() }
        dc.forEach { $0.deallocate() }
    }

    /// Stores the block in zigzag order, as the progressive scans read it.
    func block(_ coefficients: UnsafePointer<Int16>, nonZero: UInt64, component: Int, column: Int, row: Int) {
        let index = row &* columns[component] &+ column
        let target = blocks[component] + index &* 64
        let order = JPEGZigzag.transposed
        for k in 0..<64 { target[k] = coefficients[order[k]] }
        dc[component][index] = target[0]
    }

    func endMCU() {}
}
