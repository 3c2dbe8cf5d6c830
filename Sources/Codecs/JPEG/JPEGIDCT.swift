import OspreyCore
/// The accurate integer inverse DCT (islow quality), with dequantisation folded in.
///
/// The factorisation is Loeffler–Ligtenberg–Moschytz as used by libjpeg's `jidctint.c`:
/// 13-bit fixed-point constants, two extra bits of precision kept between the column and
/// row passes, and rounding at each descale — so the output matches libjpeg-turbo's
/// default decode. Arithmetic wraps (`&+`, `&*`): only corrupt coefficients can overflow,
/// and they must not trap.
enum JPEGIDCT {
    static let constBits: Int32 = 13
    static let pass1Bits: Int32 = 2

    // cos-derived constants × 2^13.
    private static let f0_298631336: Int32 = 2446
    private static let f0_390180644: Int32 = 3196
    private static let f0_541196100: Int32 = 4433
    private static let f0_765366865: Int32 = 6270
    private static let f0_899976223: Int32 = 7373
    private static let f1_175875602: Int32 = 9633
    private static let f1_501321110: Int32 = 12299
    private static let f1_847759065: Int32 = 15137
    private static let f1_961570560: Int32 = 16069
    private static let f2_053119869: Int32 = 16819
    private static let f2_562915447: Int32 = 20995
    private static let f3_072711026: Int32 = 25172

    /// The 1-D transform of eight values; `d` = (x0 … x7) already scaled for the pass.
    /// Returns the eight outputs before the final descale.
    @inline(__always)
    private static func kernel(_ x0: Int32, _ x1: Int32, _ x2: Int32, _ x3: Int32,
                               _ x4: Int32, _ x5: Int32, _ x6: Int32, _ x7: Int32)
        -> (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) {
        // Even part.
        let z1 = (x2 &+ x6) &* f0_541196100
        let t2 = z1 &+ x6 &* (-f1_847759065)
        let t3 = z1 &+ x2 &* f0_765366865
        let t0 = (x0 &+ x4) &<< constBits
        let t1 = (x0 &- x4) &<< constBits
        let e10 = t0 &+ t3, e13 = t0 &- t3, e11 = t1 &+ t2, e12 = t1 &- t2
        // Odd part.
        var o0 = x7, o1 = x5, o2 = x3, o3 = x1
        var z1o = o0 &+ o3, z2o = o1 &+ o2, z3o = o0 &+ o2, z4o = o1 &+ o3
        let z5 = (z3o &+ z4o) &* f1_175875602
        o0 = o0 &* f0_298631336
        o1 = o1 &* f2_053119869
        o2 = o2 &* f3_072711026
        o3 = o3 &* f1_501321110
        z1o = z1o &* (-f0_899976223)
        z2o = z2o &* (-f2_562915447)
        z3o = z3o &* (-f1_961570560) &+ z5
        z4o = z4o &* (-f0_390180644) &+ z5
        o0 = o0 &+ z1o &+ z3o
        o1 = o1 &+ z2o &+ z4o
        o2 = o2 &+ z2o &+ z3o
        o3 = o3 &+ z1o &+ z4o
        return (e10 &+ o3, e11 &+ o2, e12 &+ o1, e13 &+ o0, e13 &- o0, e12 &- o1, e11 &- o2, e10 &- o3)
    }

    /// A level-shifted IDCT output as a sample, as libjpeg's range-limit table makes it: the
    /// value is taken modulo 1024 around the centre first (libjpeg indexes its table with
    /// `& RANGE_MASK`), then clamped to 0…255. Values within 512 of the centre — every
    /// undamaged block — are simply clamped; the wrap only shows on damaged data whose
    /// coefficients overflow, which then looks as it does in libjpeg-turbo.
    @inline(__always)
    static func rangeLimit(_ value: Int32) -> UInt8 {
        let wrapped = ((value &+ 384) & 1023) &- 384
        return UInt8(truncatingIfNeeded: wrapped < 0 ? 0 : (wrapped > 255 ? 255 : wrapped))
    }

    /// The transform of a block whose AC coefficients are all zero: every sample is the same.
    /// Computes exactly what ``transform(_:quant:output:stride:)`` would (its DC shortcuts in
    /// both passes), so the fast path changes no pixel.
    @inline(__always)
    static func fillDCOnly(_ dc: Int16, quant: Int32, output: UnsafeMutablePointer<UInt8>, stride: Int,
                           size: Int = 8) {
        // The reduced transforms (4 × 4, 2 × 2, 1 × 1) give the same value for a DC-only block:
        // (dc·q·4 + 16) >> 5 = (dc·q + 4) >> 3.
        let pass1 = (Int32(dc) &* quant) &<< pass1Bits
        let dcShift = pass1Bits + 3
        let sample = rangeLimit(((pass1 &+ (1 << (dcShift - 1))) &>> dcShift) &+ 128)
        for row in 0..<size { (output + row * stride).update(repeating: sample, count: size) }
    }

    /// The transform to `size` × `size` samples (8, or 4, 2, 1 for DCT scaling).
    @inline(__always)
    static func transform(_ coefficients: UnsafePointer<Int16>, quant: UnsafePointer<Int32>,
                          output: UnsafeMutablePointer<UInt8>, stride: Int, size: Int) {
        switch size {
        case 8: transformLanes(coefficients, quant: quant, output: output, stride: stride)
        case 4: transform4x4(coefficients, quant: quant, output: output, stride: stride)
        case 2: transform2x2(coefficients, quant: quant, output: output, stride: stride)
        default: fillDCOnly(coefficients[0], quant: quant[0], output: output, stride: stride, size: 1)
        }
    }

    /// Dequantises `coefficients` (natural order) with `quant`, transforms them and writes
    /// the 8 × 8 clamped samples to `output` (rows `stride` apart).
    @inline(__always)
    static func transform(_ coefficients: UnsafePointer<Int16>, quant: UnsafePointer<Int32>,
                          output: UnsafeMutablePointer<UInt8>, stride: Int) {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { workspace in
            let ws = workspace.baseAddress!
            // Pass 1: columns.
            for col in 0..<8 {
                @inline(__always) func q(_ row: Int) -> Int32 {
                    Int32(coefficients[row * 8 + col]) &* quant[row * 8 + col]
                }
                if coefficients[8 + col] == 0, coefficients[16 + col] == 0, coefficients[24 + col] == 0,
                   coefficients[32 + col] == 0, coefficients[40 + col] == 0, coefficients[48 + col] == 0,
                   coefficients[56 + col] == 0 {
                    let dc = q(0) &<< pass1Bits
                    for row in 0..<8 { ws[row * 8 + col] = dc }
                    continue
                }
                let r = kernel(q(0), q(1), q(2), q(3), q(4), q(5), q(6), q(7))
                let shift = constBits - pass1Bits
                let round: Int32 = 1 << (shift - 1)
                ws[col] = (r.0 &+ round) &>> shift
                ws[8 + col] = (r.1 &+ round) &>> shift
                ws[16 + col] = (r.2 &+ round) &>> shift
                ws[24 + col] = (r.3 &+ round) &>> shift
                ws[32 + col] = (r.4 &+ round) &>> shift
                ws[40 + col] = (r.5 &+ round) &>> shift
                ws[48 + col] = (r.6 &+ round) &>> shift
                ws[56 + col] = (r.7 &+ round) &>> shift
            }
            // Pass 2: rows, descaled by 2^(13 + 2 + 3) and level-shifted by +128.
            let shift = constBits + pass1Bits + 3
            let round: Int32 = (1 << (shift - 1)) &+ (128 << shift)
            for row in 0..<8 {
                let w = ws + row * 8
                let out = output + row * stride
                @inline(__always) func clamp(_ v: Int32) -> UInt8 { rangeLimit(v) }
                if w[1] == 0, w[2] == 0, w[3] == 0, w[4] == 0, w[5] == 0, w[6] == 0, w[7] == 0 {
                    let dcShift = pass1Bits + 3
                    let value = clamp(((w[0] &+ (1 << (dcShift - 1))) &>> dcShift) &+ 128)
                    for i in 0..<8 { out[i] = value }
                    continue
                }
                let r = kernel(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7])
                out[0] = clamp((r.0 &+ round) &>> shift)
                out[1] = clamp((r.1 &+ round) &>> shift)
                out[2] = clamp((r.2 &+ round) &>> shift)
                out[3] = clamp((r.3 &+ round) &>> shift)
                out[4] = clamp((r.4 &+ round) &>> shift)
                out[5] = clamp((r.5 &+ round) &>> shift)
                out[6] = clamp((r.6 &+ round) &>> shift)
                out[7] = clamp((r.7 &+ round) &>> shift)
            }
        }
    }
}
