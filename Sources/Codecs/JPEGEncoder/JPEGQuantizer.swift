/// Quantisation of the forward DCT's output by one table, in the transposed lane layout
/// ``JPEGForwardDCT`` produces (vector u = horizontal frequency, lane v = vertical).
///
/// Each coefficient becomes ⌊(|x| + d/2) / d⌋ with x's sign (libjpeg's rounding), d being 8×
/// the table entry. The division is a float multiply by 1/d of (|x| + d/2 + ½): that value is
/// at least ½/d from every integer, and the product's error stays below 2⁻⁸/d for the
/// magnitudes a DCT of 8-bit samples produces, so truncating gives the exact quotient.
///
/// A class over raw buffers so that the per-block path touches no array (no retain/release,
/// no bounds checks); it is created and used by one encode only.
final class JPEGQuantizer {
    typealias Lanes = SIMD8<Int32>
    typealias FloatLanes = SIMD8<Float>

    /// Reciprocals 1/d, vector u lane v.
    private let reciprocals: UnsafeMutablePointer<FloatLanes>
    /// Half divisors d/2, vector u lane v.
    private let halves: UnsafeMutablePointer<Lanes>
    /// Transposed index (u · 8 + v) → zigzag position.
    private let zigzagOfTransposed: UnsafeMutablePointer<Int>
    /// The table in natural order, as DQT writes it (after zigzag reordering).
    let table: [Int]

    /// A quantiser for `table` (64 entries 1…255, natural order).
    init(table: [Int]) {
        self.table = table
        reciprocals = .allocate(capacity: 8)
        halves = .allocate(capacity: 8)
        zigzagOfTransposed = .allocate(capacity: 64)
        for u in 0..<8 {
            var reciprocal = FloatLanes.zero
            var half = Lanes.zero
            for v in 0..<8 {
                let divisor = table[v * 8 + u] * 8
                reciprocal[v] = 1 / Float(divisor)
                half[v] = Int32(divisor / 2)
            }
            (reciprocals + u).initialize(to: reciprocal)
            (halves + u).initialize(to: half)
        }
        for (zigzag, natural) in JPEGQuantTables.zigzagToNatural.enumerated() {
            zigzagOfTransposed[(natural % 8) * 8 + natural / 8] = zigzag
        }
    }

    deinit {
        reciprocals.deallocate()
        halves.deallocate()
        zigzagOfTransposed.deallocate()
    }

    @inline(__always)
    private static func toFloat(_ x: Lanes) -> FloatLanes {
        FloatLanes(Float(x[0]), Float(x[1]), Float(x[2]), Float(x[3]), Float(x[4]), Float(x[5]), Float(x[6]), Float(x[7]))
    }

    @inline(__always)
    private static func truncate(_ x: FloatLanes) -> Lanes {
        Lanes(Int32(x[0]), Int32(x[1]), Int32(x[2]), Int32(x[3]), Int32(x[4]), Int32(x[5]), Int32(x[6]), Int32(x[7]))
    }

    /// Quantises one vector (horizontal frequency `u`) into its zigzag places.
    @inline(__always)
    private func quantize(_ x: Lanes, _ u: Int, into out: UnsafeMutablePointer<Int16>) {
        let sign = x &>> 31
        let magnitude = (x ^ sign) &- sign
        let q = Self.truncate((Self.toFloat(magnitude &+ halves[u]) + 0.5) * reciprocals[u])
        let signed = (q ^ sign) &- sign
        let places = zigzagOfTransposed + u &* 8
        for v in 0..<8 { out[places[v]] = Int16(truncatingIfNeeded: signed[v]) }
    }

    /// Quantises the eight vectors and stores the coefficients in zigzag order.
    @inline(__always)
    func quantize(_ e: (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes), into out: UnsafeMutablePointer<Int16>) {
        quantize(e.0, 0, into: out); quantize(e.1, 1, into: out)
        quantize(e.2, 2, into: out); quantize(e.3, 3, into: out)
        quantize(e.4, 4, into: out); quantize(e.5, 5, into: out)
        quantize(e.6, 6, into: out); quantize(e.7, 7, into: out)
    }
}
