/// An RGB profile's `A2B0` transform (device → connection space) from a `lut8Type` (`mft1`),
/// `lut16Type` (`mft2`) or `lutAtoBType` (`mAB `) tag, evaluated in floating point as
/// littleCMS evaluates it: curves interpolated linearly, the grid tetrahedrally.
///
/// Stage order (ICC.1:2010 §10.10–10.12): `mft1`/`mft2` input tables → grid → output tables
/// (their matrix applies to XYZ input only, so an RGB profile ignores it); `mAB ` A curves →
/// grid → M curves → matrix → B curves. Only 3-in, 3-out tags are accepted.
struct ICCLutPipeline: Sendable {
    /// How the last stage's 0…1 outputs encode the connection space.
    enum Encoding: Sendable {
        /// `mft2` Lab: ICC v2's 16-bit encoding (L = 100 at 0xFF00, a/b = value / 256 − 128).
        case labLegacy
        /// `mAB ` Lab (ICC v4: L = 100 at 1.0, a/b = 255 × value − 128), and `mft1`'s 8-bit Lab,
        /// which scales the same way (L = 100 at 255, a/b = byte − 128).
        case lab
        /// XYZ, `u1Fixed15Number` (1.0 at 0x8000).
        case xyz
    }

    var inputCurves: [ICCCurve]
    var grid: ICCColorGrid?
    var middleCurves: [ICCCurve]
    var matrix: (ColorMatrix, SIMD3<Double>)?
    var outputCurves: [ICCCurve]
    var encoding: Encoding

    /// The `A2B0` pipeline of `profile`, or nil when there is none or it is malformed.
    init?(profile: ICCProfile) {
        guard let tag = profile.tag("A2B0"), let type = tag.u32(0), tag.u8(8) == 3, tag.u8(9) == 3 else { return nil }
        let lab = profile.connectionSpace == fourCC("Lab ")
        guard lab || profile.connectionSpace == fourCC("XYZ ") else { return nil }
        middleCurves = []
        matrix = nil
        switch type {
        case fourCC("mft1"), fourCC("mft2"):
            let wide = type == fourCC("mft2")
            guard let points = tag.u8(10).map(Int.init), points >= 2 else { return nil }
            let inEntries = wide ? Int(tag.u16(48) ?? 0) : 256, outEntries = wide ? Int(tag.u16(50) ?? 0) : 256
            guard (2...4096).contains(inEntries), (2...4096).contains(outEntries) else { return nil }
            let sample = wide ? 2 : 1
            var at = wide ? 52 : 48
            func table(_ entries: Int) -> ICCCurve? {
                defer { at += entries * sample }
                guard tag.sub(at, entries * sample) != nil else { return nil }
                let start = at
                return .sampled((0..<entries).map {
                    wide ? Double(tag.u16(start + 2 * $0)!) / 65535 : Double(tag.u8(start + $0)!) / 255
                })
            }
            guard let i0 = table(inEntries), let i1 = table(inEntries), let i2 = table(inEntries) else { return nil }
            inputCurves = [i0, i1, i2]
            guard let clut = ICCColorGrid(tag, at: at, points: [points, points, points], bytesPerSample: sample) else {
                return nil
            }
            grid = clut
            at += clut.byteCount
            guard let o0 = table(outEntries), let o1 = table(outEntries), let o2 = table(outEntries) else { return nil }
            outputCurves = [o0, o1, o2]
            encoding = lab ? (wide ? .labLegacy : .lab) : .xyz
        case fourCC("mAB "):
            let b = Int(tag.u32(12) ?? 0), m = Int(tag.u32(16) ?? 0), mid = Int(tag.u32(20) ?? 0)
            let g = Int(tag.u32(24) ?? 0), a = Int(tag.u32(28) ?? 0)
            guard b != 0, let bCurves = Self.curves(tag, at: b) else { return nil }
            outputCurves = bCurves
            if a != 0 {
                guard let curves = Self.curves(tag, at: a) else { return nil }
                inputCurves = curves
            } else {
                inputCurves = [.identity, .identity, .identity]
            }
            if g != 0 {
                guard let points = tag.sub(g, 16).map({ r in (0..<3).map { Int(r.u8($0)!) } }), points.allSatisfy({ $0 >= 2 }),
                      let precision = tag.u8(g + 16), precision == 1 || precision == 2,
                      let clut = ICCColorGrid(tag, at: g + 20, points: points, bytesPerSample: Int(precision)) else {
                    return nil
                }
                grid = clut
            } else {
                grid = nil
            }
            if mid != 0 {
                guard let curves = Self.curves(tag, at: mid) else { return nil }
                middleCurves = curves
            }
            if m != 0 {
                let values = (0..<12).compactMap { tag.s15(m + 4 * $0) }
                guard values.count == 12 else { return nil }
                matrix = (ColorMatrix(rows: SIMD3(values[0], values[1], values[2]), SIMD3(values[3], values[4], values[5]),
                                      SIMD3(values[6], values[7], values[8])), SIMD3(values[9], values[10], values[11]))
            }
            encoding = lab ? .lab : .xyz
        default:
            return nil
        }
    }

    /// Three curves in a row, each padded to four bytes.
    private static func curves(_ tag: ICCReader, at offset: Int) -> [ICCCurve]? {
        var at = offset, result: [ICCCurve] = []
        for _ in 0..<3 {
            guard let (curve, length) = ICCCurve.parse(tag, at: at) else { return nil }
            result.append(curve)
            at += (length + 3) & ~3
        }
        return result
    }

    /// Device RGB (0…1) → XYZ relative to D50.
    func evaluate(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        connection(fromShaped: SIMD3(inputCurves[0](rgb.x), inputCurves[1](rgb.y), inputCurves[2](rgb.z)))
    }

    /// XYZ D50 at every node of an `n`³ grid over device RGB (blue varying fastest). The
    /// input curves are evaluated once per axis value, not once per node.
    func sample(points n: Int) -> [SIMD3<Double>] {
        let axis = (0..<n).map { Double($0) / Double(n - 1) }
        let shaped = (0..<3).map { channel in axis.map { inputCurves[channel]($0) } }
        var nodes: [SIMD3<Double>] = []
        nodes.reserveCapacity(n * n * n)
        for r in 0..<n {
            for g in 0..<n {
                for b in 0..<n { nodes.append(connection(fromShaped: SIMD3(shaped[0][r], shaped[1][g], shaped[2][b]))) }
            }
        }
        return nodes
    }

    /// The stages after the input curves, to XYZ D50.
    private func connection(fromShaped shaped: SIMD3<Double>) -> SIMD3<Double> {
        var v = shaped
        if let grid { v = grid.lookup(v) }
        if !middleCurves.isEmpty { v = SIMD3(middleCurves[0](v.x), middleCurves[1](v.y), middleCurves[2](v.z)) }
        if let (m, offset) = matrix {
            v = m * v + offset
            v = v.clamped(lowerBound: .zero, upperBound: .one)
        }
        v = SIMD3(outputCurves[0](v.x), outputCurves[1](v.y), outputCurves[2](v.z))
        switch encoding {
        case .labLegacy:
            let l = v.x * 65535 / 65280 * 100
            return ColorMatrix.xyz(lab: SIMD3(l, v.y * 65535 / 256 - 128, v.z * 65535 / 256 - 128))
        case .lab:
            return ColorMatrix.xyz(lab: SIMD3(v.x * 100, v.y * 255 - 128, v.z * 255 - 128))
        case .xyz:
            return v * (65535.0 / 32768)
        }
    }
}

/// A three-dimensional colour lookup table with three outputs per node (first input varying
/// slowest), interpolated tetrahedrally as littleCMS does for three inputs.
struct ICCColorGrid: Sendable {
    /// Nodes per axis.
    let points: [Int]
    /// Node outputs in 0…1, three per node (single precision: a grid is at most a few MB of
    /// profile, and doubles would make that twice as many MB held).
    let values: [Float]
    /// Bytes the grid occupies in its tag.
    let byteCount: Int

    /// The most nodes accepted: a 255³ grid is the format's ceiling; the profile size cap
    /// already bounds it, this keeps the arithmetic small.
    static let maxNodes = 1 << 24

    init?(_ tag: ICCReader, at offset: Int, points: [Int], bytesPerSample: Int) {
        let nodes = points.reduce(1, *)
        guard points.count == 3, nodes <= Self.maxNodes, tag.sub(offset, nodes * 3 * bytesPerSample) != nil else {
            return nil
        }
        self.points = points
        byteCount = nodes * 3 * bytesPerSample
        values = (0..<nodes * 3).map {
            bytesPerSample == 2 ? Float(tag.u16(offset + 2 * $0)!) / 65535 : Float(tag.u8(offset + $0)!) / 255
        }
    }

    /// Tetrahedral interpolation at `input` (each 0…1).
    func lookup(_ input: SIMD3<Double>) -> SIMD3<Double> {
        // Scalar arithmetic: SIMD conversions between Int and Double are not specialised.
        let strides = (points[1] * points[2] * 3, points[2] * 3, 3)
        func axis(_ value: Double, _ count: Int, _ stride: Int) -> (base: Int, next: Int, fraction: Double) {
            let x = value.isNaN ? 0 : min(max(value, 0), 1)
            let position = x * Double(count - 1)
            let cell = min(Int(position), count - 1)
            // At the top edge the next node is the node itself (littleCMS's rule).
            return (cell * stride, x >= 1 ? cell * stride : (cell + 1) * stride, position - Double(cell))
        }
        let ax = axis(input.x, points[0], strides.0), ay = axis(input.y, points[1], strides.1)
        let az = axis(input.z, points[2], strides.2)
        let base = SIMD3(ax.base, ay.base, az.base), next = SIMD3(ax.next, ay.next, az.next)
        let fraction = SIMD3(ax.fraction, ay.fraction, az.fraction)
        func node(_ x: Int, _ y: Int, _ z: Int) -> SIMD3<Double> {
            let i = x + y + z
            return SIMD3(Double(values[i]), Double(values[i + 1]), Double(values[i + 2]))
        }
        let (x0, y0, z0) = (base.x, base.y, base.z), (x1, y1, z1) = (next.x, next.y, next.z)
        let (rx, ry, rz) = (fraction.x, fraction.y, fraction.z)
        let c0 = node(x0, y0, z0)
        let c1, c2, c3: SIMD3<Double>
        if rx >= ry && ry >= rz {
            c1 = node(x1, y0, z0) - c0; c2 = node(x1, y1, z0) - node(x1, y0, z0); c3 = node(x1, y1, z1) - node(x1, y1, z0)
        } else if rx >= rz && rz >= ry {
            c1 = node(x1, y0, z0) - c0; c2 = node(x1, y1, z1) - node(x1, y0, z1); c3 = node(x1, y0, z1) - node(x1, y0, z0)
        } else if rz >= rx && rx >= ry {
            c1 = node(x1, y0, z1) - node(x0, y0, z1); c2 = node(x1, y1, z1) - node(x1, y0, z1); c3 = node(x0, y0, z1) - c0
        } else if ry >= rx && rx >= rz {
            c1 = node(x1, y1, z0) - node(x0, y1, z0); c2 = node(x0, y1, z0) - c0; c3 = node(x1, y1, z1) - node(x1, y1, z0)
        } else if ry >= rz && rz >= rx {
            c1 = node(x1, y1, z1) - node(x0, y1, z1); c2 = node(x0, y1, z0) - c0; c3 = node(x0, y1, z1) - node(x0, y1, z0)
        } else {
            c1 = node(x1, y1, z1) - node(x0, y1, z1); c2 = node(x0, y1, z1) - node(x0, y0, z1); c3 = node(x0, y0, z1) - c0
        }
        return c0 + c1 * rx + c2 * ry + c3 * rz
    }
}
