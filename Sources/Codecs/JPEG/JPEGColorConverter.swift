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

/// Component rows → RGBA for every JPEG colour space. YCbCr goes through the toolkit's
/// ``YCbCrConverter`` (eight pixels at a time, libjpeg-turbo's `jdcolor.c` arithmetic); CMYK
/// and YCCK are multiplied out as Pillow does.
enum JPEGColorConverter {
    /// `a · b / 255` rounded, as Pillow's `MULDIV255`.
    @inline(__always)
    static func mulDiv255(_ a: Int32, _ b: Int32) -> UInt8 {
        let t = a &* b &+ 128
        return UInt8(truncatingIfNeeded: (t &+ (t &>> 8)) &>> 8)
    }

    /// Converts one row of full-resolution component samples to RGBA (alpha 255).
    static func convert(_ space: JPEGColorSpace, rows: UnsafeBufferPointer<UnsafePointer<UInt8>>, width: Int,
                        into out: UnsafeMutablePointer<UInt8>) {
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
            YCbCrConverter.convertRow(y: rows[0], cb: rows[1], cr: rows[2], into: out, count: width, matrix: .jfif)
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
                let (r, g, b) = YCbCrConverter.jfif(y: Int(y[x]), cb: Int(cb[x]), cr: Int(cr[x]))
                let key = Int32(k[x])
                out[4 * x] = mulDiv255(255 - Int32(r), key)
                out[4 * x + 1] = mulDiv255(255 - Int32(g), key)
                out[4 * x + 2] = mulDiv255(255 - Int32(b), key)
                out[4 * x + 3] = 255
            }
        }
    }
}
