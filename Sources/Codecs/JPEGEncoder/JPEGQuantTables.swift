/// The IJG quantisation tables (ITU T.81 Annex K.1) and libjpeg's quality scaling, so that a
/// quality number means what it means in libjpeg, libjpeg-turbo and Pillow.
enum JPEGQuantTables {
    /// Annex K.1 luminance table, natural (row-major) order.
    static let luminance: [Int] = [
        16, 11, 10, 16, 24, 40, 51, 61,
        12, 12, 14, 19, 26, 58, 60, 55,
        14, 13, 16, 24, 40, 57, 69, 56,
        14, 17, 22, 29, 51, 87, 80, 62,
        18, 22, 37, 56, 68, 109, 103, 77,
        24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101,
        72, 92, 95, 98, 112, 100, 103, 99,
    ]

    /// Annex K.1 chrominance table, natural order.
    static let chrominance: [Int] = [
        17, 18, 24, 47, 99, 99, 99, 99,
        18, 21, 26, 66, 99, 99, 99, 99,
        24, 26, 56, 99, 99, 99, 99, 99,
        47, 66, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
    ]

    /// Zigzag position → natural index (T.81 Figure A.6).
    static let zigzagToNatural: [Int] = {
        var order = [Int]()
        order.reserveCapacity(64)
        // Walk the anti-diagonals, alternating direction: even sums go up and right.
        for sum in 0..<15 {
            let rows = max(0, sum - 7)...min(7, sum)
            let walk = sum % 2 == 0 ? Array(rows.reversed()) : Array(rows)
            for row in walk { order.append(row * 8 + (sum - row)) }
        }
        return order
    }()

    /// libjpeg's `jpeg_quality_scaling`: percentage applied to the base tables.
    static func scaleFactor(quality: Int) -> Int {
        let quality = min(100, max(1, quality))
        return quality < 50 ? 5000 / quality : 200 - quality * 2
    }

    /// `base` scaled for `quality`, each entry rounded and clamped to 1…255 (baseline
    /// files hold 8-bit tables, as libjpeg's `force_baseline` does), natural order.
    static func scaled(_ base: [Int], quality: Int) -> [Int] {
        let scale = scaleFactor(quality: quality)
        return base.map { min(255, max(1, ($0 * scale + 50) / 100)) }
    }
}
