/// The forward DCT of one 8×8 block, in 16-bit lanes, eight lines at a time.
///
/// The transform is libjpeg's accurate integer DCT ("islow", `jfdctint.c`: the Loeffler–
/// Ligtenberg–Moschytz factorisation with 13-bit constants and two extra bits kept between the
/// passes), chosen over the AAN "ifast" variant because it is what libjpeg-turbo, Pillow and
/// imagecodecs use by default: matching their transform keeps Osprey's PSNR at a given quality
/// equal to theirs, while AAN loses accuracy at high qualities.
///
/// Why 16-bit lanes suffice: on 8-bit samples every butterfly value of islow fits in an
/// `Int16` (the first pass's outputs are at most 8 · 128 · 4 = 4096 in magnitude; a second-pass
/// sum of eight of them is bounded by 4 · 8 · 1024 = 32 768 and reaches only −32 768, because
/// samples run from −128 to 127). Only the rotations need 32 bits. Each rotation output is a sum
/// of two products, a · c₀ + b · c₁ (the factorisation's shared products folded into the
/// constant pairs, as libjpeg-turbo's SIMD code does), which is exactly SSE2's `pmaddwd` on the
/// lanes of a and b interleaved: one instruction makes four 32-bit outputs. The sums are
/// descaled in 32 bits and narrowed back. The result is bit for bit the 32-bit arithmetic. The passes run columns first (libjpeg
/// does rows first), which saves a transpose; the intermediate rounding then differs, so a
/// coefficient can differ from libjpeg's by one unit before quantisation — a difference that
/// quantisation almost always removes (file sizes match libjpeg-turbo's within 0.3 %). The
/// output is 8× the orthonormal DCT, as in libjpeg, and the quantiser's divisors carry that
/// factor.
enum JPEGForwardDCT {
    typealias Lanes = SIMD8<Int16>
    typealias Wide = SIMD8<Int32>
    typealias Quad = SIMD4<Int32>
    typealias Block = (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes)

    private static let constBits: Int32 = 13
    private static let pass1Bits: Int16 = 2

    // round(x · 2¹³) for the rotation constants of the factorisation.
    private static let fix0_298631336: Int32 = 2446
    private static let fix0_390180644: Int32 = 3196
    private static let fix0_541196100: Int32 = 4433
    private static let fix0_765366865: Int32 = 6270
    private static let fix0_899976223: Int32 = 7373
    private static let fix1_175875602: Int32 = 9633
    private static let fix1_501321110: Int32 = 12299
    private static let fix1_847759065: Int32 = 15137
    private static let fix1_961570560: Int32 = 16069
    private static let fix2_053119869: Int32 = 16819
    private static let fix2_562915447: Int32 = 20995
    private static let fix3_072711026: Int32 = 25172

    /// Sign-extends eight lanes. Written lane by lane, which LLVM turns into unpacks (the
    /// generic conversion can stay a loop), and which lets it see that a following multiply by
    /// a 16-bit constant needs only 16 × 16-bit products.
    @inline(__always)
    private static func widen(_ x: Lanes) -> Wide {
        Wide(Int32(x[0]), Int32(x[1]), Int32(x[2]), Int32(x[3]), Int32(x[4]), Int32(x[5]), Int32(x[6]), Int32(x[7]))
    }

    /// x₂ᵢ · c₀ + x₂ᵢ₊₁ · c₁ for i = 0…3, constants of at most 15 bits and sign.
    ///
    /// Written as the sign-extended 8-lane product followed by the sum of its even and odd
    /// lanes: the shape LLVM's x86 back end folds into one `pmaddwd`, the negative constants
    /// included. (Multiplying a widened lane by a splatted constant instead lets LLVM pick
    /// shifts or 32-bit multiplies for some constants, and loses the pairing.)
    @inline(__always)
    private static func multiplyAdd(_ x: Lanes, _ c0: Int32, _ c1: Int32) -> Quad {
        let p = widen(x) &* Wide(c0, c1, c0, c1, c0, c1, c0, c1)
        return Quad(p[0], p[2], p[4], p[6]) &+ Quad(p[1], p[3], p[5], p[7])
    }

    /// a · c₀ + b · c₁ for all eight lanes, in 32 bits (lanes 0–3, lanes 4–7).
    @inline(__always)
    private static func rotate(_ a: Lanes, _ b: Lanes, _ c0: Int32, _ c1: Int32) -> (Quad, Quad) {
        (multiplyAdd(zipLow(a, b), c0, c1), multiplyAdd(zipHigh(a, b), c0, c1))
    }

    @inline(__always)
    private static func sum(_ x: (Quad, Quad), _ y: (Quad, Quad)) -> (Quad, Quad) { (x.0 &+ y.0, x.1 &+ y.1) }

    /// Rounds `x` down by `n` bits and narrows it (the results fit in 16 bits).
    @inline(__always)
    private static func descale(_ x: (Quad, Quad), _ n: Int32) -> Lanes {
        let r = Quad(repeating: 1 &<< (n &- 1)), s = Quad(repeating: n)
        let a = (x.0 &+ r) &>> s, b = (x.1 &+ r) &>> s
        return Lanes(Int16(truncatingIfNeeded: a[0]), Int16(truncatingIfNeeded: a[1]),
                     Int16(truncatingIfNeeded: a[2]), Int16(truncatingIfNeeded: a[3]),
                     Int16(truncatingIfNeeded: b[0]), Int16(truncatingIfNeeded: b[1]),
                     Int16(truncatingIfNeeded: b[2]), Int16(truncatingIfNeeded: b[3]))
    }

    /// One 1-D pass over eight vectors (the eight samples of each lane's line), in place.
    /// `first` selects the first pass's scaling (keep `pass1Bits` extra bits) or the second's.
    @inline(__always)
    private static func pass(_ d: inout Block, first: Bool) {
        let tmp0 = d.0 &+ d.7, tmp7 = d.0 &- d.7
        let tmp1 = d.1 &+ d.6, tmp6 = d.1 &- d.6
        let tmp2 = d.2 &+ d.5, tmp5 = d.2 &- d.5
        let tmp3 = d.3 &+ d.4, tmp4 = d.3 &- d.4

        let tmp10 = tmp0 &+ tmp3, tmp13 = tmp0 &- tmp3
        let tmp11 = tmp1 &+ tmp2, tmp12 = tmp1 &- tmp2
        let shift = first ? constBits &- Int32(pass1Bits) : constBits &+ Int32(pass1Bits)
        if first {
            d.0 = (tmp10 &+ tmp11) &<< pass1Bits
            d.4 = (tmp10 &- tmp11) &<< pass1Bits
        } else {
            let round = Lanes(repeating: 1 &<< (pass1Bits &- 1))
            d.0 = (tmp10 &+ tmp11 &+ round) &>> pass1Bits
            d.4 = (tmp10 &- tmp11 &+ round) &>> pass1Bits
        }
        // Even part: z1 = (tmp12 + tmp13) · c folded into the constant pairs.
        d.2 = descale(rotate(tmp13, tmp12, fix0_541196100 + fix0_765366865, fix0_541196100), shift)
        d.6 = descale(rotate(tmp13, tmp12, fix0_541196100, fix0_541196100 - fix1_847759065), shift)

        // Odd part: islow's z1 · −c and z2 · −c products are folded into the pairs below,
        // and its z5 = (z3 + z4) · c into the (z3, z4) pairs.
        let z3 = tmp4 &+ tmp6, z4 = tmp5 &+ tmp7
        let r3 = rotate(z3, z4, fix1_175875602 - fix1_961570560, fix1_175875602)
        let r4 = rotate(z3, z4, fix1_175875602, fix1_175875602 - fix0_390180644)
        d.7 = descale(sum(rotate(tmp4, tmp7, fix0_298631336 - fix0_899976223, -fix0_899976223), r3), shift)
        d.1 = descale(sum(rotate(tmp4, tmp7, -fix0_899976223, fix1_501321110 - fix0_899976223), r4), shift)
        d.5 = descale(sum(rotate(tmp5, tmp6, fix2_053119869 - fix2_562915447, -fix2_562915447), r4), shift)
        d.3 = descale(sum(rotate(tmp5, tmp6, -fix2_562915447, fix3_072711026 - fix2_562915447), r3), shift)
    }

    /// Lanes 0–3 of `a` and `b` interleaved (SSE2's `punpcklwd`).
    @inline(__always)
    private static func zipLow(_ a: Lanes, _ b: Lanes) -> Lanes {
        Lanes(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3])
    }

    /// Lanes 4–7 of `a` and `b` interleaved (`punpckhwd`).
    @inline(__always)
    private static func zipHigh(_ a: Lanes, _ b: Lanes) -> Lanes {
        Lanes(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
    }

    /// Transposes the 8 × 8 block: three rounds of the perfect shuffle (row i zipped with row
    /// i + 4) move lane x of vector y to lane y of vector x. Kept a loop: written out three
    /// times, LLVM merges the rounds into lane extracts and inserts.
    @inline(__always)
    static func transpose(_ r: inout Block) {
        for _ in 0..<3 {
            r = (zipLow(r.0, r.4), zipHigh(r.0, r.4), zipLow(r.1, r.5), zipHigh(r.1, r.5),
                 zipLow(r.2, r.6), zipHigh(r.2, r.6), zipLow(r.3, r.7), zipHigh(r.3, r.7))
        }
    }

    @inline(__always)
    private static func loadRow(_ p: UnsafePointer<UInt8>) -> Lanes {
        let x = UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt8>.self)
        return Lanes(Int16(x[0]), Int16(x[1]), Int16(x[2]), Int16(x[3]),
                     Int16(x[4]), Int16(x[5]), Int16(x[6]), Int16(x[7]))
    }

    /// Transforms the 8×8 samples at `samples` (rows `stride` bytes apart). The result is
    /// transposed: vector u (horizontal frequency) holds coefficient (v, u) in lane v.
    @inline(__always)
    static func transform(_ samples: UnsafePointer<UInt8>, stride: Int) -> Block {
        // Vertical pass first: each vector is one row, so lane x runs down column x.
        var d = (loadRow(samples), loadRow(samples + stride), loadRow(samples + 2 &* stride),
                 loadRow(samples + 3 &* stride), loadRow(samples + 4 &* stride), loadRow(samples + 5 &* stride),
                 loadRow(samples + 6 &* stride), loadRow(samples + 7 &* stride))
        pass(&d, first: true)
        // The level shift (samples − 128), done once: every other output of the first pass is
        // a difference of samples, in which it cancels; the DC sum of eight rows, scaled by
        // 2^pass1Bits, carries it as −128 · 8 · 4. (The unshifted sums stay within 16 bits.)
        d.0 &-= Lanes(repeating: (128 &* 8) &<< pass1Bits)
        // Vector v (vertical frequency) lane x → vector x lane v.
        transpose(&d)
        pass(&d, first: false)
        return d
    }
}
