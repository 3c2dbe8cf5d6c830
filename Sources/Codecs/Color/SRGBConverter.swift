import Foundation
import OspreyCore

/// Converts 8-bit RGBA rows in place from an image's colour space to sRGB (relative
/// colorimetric: the source's D50 connection-space values mapped through sRGB's D50-adapted
/// colorants, out-of-gamut values clipped), as decoders' output stages call it row by row.
///
/// Two kernels, chosen when built:
/// - **matrix/TRC** profiles (and PNG `gAMA`/`cHRM`/`cICP`): for each input channel a
///   256-entry table of its linear light times the matrix column, as three 16-bit fixed-point
///   lanes (so linearising and the 3 × 3 matrix are three 8-byte loads and two vector adds per
///   pixel; littleCMS's 8-bit matrix-shaper path multiplies out in 1.14 fixed point), then one
///   table from linear light to sRGB bytes, 8192 steps from black to white (half a step is at
///   most 0.2 of an 8-bit level, at black where sRGB is steepest), extended below black and
///   above white to every sum the tables can make, so no pixel needs a clamp;
/// - **`A2B0` LUT** profiles: the whole transform sampled once on a 33³ grid of sRGB output
///   values, interpolated tetrahedrally per pixel, as littleCMS optimises an 8-bit transform.
///
/// Immutable after `init`, so one converter is shared by any number of decodes.
final class SRGBConverter: Sendable {
    /// Matrix/TRC kernel: red's 256 entries, then green's, then blue's; lane *k* is the input's
    /// linear light times the matrix's coefficient for output *k*, in encode-table steps with
    /// ``fraction`` fraction bits (16-bit wrapping values). Red's entries also carry the
    /// rounding term and the bias (the encode table's entries below black). Empty for a LUT.
    private let lanes: [SIMD4<UInt16>]
    /// Matrix/TRC kernel: sRGB bytes by `lane sum >> fraction`, that is by linear-light step
    /// plus the bias, covering every sum the tables make (clamped to black and white at its
    /// ends), so no pixel needs a clamp.
    private let encode: [UInt8]
    /// Fraction bits of ``lanes``: 2 for most profiles, 1 for the widest gamuts.
    private let fraction: Int
    /// LUT kernel: 33³ nodes of sRGB output (0…255) as SIMD4, red slowest. Empty for a matrix.
    /// (Stored arrays rather than an enum with array payloads: the enum would keep its
    /// case in the pointer's spare bits, which leak checkers cannot follow.)
    private let gridNodes: [SIMD4<Float>]

    /// Linear light index steps of ``encodeTable``.
    static let encodeSteps = 8191
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
    /// for LUT profiles are kept in a small cache: sampling their grid costs a few
    /// milliseconds, and a site's images tend to share one profile.
    /// `gray`: the image is gray (R = G = B), so only a gray ICC profile applies to it.
    static func make(for profile: ImageColorProfile?, gray: Bool = false) -> SRGBConverter? {
        guard let profile, let source = ColorTransformSource(profile, gray: gray) else { return nil }
        guard case .lut = source, let data = profile.iccData else { return SRGBConverter(source) }
        let key = [UInt8](data)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        guard let built = SRGBConverter(source) else { return nil }
        cache.withLock { entries in
            if entries.count >= 8 { entries.removeAll() }   // a few profiles per process is the norm
            entries[key] = built
        }
        return built
    }

    /// Built LUT converters by profile bytes. Invariant: at most 8 entries, each immutable.
    /// Keyed by `[UInt8]`, not `Data`: `Data` keeps its storage pointer in enum spare bits,
    /// which a leak checker cannot follow, so the held keys were reported as leaks.
    private static let cache = Locked<[[UInt8]: SRGBConverter]>([:])

    init?(_ source: ColorTransformSource) {
        guard let toSRGB = ColorMatrix.sRGBColorants.inverse else { return nil }
        switch source {
        case .matrix(let colorants, let curves):
            let m = toSRGB * colorants
            let columns = [m.columns.0, m.columns.1, m.columns.2]
            // Each input's linear light times its matrix column, in encode-table steps.
            var steps: [SIMD3<Double>] = []
            for input in 0..<3 {
                for i in 0..<256 {
                    let v = columns[input] * curves[input](Double(i) / 255) * Double(Self.encodeSteps)
                    // A hostile profile's coefficients may be anything: keep the sums in range.
                    guard v.x.isFinite, v.y.isFinite, v.z.isFinite, max(abs(v.x), abs(v.y), abs(v.z)) < 1e6 else { return nil }
                    steps.append(v)
                }
            }
            guard let kernel = Self.matrixKernel(steps) else { return nil }
            (lanes, encode, fraction) = kernel
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
            fraction = 0
            gridNodes = nodes
        }
    }

    /// The matrix kernel's tables from `steps` (red's 256 entries of lane values in encode-table
    /// steps, then green's, then blue's): the finest fixed point, 2, 1 or 0 fraction bits, whose
    /// every sum fits 16 bits once red carries the bias (the steps below black) and the
    /// rounding term. Nil when not even whole steps fit: a matrix spanning over eight times
    /// the linear range, which no real display profile has.
    private static func matrixKernel(_ steps: [SIMD3<Double>]) -> (lanes: [SIMD4<UInt16>], encode: [UInt8], fraction: Int)? {
        for fraction in [2, 1, 0] {
            let scale = Double(1 << fraction)
            let fixed = steps.map { v in SIMD3<Int>(Int((v.x * scale).rounded()), Int((v.y * scale).rounded()), Int((v.z * scale).rounded())) }
            // The least and greatest sum each lane can make (the integer entries', exactly).
            var low = SIMD3<Int>.zero, high = SIMD3<Int>.zero
            for input in 0..<3 {
                let entries = fixed[input * 256..<(input + 1) * 256]
                low &+= entries.reduce(SIMD3(repeating: .max)) { $0.replacing(with: $1, where: $1 .< $0) }
                high &+= entries.reduce(SIMD3(repeating: .min)) { $0.replacing(with: $1, where: $1 .> $0) }
            }
            let half = fraction > 0 ? 1 << (fraction - 1) : 0
            let least = low.min() + half, most = high.max() + half
            let bias = max(0, (-least + (1 << fraction) - 1) >> fraction)   // whole steps below black
            let top = most + bias << fraction
            guard top < 1 << 16 else { continue }
            let offset = bias << fraction + half
            let lanes = fixed.enumerated().map { index, v -> SIMD4<UInt16> in
                let add = index < 256 ? offset : 0
                return SIMD4(UInt16(truncatingIfNeeded: v.x + add), UInt16(truncatingIfNeeded: v.y + add),
                             UInt16(truncatingIfNeeded: v.z + add), 0)
            }
            let encode = (0...(top >> fraction)).map { encodeTable[min(max($0 - bias, 0), encodeSteps)] }
            return (lanes, encode, fraction)
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
            encode.withUnsafeBufferPointer { e in
                // One kernel, compiled for each shift: a constant shift is one instruction.
                switch fraction {
                case 2: Self.matrixRow(row, count: count, lanes: t.baseAddress!, encode: e.baseAddress!, shift: 2)
                case 1: Self.matrixRow(row, count: count, lanes: t.baseAddress!, encode: e.baseAddress!, shift: 1)
                default: Self.matrixRow(row, count: count, lanes: t.baseAddress!, encode: e.baseAddress!, shift: 0)
                }
            }
        }
    }

    /// Converts every pixel of `pixels` (a whole frame: for decoders that have no row stage).
    func convert(_ pixels: inout PixelBuffer) {
        let count = pixels.width * pixels.height
        pixels.bytes.withUnsafeMutableBufferPointer { convert(row: $0.baseAddress!, count: count) }
    }

    /// Three 8-byte table loads and two vector adds a pixel, a vector shift, then an
    /// encode-table load per channel: about twenty instructions, which is what bounds it.
    /// 16-bit lanes rather than 32: eight-byte entries are indexed without a shift, each lane
    /// comes out zero-extended in one instruction, and the tables take half the cache. Byte
    /// loads and stores measured faster than one 32-bit load and store with shifts and masks;
    /// float lanes far slower (the generic float → integer SIMD conversions are not specialised).
    /// Four pixels a loop turn, addressed from one moving pointer: a tenth less time than one.
    @inline(__always)
    private static func matrixRow(_ p: UnsafeMutablePointer<UInt8>, count: Int, lanes t: UnsafePointer<SIMD4<UInt16>>,
                                  encode e: UnsafePointer<UInt8>, shift: UInt16) {
        @inline(__always) func pixel(_ q: UnsafeMutablePointer<UInt8>) {
            // Wrapping adds: green's and blue's entries may be negative, the sum never is.
            let v = (t[Int(q[0])] &+ t[256 &+ Int(q[1])] &+ t[512 &+ Int(q[2])]) &>> shift
            q[0] = e[Int(v[0])]
            q[1] = e[Int(v[1])]
            q[2] = e[Int(v[2])]
        }
        var q = p
        let end = p + 4 &* count
        while q + 16 <= end {
            pixel(q)
            pixel(q + 4)
            pixel(q + 8)
            pixel(q + 12)
            q += 16
        }
        while q < end {
            pixel(q)
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
