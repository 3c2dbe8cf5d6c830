/// One scan of a progressive file: which components, which coefficients, which bits.
struct JPEGProgressiveScan: Sendable {
    /// Component indices in the frame.
    let components: [Int]
    /// Spectral selection (zigzag positions).
    let start: Int, end: Int
    /// Successive approximation: bit position of the previous scan (0 = first), and of this one.
    let high: Int, low: Int

    /// libjpeg's default script (`jpeg_simple_progression`): DC first at ½ precision, the low
    /// luma frequencies early, chroma at half precision, then refinements.
    static func script(componentCount: Int) -> [JPEGProgressiveScan] {
        if componentCount == 1 {
            return [
                .init(components: [0], start: 0, end: 0, high: 0, low: 1),
                .init(components: [0], start: 1, end: 5, high: 0, low: 2),
                .init(components: [0], start: 6, end: 63, high: 0, low: 2),
                .init(components: [0], start: 1, end: 63, high: 2, low: 1),
                .init(components: [0], start: 0, end: 0, high: 1, low: 0),
                .init(components: [0], start: 1, end: 63, high: 1, low: 0),
            ]
        }
        return [
            .init(components: [0, 1, 2], start: 0, end: 0, high: 0, low: 1),
            .init(components: [0], start: 1, end: 5, high: 0, low: 2),
            .init(components: [2], start: 1, end: 63, high: 0, low: 1),
            .init(components: [1], start: 1, end: 63, high: 0, low: 1),
            .init(components: [0], start: 6, end: 63, high: 0, low: 2),
            .init(components: [0], start: 1, end: 63, high: 2, low: 1),
            .init(components: [0, 1, 2], start: 0, end: 0, high: 1, low: 0),
            .init(components: [2], start: 1, end: 63, high: 1, low: 0),
            .init(components: [1], start: 1, end: 63, high: 1, low: 0),
            .init(components: [0], start: 1, end: 63, high: 1, low: 0),
        ]
    }
}
