import OspreyCore
/// The reduced-size inverse DCTs of DCT-scaled decoding: 4 × 4 and 2 × 2 samples straight from
/// an 8 × 8 block (1 × 1 is the DC alone, ``JPEGIDCT/fillDCOnly(_:quant:output:stride:size:)``).
///
/// The arithmetic is libjpeg-turbo's `jidctred.c` (Loeffler–Ligtenberg–Moschytz with each
/// 8-to-8 step replaced by 8-to-4 or 8-to-2 steps that give the averages of neighbouring
/// outputs; 13-bit constants, two bits kept between the passes), so a thumbnail's reduced
/// picture is the one libjpeg-turbo's `scale_num/scale_denom` decode gives. Coefficients that
/// the reduced output cannot show (column and row 4; for 2 × 2 also 2 and 6) are ignored.
/// Arithmetic wraps: only corrupt coefficients can overflow.
extension JPEGIDCT {
    // cos-derived constants × 2^13 (jidctred.c).
    private static let r0_211164243: Int32 = 1730
    private static let r0_509795579: Int32 = 4176
    private static let r0_601344887: Int32 = 4926
    private static let r0_720959822: Int32 = 5906
    private static let r0_765366865: Int32 = 6270
    private static let r0_850430095: Int32 = 6967
    private static let r0_899976223: Int32 = 7373
    private static let r1_061594337: Int32 = 8697
    private static let r1_272758580: Int32 = 10426
    private static let r1_451774981: Int32 = 11893
    private static let r1_847759065: Int32 = 15137
    private static let r2_172734803: Int32 = 17799
    private static let r2_562915447: Int32 = 20995
    private static let r3_624509785: Int32 = 29692

    @inline(__always)
    private static func clamp(_ v: Int32) -> UInt8 { rangeLimit(v) }

    /// Descale with rounding: `(x + 2^(n−1)) >> n`.
    @inline(__always)
    private static func descale(_ x: Int32, _ n: Int32) -> Int32 { (x &+ (1 &<< (n &- 1))) &>> n }

    /// The 4-point kernel on inputs 0, 2, 6 (even) and 1, 3, 5, 7 (odd); `shift` is the extra
    /// left shift of the even part (13 + 1). Returns outputs 0…3 before the descale.
    @inline(__always)
    private static func kernel4(_ x0: Int32, _ x1: Int32, _ x2: Int32, _ x3: Int32,
                                _ x5: Int32, _ x6: Int32, _ x7: Int32) -> (Int32, Int32, Int32, Int32) {
        let even0 = x0 &<< (constBits &+ 1)
        let even2 = x2 &* r1_847759065 &+ x6 &* (-r0_765366865)
        let t10 = even0 &+ even2, t12 = even0 &- even2
        let odd0 = x7 &* (-r0_211164243) &+ x5 &* r1_451774981 &+ x3 &* (-r2_172734803) &+ x1 &* r1_061594337
        let odd2 = x7 &* (-r0_509795579) &+ x5 &* (-r0_601344887) &+ x3 &* r0_899976223 &+ x1 &* r2_562915447
        return (t10 &+ odd2, t12 &+ odd0, t12 &- odd0, t10 &- odd2)
    }

    /// Dequantises and transforms `coefficients` to 4 × 4 samples (libjpeg-turbo `jpeg_idct_4x4`).
    static func transform4x4(_ coefficients: UnsafePointer<Int16>, quant: UnsafePointer<Int32>,
                             output: UnsafeMutablePointer<UInt8>, stride: Int) {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 32) { workspace in
            let ws = workspace.baseAddress!
            // Pass 1: columns 0–3 and 5–7 (column 4 does not reach the 4-point rows).
            for col in 0..<8 where col != 4 {
                @inline(__always) func q(_ row: Int) -> Int32 {
                    Int32(coefficients[row * 8 + col]) &* quant[row * 8 + col]
                }
                if coefficients[8 + col] == 0, coefficients[16 + col] == 0, coefficients[24 + col] == 0,
                   coefficients[40 + col] == 0, coefficients[48 + col] == 0, coefficients[56 + col] == 0 {
                    let dc = q(0) &<< pass1Bits
                    for row in 0..<4 { ws[row * 8 + col] = dc }
                    continue
                }
                let r = kernel4(q(0), q(1), q(2), q(3), q(5), q(6), q(7))
                let shift = constBits - pass1Bits + 1
                ws[col] = descale(r.0, shift)
                ws[8 + col] = descale(r.1, shift)
                ws[16 + col] = descale(r.2, shift)
                ws[24 + col] = descale(r.3, shift)
            }
            // Pass 2: four rows, descaled by 2^(13 + 2 + 3 + 1), level-shifted by +128.
            let shift = constBits + pass1Bits + 3 + 1
            for row in 0..<4 {
                let w = ws + row * 8
                let out = output + row * stride
                if w[1] == 0, w[2] == 0, w[3] == 0, w[5] == 0, w[6] == 0, w[7] == 0 {
                    let value = clamp(descale(w[0], pass1Bits + 3) &+ 128)
                    for i in 0..<4 { out[i] = value }
                    continue
                }
                let r = kernel4(w[0], w[1], w[2], w[3], w[5], w[6], w[7])
                out[0] = clamp(descale(r.0, shift) &+ 128)
                out[1] = clamp(descale(r.1, shift) &+ 128)
                out[2] = clamp(descale(r.2, shift) &+ 128)
                out[3] = clamp(descale(r.3, shift) &+ 128)
            }
        }
    }

    /// The 2-point odd part on inputs 1, 3, 5, 7.
    @inline(__always)
    private static func odd2(_ x1: Int32, _ x3: Int32, _ x5: Int32, _ x7: Int32) -> Int32 {
        x7 &* (-r0_720959822) &+ x5 &* r0_850430095 &+ x3 &* (-r1_272758580) &+ x1 &* r3_624509785
    }

    /// Dequantises and transforms `coefficients` to 2 × 2 samples (libjpeg-turbo `jpeg_idct_2x2`).
    static func transform2x2(_ coefficients: UnsafePointer<Int16>, quant: UnsafePointer<Int32>,
                             output: UnsafeMutablePointer<UInt8>, stride: Int) {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 16) { workspace in
            let ws = workspace.baseAddress!
            // Pass 1: columns 0, 1, 3, 5, 7 (the even ones past 0 do not reach 2 points).
            for col in 0..<8 where col == 0 || col & 1 == 1 {
                @inline(__always) func q(_ row: Int) -> Int32 {
                    Int32(coefficients[row * 8 + col]) &* quant[row * 8 + col]
                }
                if coefficients[8 + col] == 0, coefficients[24 + col] == 0, coefficients[40 + col] == 0,
                   coefficients[56 + col] == 0 {
                    let dc = q(0) &<< pass1Bits
                    ws[col] = dc
                    ws[8 + col] = dc
                    continue
                }
                let even = q(0) &<< (constBits &+ 2)
                let odd = odd2(q(1), q(3), q(5), q(7))
                let shift = constBits - pass1Bits + 2
                ws[col] = descale(even &+ odd, shift)
                ws[8 + col] = descale(even &- odd, shift)
            }
            // Pass 2: two rows, descaled by 2^(13 + 2 + 3 + 2), level-shifted by +128.
            let shift = constBits + pass1Bits + 3 + 2
            for row in 0..<2 {
                let w = ws + row * 8
                let out = output + row * stride
                if w[1] == 0, w[3] == 0, w[5] == 0, w[7] == 0 {
                    let value = clamp(descale(w[0], pass1Bits + 3) &+ 128)
                    out[0] = value
                    out[1] = value
                    continue
                }
                let even = w[0] &<< (constBits &+ 2)
                let odd = odd2(w[1], w[3], w[5], w[7])
                out[0] = clamp(descale(even &+ odd, shift) &+ 128)
                out[1] = clamp(descale(even &- odd, shift) &+ 128)
            }
        }
    }
}
