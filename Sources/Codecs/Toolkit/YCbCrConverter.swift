import OspreyCore
/// YCbCr → RGB in integer fixed point, row by row, for JPEG and lossy WebP.
///
/// Two matrices, each bit-exact with its format's reference decoder:
/// - ``Matrix/jfif``: JPEG/JFIF full range (Y, Cb, Cr all 0…255, ITU-R BT.601 coefficients),
///   16-bit fixed point with libjpeg-turbo's rounding (`jdcolor.c`):
///   R = Y + 1.402·Cr′, G = Y − 0.34414·Cb′ − 0.71414·Cr′, B = Y + 1.772·Cb′ (Cx′ = Cx − 128).
/// - ``Matrix/webp``: VP8 "studio" range (Y 16…235, U/V 16…240), libwebp's 14-bit multipliers
///   with a 6-bit result (`dsp/yuv.h`): R = 1.164·(Y−16) + 1.596·(V−128), and so on.
enum YCbCrConverter {
    /// Which conversion a format defines.
    enum Matrix: Sendable {
        /// JPEG (JFIF), full range.
        case jfif
        /// WebP lossy (VP8), limited range.
        case webp
    }

    /// Writes `count` RGBA pixels (alpha 255) to `rgba` from full-resolution `y`, `cb`, `cr` rows.
    static func convertRow(y: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>,
                                   into rgba: UnsafeMutablePointer<UInt8>, count: Int, matrix: Matrix) {
        switch matrix {
        case .jfif:
            convertJFIFRow(y: y, cb: cb, cr: cr, into: rgba, count: count)
        case .webp:
            let pixels = UnsafeMutableRawPointer(rgba)
            for i in 0..<count {
                let (r, g, b) = webp(y: Int(y[i]), u: Int(cb[i]), v: Int(cr[i]))
                let rgba = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000
                pixels.storeBytes(of: rgba.littleEndian, toByteOffset: i &* 4, as: UInt32.self)
            }
        }
    }

    /// One JFIF pixel (libjpeg-turbo `ycc_rgb_convert`: `FIX(x) = round(x·2¹⁶)`, `ONE_HALF` rounding).
    @inline(__always)
    static func jfif(y: Int, cb: Int, cr: Int) -> (UInt8, UInt8, UInt8) {
        let cb = cb &- 128, cr = cr &- 128
        let red = y &+ ((91_881 &* cr &+ 32_768) >> 16)
        let green = y &+ ((-22_554 &* cb &- 46_802 &* cr &+ 32_768) >> 16)
        let blue = y &+ ((116_130 &* cb &+ 32_768) >> 16)
        return (clamp(red), clamp(green), clamp(blue))
    }

    /// One VP8 pixel (libwebp `VP8YUVToR/G/B`: `MultHi(v, c) = v·c >> 8`, result `>> 6`).
    @inline(__always)
    static func webp(y: Int, u: Int, v: Int) -> (UInt8, UInt8, UInt8) {
        let luma = (y &* 19_077) >> 8
        let red = luma &+ ((v &* 26_149) >> 8) &- 14_234
        let green = luma &- ((u &* 6_419) >> 8) &- ((v &* 13_320) >> 8) &+ 8_708
        let blue = luma &+ ((u &* 33_050) >> 8) &- 17_685
        return (clamp(red >> 6), clamp(green >> 6), clamp(blue >> 6))
    }

    @inline(__always)
    private static func clamp(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: value < 0 ? 0 : value > 255 ? 255 : value)
    }
}
