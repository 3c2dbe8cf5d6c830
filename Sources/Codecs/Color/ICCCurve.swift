import Foundation

/// A one-dimensional tone curve of an ICC profile: `curv` (identity, a gamma, or a sampled
/// table) or `para` (the five parametric function types of ICC.1:2010 §10.18).
enum ICCCurve: Sendable, Equatable {
    case identity
    case gamma(Double)
    /// `para` function type 0–4 with its parameters g, a, b, c, d, e, f (missing ones 0).
    case parametric(kind: Int, g: Double, a: Double, b: Double, c: Double, d: Double, e: Double, f: Double)
    /// Samples spread evenly over 0…1, interpolated linearly.
    case sampled([Double])

    /// The most samples a `curv` may hold here: 4096 × 16 would be plenty for any real curve;
    /// 65,536 (16-bit addressable) bounds the memory per curve.
    static let maxSamples = 65536

    /// The number of parameters each `para` function type stores.
    private static let parameterCounts = [1, 3, 4, 5, 7]

    /// Parses the curve at `offset` of `reader`, answering it and its byte length (unpadded).
    static func parse(_ reader: ICCReader, at offset: Int) -> (curve: ICCCurve, length: Int)? {
        guard let type = reader.u32(offset) else { return nil }
        if type == fourCC("curv") {
            guard let count = reader.u32(offset + 8).map(Int.init), count <= maxSamples,
                  reader.sub(offset + 12, count * 2) != nil else { return nil }
            let length = 12 + count * 2
            switch count {
            case 0: return (.identity, length)
            case 1:
                let gamma = Double(reader.u16(offset + 12)!) / 256
                return (gamma == 1 ? .identity : .gamma(gamma), length)
            default:
                let samples = (0..<count).map { Double(reader.u16(offset + 12 + 2 * $0)!) / 65535 }
                return (.sampled(samples), length)
            }
        }
        guard type == fourCC("para"), let kind = reader.u16(offset + 8).map(Int.init), kind < parameterCounts.count else {
            return nil
        }
        var p = [Double](repeating: 0, count: 7)
        for i in 0..<parameterCounts[kind] {
            guard let value = reader.s15(offset + 12 + 4 * i), value.isFinite else { return nil }
            p[i] = value
        }
        if kind == 0 { return (p[0] == 1 ? .identity : .gamma(p[0]), 12 + 4) }
        return (.parametric(kind: kind, g: p[0], a: p[1], b: p[2], c: p[3], d: p[4], e: p[5], f: p[6]),
                12 + 4 * parameterCounts[kind])
    }

    /// The curve at `x` (0…1), clamped to 0…1 as 16-bit tables are.
    func callAsFunction(_ x: Double) -> Double {
        let y: Double
        switch self {
        case .identity: y = x
        case .gamma(let g): y = x <= 0 ? 0 : pow(x, g)
        case .parametric(let kind, let g, let a, let b, let c, let d, let e, let f):
            y = Self.parametric(kind, x, g: g, a: a, b: b, c: c, d: d, e: e, f: f)
        case .sampled(let samples):
            let position = min(max(x, 0), 1) * Double(samples.count - 1)
            let index = min(Int(position), samples.count - 2)
            let t = position - Double(index)
            y = samples[index] + (samples[index + 1] - samples[index]) * t
        }
        return y.isNaN ? 0 : min(max(y, 0), 1)
    }

    private static func power(_ base: Double, _ g: Double) -> Double { base <= 0 ? 0 : pow(base, g) }

    private static func parametric(_ kind: Int, _ x: Double, g: Double, a: Double, b: Double, c: Double, d: Double,
                                   e: Double, f: Double) -> Double {
        switch kind {
        case 1:   // (aX + b)^g for X ≥ −b/a, else 0
            return a * x + b >= 0 ? power(a * x + b, g) : 0
        case 2:   // (aX + b)^g + c for X ≥ −b/a, else c
            return a * x + b >= 0 ? power(a * x + b, g) + c : c
        case 3:   // (aX + b)^g for X ≥ d, else cX
            return x >= d ? power(a * x + b, g) : c * x
        case 4:   // (aX + b)^g + e for X ≥ d, else cX + f
            return x >= d ? power(a * x + b, g) + e : c * x + f
        default:
            return power(x, g)
        }
    }

    /// Whether the curve stays within `tolerance` of `other` at 256 points over 0…1.
    func isClose(to other: ICCCurve, tolerance: Double) -> Bool {
        (0...255).allSatisfy { abs(self(Double($0) / 255) - other(Double($0) / 255)) <= tolerance }
    }

    /// The sRGB transfer function (IEC 61966-2-1) as a type-3 parametric curve.
    static let sRGB = ICCCurve.parametric(kind: 3, g: 2.4, a: 1 / 1.055, b: 0.055 / 1.055, c: 1 / 12.92, d: 0.04045,
                                          e: 0, f: 0)
}
