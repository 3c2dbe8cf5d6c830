import OspreyCore

/// An RGB colour space reduced to what conversion needs: a matrix/TRC model (three curves to
/// linear light, then colorants to XYZ D50) or an `A2B0` table pipeline.
enum ColorTransformSource: Sendable {
    case matrix(ColorMatrix, [ICCCurve])
    case lut(ICCLutPipeline)

    /// The transform littleCMS would use for relative colorimetric input: `A2B0` when present
    /// and readable, else the matrix/TRC tags. Nil for non-RGB profiles and those with neither.
    /// With `gray` (the pixels are gray, R = G = B): the `GRAY` profile's `kTRC` instead
    /// (``gray(_:)``), nil for any other profile.
    init?(profile: ICCProfile, gray: Bool = false) {
        if gray {
            // A gray table-based (`A2B0`) profile is rare and not converted: left as decoded.
            guard profile.colorSpace == fourCC("GRAY"), let curve = profile.curve("kTRC") else { return nil }
            self = Self.gray(curve)
            return
        }
        guard profile.colorSpace == fourCC("RGB ") else { return nil }
        if profile.tags[fourCC("A2B0")] != nil, let lut = ICCLutPipeline(profile: profile) {
            self = .lut(lut)
            return
        }
        guard let r = profile.xyz("rXYZ"), let g = profile.xyz("gXYZ"), let b = profile.xyz("bXYZ"),
              let rc = profile.curve("rTRC"), let gc = profile.curve("gTRC"), let bc = profile.curve("bTRC") else {
            return nil
        }
        let colorants = ColorMatrix(columns: r, g, b)
        guard colorants.inverse != nil else { return nil }
        self = .matrix(colorants, [rc, gc, bc])
    }

    /// The transform an image's colour information asks for, or nil when none is needed or
    /// possible (no information, sRGB, HDR transfer functions, unreadable profile, an ICC
    /// profile of the other colour model than the pixels', which libpng and browsers ignore).
    /// `gray`: the image is gray (its RGBA rows have R = G = B).
    init?(_ profile: ImageColorProfile, gray: Bool = false) {
        guard !profile.isSRGB else { return nil }
        if let cicp = profile.cicp {
            guard let source = Self.cicp(cicp) else { return nil }
            self = source
            return
        }
        if let data = profile.iccData {
            guard let icc = ICCProfile([UInt8](data)), let source = ColorTransformSource(profile: icc, gray: gray) else {
                return nil
            }
            self = source
            return
        }
        guard profile.srgbIntent == nil, profile.pngGamma != nil || profile.pngChromaticities != nil else { return nil }
        let curve: ICCCurve = profile.pngGamma.map { $0 == 0 ? .sRGB : .gamma(100000 / Double($0)) } ?? .sRGB
        var colorants = ColorMatrix.sRGBColorants
        if let c = profile.pngChromaticities, c.count == 8 {
            let v = c.map { Double($0) / 100000 }
            guard let m = ColorMatrix.colorants(red: (v[2], v[3]), green: (v[4], v[5]), blue: (v[6], v[7]),
                                                white: (v[0], v[1])) else { return nil }
            colorants = m
        }
        self = .matrix(colorants, [curve, curve, curve])
    }

    /// A gray profile as a matrix/TRC model for gray RGBA pixels: the ICC connection space
    /// takes gray as luminance on the D50 white (XYZ = kTRC(gray) × D50, as littleCMS builds a
    /// gray input pipeline), so each colorant is a third of D50 and R = G = B sum to it. sRGB's
    /// colorants map D50 to its white, so the result is gray again: sRGB-encoded kTRC(gray).
    private static func gray(_ curve: ICCCurve) -> ColorTransformSource {
        let third = ColorMatrix.d50 / 3
        return .matrix(ColorMatrix(columns: third, third, third), [curve, curve, curve])
    }

    /// H.273 colour primaries (x, y of red, green, blue, white) this converter knows.
    private static let cicpPrimaries: [UInt8: [Double]] = [
        1: [0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290],            // BT.709 / sRGB
        9: [0.708, 0.292, 0.170, 0.797, 0.131, 0.046, 0.3127, 0.3290],      // BT.2020
        11: [0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.314, 0.351],       // DCI-P3 (SMPTE RP 431-2)
        12: [0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290],     // Display P3 (SMPTE EG 432-1)
    ]

    /// A `cICP` chunk (primaries, transfer, matrix, full range) as a matrix/TRC model. Only
    /// RGB (matrix 0), full-range, SDR transfers are converted; PQ and HLG need tone mapping
    /// and are left alone.
    private static func cicp(_ cicp: [UInt8]) -> ColorTransformSource? {
        guard cicp.count == 4, cicp[2] == 0, cicp[3] == 1, let p = cicpPrimaries[cicp[0]] else { return nil }
        let curve: ICCCurve
        switch cicp[1] {
        case 13: curve = .sRGB
        case 8: curve = .identity
        case 4: curve = .gamma(2.2)
        case 5: curve = .gamma(2.8)
        case 1, 6, 14, 15:   // the BT.709 OETF, inverted
            curve = .parametric(kind: 3, g: 1 / 0.45, a: 1 / 1.099, b: 0.099 / 1.099, c: 1 / 4.5, d: 0.081, e: 0, f: 0)
        default: return nil
        }
        guard let colorants = ColorMatrix.colorants(red: (p[0], p[1]), green: (p[2], p[3]), blue: (p[4], p[5]),
                                                    white: (p[6], p[7])) else { return nil }
        return .matrix(colorants, [curve, curve, curve])
    }
}
