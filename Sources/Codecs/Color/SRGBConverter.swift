import Foundation
import OspreyCore

/// Converts 8-bit RGBA rows in place from an image's colour space to sRGB (relative
/// colorimetric: the source's D50 connection-space values mapped through sRGB's D50-adapted
/// colorants, out-of-gamut values clipped), as decoders' output stages call it row by row.
///
/// Two kernels, chosen when built:
/// - **matrix/TRC** profiles (and PNG `gAMA`/`cHRM`/`cICP`): for each input channel a
///   256-entry table of its linear light times the matrix column, as three fixed-point lanes
///   (so linearising and the 3 × 3 matrix are three 16-byte loads and two vector adds per
///   pixel, as littleCMS's 8-bit matrix-shaper path does it with 1.14 fixed point), then one
///   table from linear light to sRGB bytes, 8192 steps from black to white (half a step is at
///   most 0.2 of an 8-bit level, at black where sRGB is steepest), extended below black and
///   above white to every sum the tables can make, so no pixel needs a clamp;
/// - **`A2B0` LUT** profiles: the whole transform sampled once on a 33³ grid of sRGB output
///   values, interpolated tetrahedrally per pixel, as littleCMS optimises an 8-bit transform.
///
/// Immutable after `init`, so one converter is shared by any number of decodes.
final class SRGBConverter: Sendable {
    /// Matrix/TRC kernel: red's 256 entries, then green's, then blue's; lane *k* is the input's
    /// linear light times the matrix's coefficient for output *k*, in 1/16 steps of
    /// ``encodeTable``'s index. Red's entries also carry the rounding term and
    /// ``encodeBias`` × 16. Empty for a LUT.
    private let lanes: [SIMD4<Int32>]
    /// Matrix/TRC kernel: sRGB bytes by `lane sum >> 4` (so by linear-light step plus
    /// ``encodeBias``), covering every sum the tables make — or, for a profile whose sums span
    /// more than ``wideEncodeLimit`` entries, ``encodeTable`` itself, indices then clamped.
    private let encode: [UInt8]
    /// Encode-table entries below linear black.
    private let encodeBias: Int32
    /// Whether the kernel clamps its indices (a hostile profile's huge coefficients).
    private let clamps: Bool
    /// LUT kernel: 33³ nodes of sRGB output (0…255) as SIMD4, red slowest. Empty for a matrix.
    /// (Stored arrays rather than an enum with array payloads: the enum would keep its
    /// case in the pointer's spare bits, which leak checkers cannot follow.)
    private let gridNodes: [SIMD4<Float>]

    /// Linear light index steps of ``encodeTable``.
    static let encodeSteps = 8191
    /// The most entries a converter's own encode table may have (real profiles' matrices
    /// need under 25 000: ProPhoto's sums span about −0.6…2 of the linear range).
    static let wideEncodeLimit = 1 << 15
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
            var table = [SIMD4<Int32>](repeating: .zero, count: 3 * 256)
            // Per output lane, the least and greatest sum the three tables can make.
            var low = SIMD4<Int64>.zero, high = SIMD4<Int64>.zero
            for input in 0..<3 {
                var least = SIMD4<Int64>(repeating: .max), most = SIMD4<Int64>(repeating: .min)
                for i in 0..<256 {
                    let v = columns[input] * curves[input](Double(i) / 255) * Double(Self.encodeSteps) * 16
                        + (input == 0 ? 8 : 0)
                    // A hostile profile's coefficients may be anything: keep the sums in range.
                    guard v.x.isFinite, v.y.isFinite, v.z.isFinite,
                          max(abs(v.x), abs(v.y), abs(v.z)) < Double(1 << 28) else { return nil }
                    let entry = SIMD4<Int32>(Int32(v.x.rounded(.down)), Int32(v.y.rounded(.down)), Int32(v.z.rounded(.down)), 0)
                    table[input * 256 + i] = entry
                    let wide = SIMD4<Int64>(truncatingIfNeeded: entry)
                    least = least.replacing(with: wide, where: wide .< least)
                    most = most.replacing(with: wide, where: wide .> most)
                }
                low &+= least
                high &+= most
            }
            // Lane 3 is always 0; lanes 0–2 bound the sums (shifts floor, so they bound indices too).
            let first = min(low[0], low[1], low[2]) >> 4, last = max(high[0], high[1], high[2]) >> 4
            let span = last - min(first, 0) + 1
            if span <= Self.wideEncodeLimit {
                let bias = Int32(max(-first, 0))
                for i in 0..<256 { table[i] &+= SIMD4(bias << 4, bias << 4, bias << 4, 0) }
                encode = (0..<Int(span)).map { Self.encodeTable[min(max($0 - Int(bias), 0), Self.encodeSteps)] }
                encodeBias = bias
                clamps = false
            } else {
                encode = Self.encodeTable
                encodeBias = 0
                clamps = true
            }
            lanes = table
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
            encodeBias = 0
            clamps = false
            gridNodes = nodes
        }
    }

    /// Converts `count` RGBA pixels at `row` in place; alpha is untouched (straight alpha).
    func convert(row: UnsafeMutablePointer<UInt8>, count: Int) {
        guard gridNodes.isEmpty else {
            gridNodes.withUnsafeBufferPointer { Self.gridRow(row, count: count, nodes: $0.baseAddress!) }
            return
        }
        lanes.withUnsafeBufferPointer { t in
            encode.withUnsafeBufferPointer { e in
                // Two copies of one kernel: the usual one has no clamp at all.
                if clamps {
                    Self.matrixRow(row, count: count, lanes: t.baseAddress!, encode: e.baseAddress!, clamped: true)
                } else {
                    Self.matrixRow(row, count: count, lanes: t.baseAddress!, encode: e.baseAddress!, clamped: false)
                }
            }
        }
    }

    /// Converts every pixel of `pixels` (a whole frame: for decoders that have no row stage).
    func convert(_ pixels: inout PixelBuffer) {
        let count = pixels.width * pixels.height
        pixels.bytes.withUnsafeMutableBufferPointer { convert(row: $0.baseAddress!, count: count) }
    }

    /// Three table loads and two vector adds a pixel, a vector shift, then an encode-table
    /// load per channel. Byte loads and stores: measured faster than one 32-bit load and store
    /// with shifts and masks. (Float lanes measured far slower: the generic float → integer
    /// SIMD conversions are not specialised.) `clamped` only for ``clamps`` converters.
    @inline(__always)
    private static func matrixRow(_ p: UnsafeMutablePointer<UInt8>, count: Int, lanes t: UnsafePointer<SIMD4<Int32>>,
                                  encode e: UnsafePointer<UInt8>, clamped: Bool) {
        let top = Int32(encodeSteps)
        @inline(__always) func index(_ v: Int32) -> Int { clamped ? Int(min(max(v, 0), top)) : Int(v) }
        for i in 0..<count {
            let q = p + 4 &* i
            let v = (t[Int(q[0])] &+ t[256 &+ Int(q[1])] &+ t[512 &+ Int(q[2])]) &>> 4
            q[0] = e[index(v[0])]
            q[1] = e[index(v[1])]
            q[2] = e[index(v[2])]
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
