import OspreyCore
/// The colour spaces a JPEG's components can be in, decided as libjpeg-turbo does
/// (`jdapimin.c`): JFIF implies YCbCr; else Adobe's transform flag; else component ids.
enum JPEGColorSpace {
    case gray, yCbCr, rgb, ycck
    /// CMYK, `inverted` when an Adobe marker says the samples are stored as 255 − ink.
    case cmyk(inverted: Bool)

    init(componentCount: Int, ids: [Int], hints: JPEGColorHints) {
        switch componentCount {
        case 1: self = .gray
        case 3:
            if hints.jfif { self = .yCbCr }
            else if let transform = hints.adobeTransform { self = transform == 0 ? .rgb : .yCbCr }
            else if ids == [82, 71, 66] { self = .rgb }
            else { self = .yCbCr }
        default: self = hints.adobeTransform == 2 ? .ycck : .cmyk(inverted: hints.adobeTransform != nil)
        }
    }
}

/// Fixed-point YCbCr → RGB after `jdcolor.c`: 16 fractional bits, tables per chroma value,
/// rounding folded into the tables, so results match libjpeg-turbo bit for bit.
enum JPEGColorConverter {
    private static let scaleBits = 16
    private static let half = 1 << 15
    private static func fix(_ x: Double) -> Int { Int(x * Double(1 << 16) + 0.5) }

    /// R offset per Cr, B offset per Cb (rounded), G parts per Cb and Cr (unrounded, Cb carries the half).
    static let crToR: [Int32] = (0..<256).map { Int32((fix(1.40200) * ($0 - 128) + half) >> scaleBits) }
    static let cbToB: [Int32] = (0..<256).map { Int32((fix(1.77200) * ($0 - 128) + half) >> scaleBits) }
    static let crToG: [Int32] = (0..<256).map { Int32(-fix(0.71414) * ($0 - 128)) }
    static let cbToG: [Int32] = (0..<256).map { Int32(-fix(0.34414) * ($0 - 128) + half) }

    @inline(__always)
    static func clamp(_ v: Int32) -> UInt8 { UInt8(truncatingIfNeeded: v < 0 ? 0 : (v > 255 ? 255 : v)) }

    /// `a · b / 255` rounded, as Pillow's `MULDIV255`.
    @inline(__always)
    static func mulDiv255(_ a: Int32, _ b: Int32) -> UInt8 {
        let t = a &* b &+ 128
        return UInt8(truncatingIfNeeded: (t &+ (t &>> 8)) &>> 8)
    }

    /// Converts one row of full-resolution component samples to RGBA (alpha 255).
    static func convert(_ space: JPEGColorSpace, rows: [UnsafePointer<UInt8>], width: Int,
                        into out: UnsafeMutablePointer<UInt8>,
                        tables: (r: UnsafePointer<Int32>, b: UnsafePointer<Int32>,
                                 gr: UnsafePointer<Int32>, gb: UnsafePointer<Int32>)) {
        switch space {
        case .gray:
            let y = rows[0]
            for x in 0..<width {
                let v = y[x]
                out[4 * x] = v; out[4 * x + 1] = v; out[4 * x + 2] = v; out[4 * x + 3] = 255
            }
        case .rgb:
            let r = rows[0], g = rows[1], b = rows[2]
            for x in 0..<width {
                out[4 * x] = r[x]; out[4 * x + 1] = g[x]; out[4 * x + 2] = b[x]; out[4 * x + 3] = 255
            }
        case .yCbCr:
            // The hot loop: one 32-bit store per pixel, clamps as min/max (branch-free).
            let y = rows[0], cb = rows[1], cr = rows[2]
            let pixels = UnsafeMutableRawPointer(out)
            for x in 0..<width {
                let luma = Int32(y[x]), blue = Int(cb[x]), red = Int(cr[x])
                let r = UInt32(min(max(luma &+ tables.r[red], 0), 255))
                let g = UInt32(min(max(luma &+ ((tables.gb[blue] &+ tables.gr[red]) &>> 16), 0), 255))
                let b = UInt32(min(max(luma &+ tables.b[blue], 0), 255))
                let rgba = r | g << 8 | b << 16 | 0xFF00_0000
                pixels.storeBytes(of: rgba.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
            }
        case .cmyk(let inverted):
            // RGB = (255 − C)(255 − K)/255 with true ink values (as Pillow converts); Adobe
            // stores 255 − ink, which is the factor itself.
            let c = rows[0], m = rows[1], yy = rows[2], k = rows[3]
            let flip: Int32 = inverted ? 0 : 255
            @inline(__always) func factor(_ v: UInt8) -> Int32 { abs(flip - Int32(v)) }
            for x in 0..<width {
                let key = factor(k[x])
                out[4 * x] = mulDiv255(factor(c[x]), key)
                out[4 * x + 1] = mulDiv255(factor(m[x]), key)
                out[4 * x + 2] = mulDiv255(factor(yy[x]), key)
                out[4 * x + 3] = 255
            }
        case .ycck:
            // YCC → RGB gives the complement of the (inverted) CMY that Adobe stores.
            let y = rows[0], cb = rows[1], cr = rows[2], k = rows[3]
            for x in 0..<width {
                let luma = Int32(y[x]), blue = Int(cb[x]), red = Int(cr[x]), key = Int32(k[x])
                let r = clamp(luma &+ tables.r[red])
                let g = clamp(luma &+ ((tables.gb[blue] &+ tables.gr[red]) &>> 16))
                let b = clamp(luma &+ tables.b[blue])
                out[4 * x] = mulDiv255(255 - Int32(r), key)
                out[4 * x + 1] = mulDiv255(255 - Int32(g), key)
                out[4 * x + 2] = mulDiv255(255 - Int32(b), key)
                out[4 * x + 3] = 255
            }
        }
    }
}
