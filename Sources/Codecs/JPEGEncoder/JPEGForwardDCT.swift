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
/// samples run from −128 to 127). Only the rotation products need 32 bits: each is a 16 × 16 →
/// 32-bit multiply of a widened lane by a 13-bit constant (SSE2 has that as a `pmullw`/`pmulhw`
/// pair, while it has no general 32-bit multiply), summed and descaled in 32 bits, then narrowed
/// back (LLVM makes these `pmaddwd`, as libjpeg-turbo's SIMD code uses). The result is bit for
/// bit the 32-bit arithmetic, at half the vector work. The passes run columns first (libjpeg
/// does rows first), which saves a transpose; the intermediate rounding then differs, so a
/// coefficient can differ from libjpeg's by one unit before quantisation — a difference that
/// quantisation almost always removes (file sizes match libjpeg-turbo's within 0.3 %). The
/// output is 8× the orthonormal DCT, as in libjpeg, and the quantiser's divisors carry that
/// factor.
enum JPEGForwardDCT {
    typealias Lanes = SIMD8<Int16>
    typealias Wide = SIMD8<Int32>
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

    /// `x · c` for a constant `c` of at most 15 bits, in 32 bits.
    @inline(__always)
    private static func product(_ x: Lanes, _ c: Int32) -> Wide {
        widen(x) &* Wide(repeating: c)
    }

    /// Rounds `x` down by `n` bits and narrows it (the results fit in 16 bits).
    @inline(__always)
    private static func descale(_ x: Wide, _ n: Int32) -> Lanes {
        let v = (x &+ Wide(repeating: 1 &<< (n &- 1))) &>> Wide(repeating: n)
        return Lanes(Int16(truncatingIfNeeded: v[0]), Int16(truncatingIfNeeded: v[1]),
                     Int16(truncatingIfNeeded: v[2]), Int16(truncatingIfNeeded: v[3]),
                     Int16(truncatingIfNeeded: v[4]), Int16(truncatingIfNeeded: v[5]),
                     Int16(truncatingIfNeeded: v[6]), Int16(truncatingIfNeeded: v[7]))
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
        let evenShift = first ? constBits &- Int32(pass1Bits) : constBits &+ Int32(pass1Bits)
        if first {
            d.0 = (tmp10 &+ tmp11) &<< pass1Bits
            d.4 = (tmp10 &- tmp11) &<< pass1Bits
        } else {
            let round = Lanes(repeating: 1 &<< (pass1Bits &- 1))
            d.0 = (tmp10 &+ tmp11 &+ round) &>> pass1Bits
            d.4 = (tmp10 &- tmp11 &+ round) &>> pass1Bits
        }
        let z1 = product(tmp12 &+ tmp13, fix0_541196100)
        d.2 = descale(z1 &+ product(tmp13, fix0_765366865), evenShift)
        d.6 = descale(z1 &- product(tmp12, fix1_847759065), evenShift)

        let y1 = tmp4 &+ tmp7, y2 = tmp5 &+ tmp6, y3 = tmp4 &+ tmp6, y4 = tmp5 &+ tmp7
        let z5 = product(y3 &+ y4, fix1_175875602)
        let t4 = product(tmp4, fix0_298631336), t5 = product(tmp5, fix2_053119869)
        let t6 = product(tmp6, fix3_072711026), t7 = product(tmp7, fix1_501321110)
        let m1 = product(y1, -fix0_899976223), m2 = product(y2, -fix2_562915447)
        let m3 = product(y3, -fix1_961570560) &+ z5, m4 = product(y4, -fix0_390180644) &+ z5
        d.7 = descale(t4 &+ m1 &+ m3, evenShift)
        d.5 = descale(t5 &+ m2 &+ m4, evenShift)
        d.3 = descale(t6 &+ m2 &+ m3, evenShift)
        d.1 = descale(t7 &+ m1 &+ m4, evenShift)
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
    /// i + 4) move lane x of vector y to lane y of vector x.
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
                     Int16(x[4]), Int16(x[5]), Int16(x[6]), Int16(x[7])) &- 128
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
        // Vector v (vertical frequency) lane x → vector x lane v.
        transpose(&d)
        pass(&d, first: false)
        return d
    }
}
