import Foundation
import OspreyCore

/// Converts 8-bit RGBA rows in place from an image's colour space to sRGB (relative
/// colorimetric: the source's D50 connection-space values mapped through sRGB's D50-adapted
/// colorants, out-of-gamut values clipped), as decoders' output stages call it row by row.
///
/// Two kernels, chosen when built:
/// - **matrix/TRC** profiles (and PNG `gAMA`/`cHRM`/`cICP`): for each matrix coefficient a
///   256-entry fixed-point table of linear light times that coefficient (so linearising and the
///   3 × 3 matrix are nine loads and six integer adds per pixel), then an 8192-entry table from
///   linear light to sRGB bytes (half a step of it is at most 0.2 of an 8-bit level, at black
///   where sRGB is steepest);
/// - **`A2B0` LUT** profiles: the whole transform sampled once on a 33³ grid of sRGB output
///   values, interpolated tetrahedrally per pixel, as littleCMS optimises an 8-bit transform.
///
/// Immutable after `init`, so one converter is shared by any number of decodes.
final class SRGBConverter: Sendable {
    /// Matrix/TRC kernel: for each output channel (red, green, blue) and each input channel,
    /// 256 entries of matrix coefficient × linear light, in 1/16 steps of ``encodeTable``'s
    /// index (the first table of each output carries the rounding term). Empty for a LUT.
    private let matrixTable: [Int32]
    /// LUT kernel: 33³ nodes of sRGB output (0…255) as SIMD4, red slowest. Empty for a matrix.
    /// (Two stored arrays rather than an enum with two array payloads: the enum would keep its
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
    static func make(for profile: ImageColorProfile?) -> SRGBConverter? {
        guard let profile, let source = ColorTransformSource(profile) else { return nil }
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
            let rows = [m.rows.0, m.rows.1, m.rows.2]
            let linear = (0..<3).map { channel in (0..<256).map { curves[channel](Double($0) / 255) } }
            var table = [Int32](repeating: 0, count: 9 * 256)
            for output in 0..<3 {
                for input in 0..<3 {
                    for i in 0..<256 {
                        let v = rows[output][input] * linear[input][i] * Double(Self.encodeSteps) * 16 + (input == 0 ? 8 : 0)
                        // A hostile profile's coefficients may be anything: keep the sums in range.
                        guard v.isFinite, abs(v) < Double(1 << 28) else { return nil }
                        table[(output * 3 + input) * 256 + i] = Int32(v.rounded(.down))
                    }
                }
            }
            matrixTable = table
            gridNodes = []
        case .lut(let pipeline):
            let n = Self.gridPoints
            let nodes = pipeline.sample(points: n).map { xyz -> SIMD4<Float> in
                let linear = toSRGB * xyz
                let e = SIMD3(Self.sRGBEncode(linear.x), Self.sRGBEncode(linear.y), Self.sRGBEncode(linear.z)) * 255
                return SIMD4(Float(e.x), Float(e.y), Float(e.z), 0)
            }
            guard nodes.allSatisfy({ ($0 * 0).sum() == 0 }) else { return nil }
            matrixTable = []
            gridNodes = nodes
        }
    }

    /// Converts `count` RGBA pixels at `row` in place; alpha is untouched (straight alpha).
    func convert(row: UnsafeMutablePointer<UInt8>, count: Int) {
        if gridNodes.isEmpty {
            matrixTable.withUnsafeBufferPointer { t in
                Self.encodeTable.withUnsafeBufferPointer { e in
                    Self.matrixRow(row, count: count, table: t.baseAddress!, encode: e.baseAddress!)
                }
            }
        } else {
            gridNodes.withUnsafeBufferPointer { Self.gridRow(row, count: count, nodes: $0.baseAddress!) }
        }
    }

    /// Converts every pixel of `pixels` (a whole frame: for decoders that have no row stage).
    func convert(_ pixels: inout PixelBuffer) {
        let count = pixels.width * pixels.height
        pixels.bytes.withUnsafeMutableBufferPointer { convert(row: $0.baseAddress!, count: count) }
    }

    /// Integer arithmetic throughout: nine table loads and six adds a pixel, then a shift and a
    /// clamp per channel. (Float SIMD lanes with `pointwiseMin` and float → integer conversions
    /// measured several times slower: those generic SIMD helpers are not specialised here.)
    @inline(__always)
    private static func matrixRow(_ p: UnsafeMutablePointer<UInt8>, count: Int, table t: UnsafePointer<Int32>,
                                  encode: UnsafePointer<UInt8>) {
        let top = Int32(encodeSteps)
        @inline(__always) func index(_ v: Int32) -> Int { Int(min(max(v &>> 4, 0), top)) }
        for i in 0..<count {
            let q = p + 4 &* i
            let r = Int(q[0]), g = 256 &+ Int(q[1]), b = 512 &+ Int(q[2])
            let x = t[r] &+ t[g] &+ t[b]
            let y = t[768 &+ r] &+ t[768 &+ g] &+ t[768 &+ b]
            let z = t[1536 &+ r] &+ t[1536 &+ g] &+ t[1536 &+ b]
            q[0] = encode[index(x)]
            q[1] = encode[index(y)]
            q[2] = encode[index(z)]
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
