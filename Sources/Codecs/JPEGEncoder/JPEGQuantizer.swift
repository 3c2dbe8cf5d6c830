/// Quantisation of the forward DCT's output by one table, in the transposed lane layout
/// ``JPEGForwardDCT`` produces (vector u = horizontal frequency, lane v = vertical).
///
/// Each coefficient becomes ⌊(|x| + d/2) / d⌋ with x's sign (libjpeg's rounding), d being 8×
/// the table entry. The division is a float multiply by 1/d of (|x| + d/2 + ½): that value is
/// at least ½/d from every integer, and the product's error stays below 2⁻⁸/d for the
/// magnitudes a DCT of 8-bit samples produces, so truncating gives the exact quotient.
struct JPEGQuantizer: Sendable {
    typealias Lanes = SIMD8<Int32>
    typealias FloatLanes = SIMD8<Float>

    /// Reciprocals 1/d, vector u lane v.
    private let reciprocals: [FloatLanes]
    /// Half divisors d/2, vector u lane v.
    private let halves: [Lanes]
    /// Zigzag position → index into the transposed layout (u · 8 + v).
    private let zigzagToTransposed: [Int]
    /// The table in natural order, as DQT writes it (after zigzag reordering).
    let table: [Int]

    /// A quantiser for `table` (64 entries 1…255, natural order).
    init(table: [Int]) {
        self.table = table
        var reciprocals = [FloatLanes](repeating: .zero, count: 8)
        var halves = [Lanes](repeating: .zero, count: 8)
        for u in 0..<8 {
            for v in 0..<8 {
                let divisor = table[v * 8 + u] * 8
                reciprocals[u][v] = 1 / Float(divisor)
                halves[u][v] = Int32(divisor / 2)
            }
        }
        self.reciprocals = reciprocals
        self.halves = halves
        zigzagToTransposed = JPEGQuantTables.zigzagToNatural.map { ($0 % 8) * 8 + $0 / 8 }
    }

    @inline(__always)
    private static func toFloat(_ x: Lanes) -> FloatLanes {
        FloatLanes(Float(x[0]), Float(x[1]), Float(x[2]), Float(x[3]), Float(x[4]), Float(x[5]), Float(x[6]), Float(x[7]))
    }

    @inline(__always)
    private static func truncate(_ x: FloatLanes) -> Lanes {
        Lanes(Int32(x[0]), Int32(x[1]), Int32(x[2]), Int32(x[3]), Int32(x[4]), Int32(x[5]), Int32(x[6]), Int32(x[7]))
    }

    /// Quantises the eight vectors and stores the coefficients in zigzag order.
    @inline(__always)
    func quantize(_ e: (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes), into out: UnsafeMutablePointer<Int16>) {
        withUnsafeTemporaryAllocation(of: Int16.self, capacity: 64) { transposed in
            reciprocals.withUnsafeBufferPointer { recip in
                halves.withUnsafeBufferPointer { half in
                    @inline(__always) func one(_ x: Lanes, _ u: Int) {
                        let sign = x &>> 31
                        let magnitude = (x ^ sign) &- sign
                        let q = Self.truncate((Self.toFloat(magnitude &+ half[u]) + 0.5) * recip[u])
                        let signed = (q ^ sign) &- sign
                        for v in 0..<8 { transposed[u &* 8 &+ v] = Int16(truncatingIfNeeded: signed[v]) }
                    }
                    one(e.0, 0); one(e.1, 1); one(e.2, 2); one(e.3, 3)
                    one(e.4, 4); one(e.5, 5); one(e.6, 6); one(e.7, 7)
                }
            }
            zigzagToTransposed.withUnsafeBufferPointer { order in
                for k in 0..<64 { out[k] = transposed[order[k]] }
            }
        }
    }
}
