import Foundation
import OspreyCore

/// Converts 8-bit RGBA rows in place from an image's colour space to sRGB (relative
/// colorimetric: the source's D50 connection-space values mapped through sRGB's D50-adapted
/// colorants, out-of-gamut values clipped), as decoders' output stages call it row by row.
///
/// Two kernels, chosen when built:
/// - **matrix/TRC** profiles (and PNG `gAMA`/`cHRM`/`cICP`): for each input channel a
///   256-entry table of its linear light times the matrix column, as three 16-bit fixed-point
///   lanes of one 64-bit word, every lane offset to be non-negative (so linearising and the
///   3 × 3 matrix are one load and two adds with a memory operand per pixel, and no lane carries
///   into the next; littleCMS's 8-bit matrix-shaper path multiplies out in 1.14 fixed point),
///   then one table from linear light to sRGB bytes, 2¹⁴ steps from black to white (half a step
///   is at most 0.1 of an 8-bit level, at black where sRGB is steepest), extended below black
///   and above white to every sum the tables can make, so no pixel needs a clamp or a shift;
/// - **`A2B0` LUT** profiles: the whole transform sampled once on a 33³ grid of sRGB output
///   values, interpolated tetrahedrally per pixel, as littleCMS optimises an 8-bit transform.
///
/// Immutable after `init`, so one converter is shared by any number of decodes.
final class SRGBConverter: Sendable {
    /// Matrix/TRC kernel: red's 256 entries, then green's, then blue's; bits 16k…16k + 15 hold
    /// the input's linear light times the matrix's coefficient for output *k*, in encode-table
    /// steps, plus a per-table offset that makes every lane non-negative (the offsets of the
    /// three tables add up to ``encode``'s entries below black, the same for every lane).
    /// Empty for a LUT.
    private let lanes: [UInt64]
    /// Matrix/TRC kernel: sRGB bytes by lane sum, that is by linear-light step plus the bias,
    /// covering every sum the tables make (clamped to black and white at its ends), so no
    /// pixel needs a clamp.
    private let encode: [UInt8]
    /// LUT kernel: 33³ nodes of sRGB output (0…255) as SIMD4, red slowest. Empty for a matrix.
    /// (Stored arrays rather than an enum with array payloads: the enum would keep its
    /// case in the pointer's spare bits, which leak checkers cannot follow.)
    private let gridNodes: [SIMD4<Float>]

    /// Linear light steps of ``encodeTable``, black to white: a power of two, so a coarser
    /// kernel (for gamuts too wide for 16-bit lanes at this precision) reads every 2ⁿth entry.
    static let encodeSteps = 1 << 14
    /// Grid nodes per axis for LUT profiles.
    static let gridPoints = 33

    /// Linear light (index / ``encodeSteps``) → sRGB byte.
    static let encodeTable: [UInt8] = (0...encodeSteps).map {
        UInt8((sRGBEncode(Double($0) / Double(encodeSteps)) * 255).rounded())
    }

    /// The sRGB transfer function, linear → encoded, both 0…1.
    static func sRGBEncode(_ linear: Double) -> Double {
        guard !linear.isNaN else { return 0 }
        let v = min(max(linear, 0), 1)
        return v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    }

    /// The converter for `profile`, or nil when its pixels need no conversion (no colour
    /// information, sRGB) or cannot be converted (see ``ColorTransformSource``). Converters
    /// for ICC profiles are kept in a small cache, looked up before the profile is parsed:
    /// building one evaluates its curves 768 times (a LUT profile's grid takes a few
    /// milliseconds), and a site's images tend to share one profile.
    /// `gray`: the image is gray (R = G = B), so only a gray ICC profile applies to it.
    static func make(for profile: ImageColorProfile?, gray: Bool = false) -> SRGBConverter? {
        guard let profile, !profile.isSRGB else { return nil }
        // A cICP description takes precedence over the ICC bytes (``ColorTransformSource``).
        guard profile.cicp == nil, let data = profile.iccData else {
            return ColorTransformSource(profile, gray: gray).flatMap(SRGBConverter.init)
        }
        let key = [UInt8](data) + [gray ? 1 : 0]
        if let cached = cache.withLock({ $0[key] }) { return cached }
        guard let source = ColorTransformSource(profile, gray: gray), let built = SRGBConverter(source) else { return nil }
        cache.withLock { entries in
            if entries.count >= 8 { entries.removeAll() }   // a few profiles per process is the norm
            entries[key] = built
        }
        return built
    }

    /// Built converters by profile bytes and a last byte for `gray`. Invariant: at most 8
    /// entries, each immutable.
    /// Keyed by `[UInt8]`, not `Data`: `Data` keeps its storage pointer in enum spare bits,
    /// which a leak checker cannot follow, so the held keys were reported as leaks.
    private static let cache = Locked<[[UInt8]: SRGBConverter]>([:])

    init?(_ source: ColorTransformSource) {
        guard let toSRGB = ColorMatrix.sRGBColorants.inverse else { return nil }
        switch source {
        case .matrix(let colorants, let curves):
            let m = toSRGB * colorants
            let columns = [m.columns.0, m.columns.1, m.columns.2]
            // Each input's linear light times its matrix column (white = 1).
            var light: [SIMD3<Double>] = []
            for input in 0..<3 {
                for i in 0..<256 {
                    let v = columns[input] * curves[input](Double(i) / 255)
                    // A hostile profile's coefficients may be anything: keep the sums in range.
                    guard v.x.isFinite, v.y.isFinite, v.z.isFinite, max(abs(v.x), abs(v.y), abs(v.z)) < 100 else { return nil }
                    light.append(v)
                }
            }
            guard let kernel = Self.matrixKernel(light) else { return nil }
            (lanes, encode) = kernel
            gridNodes = []
        case .lut(let pipeline):
            let n = Self.gridPoints
            let nodes = pipeline.sample(points: n).map { xyz -> SIMD4<Float> in
                let linear = toSRGB * xyz
                let e = SIMD3(Self.sRGBEncode(linear.x), Self.sRGBEncode(linear.y), Self.sRGBEncode(linear.z)) * 255
                return SIMD4(Float(e.x), Float(e.y), Float(e.z), 0)
            }
            guard nodes.allSatisfy({ ($0 * 0).sum() == 0 }) else { return nil }
            lanes = []
            encode = []
            gridNodes = nodes
        }
    }

    /// The matrix kernel's tables from `light` (red's 256 entries of lane values in linear
    /// light, then green's, then blue's): at the finest step, 2¹⁴, 2¹³, 2¹² or 2¹¹ from black to
    /// white, whose every sum fits 16 bits once each table is offset to be non-negative. The
    /// offsets make every lane's sum the linear step plus one common bias (red's table carries
    /// what a lane's own offsets lack of it), which the encode table's entries below black
    /// absorb. Nil when not even the coarsest step fits: a matrix spanning over eight times the
    /// linear range, which no real display profile has.
    private static func matrixKernel(_ light: [SIMD3<Double>]) -> (lanes: [UInt64], encode: [UInt8])? {
        for shift in 0...3 {
            let steps = Double(encodeSteps >> shift)
            let fixed = light.map { v in SIMD3<Int>(Int((v.x * steps).rounded()), Int((v.y * steps).rounded()), Int((v.z * steps).rounded())) }
            // Per table, the offset that lifts its least entry of each lane to zero, and the
            // greatest entry so lifted.
            var offsets = [SIMD3<Int>](repeating: .zero, count: 3)
            var high = SIMD3<Int>.zero
            for input in 0..<3 {
                let entries = fixed[input * 256..<(input + 1) * 256]
                let low = entries.reduce(SIMD3(repeating: .max)) { $0.replacing(with: $1, where: $1 .< $0) }
                let top = entries.reduce(SIMD3(repeating: .min)) { $0.replacing(with: $1, where: $1 .> $0) }
                offsets[input] = SIMD3<Int>.zero.replacing(with: 0 &- low, where: low .< 0)
                high &+= top &+ offsets[input]
            }
            let own = offsets[0] &+ offsets[1] &+ offsets[2]
            let bias = own.max()
            offsets[0] &+= SIMD3(repeating: bias) &- own
            high &+= SIMD3(repeating: bias) &- own
            guard high.max() < 1 << 16 else { continue }
            let lanes = fixed.enumerated().map { index, v -> UInt64 in
                let w = v &+ offsets[index / 256]
                return UInt64(w.x) | UInt64(w.y) << 16 | UInt64(w.z) << 32
            }
            let limit = encodeSteps >> shift
            let encode = (0...high.max()).map { encodeTable[min(max($0 - bias, 0), limit) << shift] }
            return (lanes, encode)
        }
        return nil
    }

    /// Converts `count` RGBA pixels at `row` in place; alpha is untouched (straight alpha).
    func convert(row: UnsafeMutablePointer<UInt8>, count: Int) {
        guard gridNodes.isEmpty else {
            gridNodes.withUnsafeBufferPointer { Self.gridRow(row, count: count, nodes: $0.baseAddress!) }
            return
        }
        lanes.withUnsafeBufferPointer { t in
            encode.withUnsafeBufferPointer { e in Self.matrixRow(row, count: count, lanes: t.baseAddress!, encode: e.baseAddress!) }
        }
    }

    /// Converts every pixel of `pixels` (a whole frame: for decoders that have no row stage).
    func convert(_ pixels: inout PixelBuffer) {
        let count = pixels.width * pixels.height
        pixels.bytes.withUnsafeMutableBufferPointer { convert(row: $0.baseAddress!, count: count) }
    }

    /// Three byte loads, one table load and two adds with a memory operand, three lane
    /// extractions (16-bit lanes at 16-bit boundaries: a zero-extending move, a shift or two),
    /// three encode-table loads and three byte stores a pixel: sixteen instructions.
    /// The lanes add in a general register rather than a vector one: no lane can carry into the
    /// next (every entry non-negative, every sum under 2¹⁶), and pulling lanes out of a vector
    /// register cost two instructions each; this measured a tenth faster. Four pixels a loop
    /// turn, all four sums before any store: no pixel's loads wait behind the previous
    /// pixel's stores to the same row (another 6 %). Byte loads and stores measured faster than
    /// one 32-bit load and store with shifts and masks; float lanes far slower (SSE2, the
    /// baseline, has no gather, so the tables would be loaded lane by lane anyway).
    @inline(__always)
    private static func matrixRow(_ p: UnsafeMutablePointer<UInt8>, count: Int, lanes t: UnsafePointer<UInt64>,
                                  encode e: UnsafePointer<UInt8>) {
        @inline(__always) func sum(_ q: UnsafeMutablePointer<UInt8>) -> UInt64 {
            t[Int(q[0])] &+ t[256 &+ Int(q[1])] &+ t[512 &+ Int(q[2])]
        }
        @inline(__always) func store(_ v: UInt64, _ q: UnsafeMutablePointer<UInt8>) {
            q[0] = e[Int(truncatingIfNeeded: v & 0xFFFF)]
            q[1] = e[Int(truncatingIfNeeded: (v &>> 16) & 0xFFFF)]
            q[2] = e[Int(truncatingIfNeeded: v &>> 32)]
        }
        var q = p
        let end = p + 4 &* count
        while q + 16 <= end {
            let a = sum(q), b = sum(q + 4), c = sum(q + 8), d = sum(q + 12)
            store(a, q)
            store(b, q + 4)
            store(c, q + 8)
            store(d, q + 12)
            q += 16
        }
        while q < end {
            store(sum(q), q)
            q += 4
        }
    }

    private static func gridRow(_ p: UnsafeMutablePointer<UInt8>, count: Int, nodes: UnsafePointer<SIMD4<Float>>) {
        let n = gridPoints, last = Float(n - 1)
        let strides = (n * n, n, 1)
        for i in 0..<count {
            let q = p + 4 &* i
            let position = SIMD3<Float>(Float(q[0]), Float(q[1]), Float(q[2])) * (last / 255)
            let cx = min(Int(position.x), n - 2), cy = min(Int(position.y), n - 2), cz = min(Int(position.z), n - 2)
            let f = position - SIMD3<Float>(Float(cx), Float(cy), Float(cz))
            let base = cx &* strides.0 &+ cy &* strides.1 &+ cz
            let (dx, dy, dz) = (strides.0, strides.1, strides.2)
            let c0 = nodes[base]
            let c1, c2, c3: SIMD4<Float>
            let (rx, ry, rz) = (f.x, f.y, f.z)
            if rx >= ry && ry >= rz {
                let a = nodes[base + dx], b = nodes[base + dx + dy]
                c1 = a - c0; c2 = b - a; c3 = nodes[base + dx + dy + dz] - b
            } else if rx >= rz && rz >= ry {
                let a = nodes[base + dx], b = nodes[base + dx + dz]
                c1 = a - c0; c2 = nodes[base + dx + dy + dz] - b; c3 = b - a
            } else if rz >= rx && rx >= ry {
                let a = nodes[base + dz], b = nodes[base + dx + dz]
                c1 = b - a; c2 = nodes[base + dx + dy + dz] - b; c3 = a - c0
            } else if ry >= rx && rx >= rz {
                let a = nodes[base + dy], b = nodes[base + dx + dy]
                c1 = b - a; c2 = a - c0; c3 = nodes[base + dx + dy + dz] - b
            } else if ry >= rz && rz >= rx {
                let a = nodes[base + dy], b = nodes[base + dy + dz], top = nodes[base + dx + dy + dz]
                c1 = top - b; c2 = a - c0; c3 = b - a
            } else {
                let a = nodes[base + dz], b = nodes[base + dy + dz], top = nodes[base + dx + dy + dz]
                c1 = top - b; c2 = b - a; c3 = a - c0
            }
            let v = c0 + c1 * rx + c2 * ry + c3 * rz + 0.5
            q[0] = UInt8(min(max(v.x, 0), 255.49))
            q[1] = UInt8(min(max(v.y, 0), 255.49))
            q[2] = UInt8(min(max(v.z, 0), 255.49))
        }
    }
}
