/// The colorimetry the converter needs: 3 × 3 matrices, chromatic adaptation to the ICC
/// connection space (D50) with the Bradford transform, colorants from chromaticities, and
/// CIELAB → XYZ.
struct ColorMatrix: Sendable, Equatable {
    /// Rows of the matrix.
    var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    static func == (lhs: ColorMatrix, rhs: ColorMatrix) -> Bool {
        lhs.rows.0 == rhs.rows.0 && lhs.rows.1 == rhs.rows.1 && lhs.rows.2 == rhs.rows.2
    }

    /// The matrix whose columns are `c0`, `c1`, `c2` (colorants: red, green, blue XYZ).
    init(columns c0: SIMD3<Double>, _ c1: SIMD3<Double>, _ c2: SIMD3<Double>) {
        rows = (SIMD3(c0.x, c1.x, c2.x), SIMD3(c0.y, c1.y, c2.y), SIMD3(c0.z, c1.z, c2.z))
    }

    init(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) { rows = (r0, r1, r2) }

    static func diagonal(_ d: SIMD3<Double>) -> ColorMatrix {
        ColorMatrix(rows: SIMD3(d.x, 0, 0), SIMD3(0, d.y, 0), SIMD3(0, 0, d.z))
    }

    var columns: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        (SIMD3(rows.0.x, rows.1.x, rows.2.x), SIMD3(rows.0.y, rows.1.y, rows.2.y), SIMD3(rows.0.z, rows.1.z, rows.2.z))
    }

    static func * (m: ColorMatrix, v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m.rows.0 * v).sum(), (m.rows.1 * v).sum(), (m.rows.2 * v).sum())
    }

    static func * (a: ColorMatrix, b: ColorMatrix) -> ColorMatrix {
        let c = b.columns
        return ColorMatrix(columns: a * c.0, a * c.1, a * c.2)
    }

    var determinant: Double {
        let (a, b, c) = rows
        return a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x) + a.z * (b.x * c.y - b.y * c.x)
    }

    /// The inverse, or nil when the matrix is singular (or nearly: a profile's colorants that
    /// do not span a gamut).
    var inverse: ColorMatrix? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-9 else { return nil }
        let (a, b, c) = rows
        let r0 = SIMD3(b.y * c.z - b.z * c.y, a.z * c.y - a.y * c.z, a.y * b.z - a.z * b.y)
        let r1 = SIMD3(b.z * c.x - b.x * c.z, a.x * c.z - a.z * c.x, a.z * b.x - a.x * b.z)
        let r2 = SIMD3(b.x * c.y - b.y * c.x, a.y * c.x - a.x * c.y, a.x * b.y - a.y * b.x)
        return ColorMatrix(rows: r0 / det, r1 / det, r2 / det)
    }

    /// The ICC connection-space white, D50, as ICC.1 states it.
    static let d50 = SIMD3<Double>(0.9642, 1.0, 0.8249)

    /// The Bradford cone-response matrix.
    static let bradford = ColorMatrix(rows: SIMD3(0.8951, 0.2664, -0.1614), SIMD3(-0.7502, 1.7135, 0.0367),
                                      SIMD3(0.0389, -0.0685, 1.0296))

    /// Bradford adaptation from white `source` (XYZ) to D50.
    static func adaptation(from source: SIMD3<Double>) -> ColorMatrix? {
        let cone = bradford * source, target = bradford * d50
        guard cone.x != 0, cone.y != 0, cone.z != 0, let back = bradford.inverse else { return nil }
        return back * diagonal(target / cone) * bradford
    }

    /// XYZ (Y = 1) of chromaticity `x`, `y`.
    static func xyz(x: Double, y: Double) -> SIMD3<Double>? {
        guard y > 1e-6, x >= 0, x + y <= 1 + 1e-6 else { return nil }
        return SIMD3(x / y, 1, (1 - x - y) / y)
    }

    /// The D50-adapted colorants (RGB → XYZ D50) of a space with these primaries and white
    /// (chromaticities), as a profile built from them stores: the matrix that maps white to
    /// the white's XYZ, adapted to D50 with Bradford. Nil for chromaticities that span nothing.
    static func colorants(red: (Double, Double), green: (Double, Double), blue: (Double, Double),
                          white: (Double, Double)) -> ColorMatrix? {
        guard let r = xyz(x: red.0, y: red.1), let g = xyz(x: green.0, y: green.1), let b = xyz(x: blue.0, y: blue.1),
              let w = xyz(x: white.0, y: white.1) else { return nil }
        let primaries = ColorMatrix(columns: r, g, b)
        guard let inverse = primaries.inverse, let adapt = adaptation(from: w) else { return nil }
        let scale = inverse * w
        return adapt * primaries * diagonal(scale)
    }

    /// sRGB's colorants (BT.709 primaries, D65) adapted to D50: the destination of every
    /// conversion, built as littleCMS builds its sRGB profile.
    static let sRGBColorants = colorants(red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06),
                                         white: (0.3127, 0.3290))!

    /// CIELAB (D50) → XYZ.
    static func xyz(lab: SIMD3<Double>) -> SIMD3<Double> {
        let fy = (lab.x + 16) / 116
        let f = SIMD3(fy + lab.y / 500, fy, fy - lab.z / 200)
        @inline(__always) func inverse(_ t: Double) -> Double {
            t > 6.0 / 29 ? t * t * t : 3 * (6.0 / 29) * (6.0 / 29) * (t - 4.0 / 29)
        }
        return SIMD3(inverse(f.x), inverse(f.y), inverse(f.z)) * d50
    }
}
