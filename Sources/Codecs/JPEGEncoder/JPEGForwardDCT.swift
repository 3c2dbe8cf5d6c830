/// The forward DCT and quantisation of one 8×8 block, eight lanes at a time.
///
/// The transform is libjpeg's accurate integer DCT ("islow", `jfdctint.c`: the Loeffler–
/// Ligtenberg–Moschytz factorisation with 13-bit constants and two extra bits kept between the
/// passes), chosen over the AAN "ifast" variant because it is what libjpeg-turbo, Pillow and
/// imagecodecs use by default: matching their transform keeps Osprey's PSNR at a given quality
/// equal to theirs, while AAN loses accuracy at high qualities. It is separable, so each pass
/// runs on eight rows (or columns) at once in `SIMD8<Int32>` lanes; a transpose sits between.
/// The output is 8× the orthonormal DCT, as in libjpeg, and the divisors carry that factor.
enum JPEGForwardDCT {
    typealias Lanes = SIMD8<Int32>

    private static let constBits: Int32 = 13
    private static let pass1Bits: Int32 = 2

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

    @inline(__always)
    private static func descale(_ x: Lanes, _ n: Int32) -> Lanes {
        (x &+ Lanes(repeating: 1 &<< (n &- 1))) &>> Lanes(repeating: n)
    }

    /// One 1-D pass over eight vectors (the eight samples of each lane's line), in place.
    /// `first` selects the first pass's scaling (keep `pass1Bits` extra bits) or the second's.
    @inline(__always)
    private static func pass(_ d: inout (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes), first: Bool) {
        let tmp0 = d.0 &+ d.7, tmp7 = d.0 &- d.7
        let tmp1 = d.1 &+ d.6, tmp6 = d.1 &- d.6
        let tmp2 = d.2 &+ d.5, tmp5 = d.2 &- d.5
        let tmp3 = d.3 &+ d.4, tmp4 = d.3 &- d.4

        let tmp10 = tmp0 &+ tmp3, tmp13 = tmp0 &- tmp3
        let tmp11 = tmp1 &+ tmp2, tmp12 = tmp1 &- tmp2
        let evenShift = first ? constBits &- pass1Bits : constBits &+ pass1Bits
        if first {
            d.0 = (tmp10 &+ tmp11) &<< Lanes(repeating: pass1Bits)
            d.4 = (tmp10 &- tmp11) &<< Lanes(repeating: pass1Bits)
        } else {
            d.0 = descale(tmp10 &+ tmp11, pass1Bits)
            d.4 = descale(tmp10 &- tmp11, pass1Bits)
        }
        let z1 = (tmp12 &+ tmp13) &* fix0_541196100
        d.2 = descale(z1 &+ tmp13 &* fix0_765366865, evenShift)
        d.6 = descale(z1 &- tmp12 &* fix1_847759065, evenShift)

        let y1 = tmp4 &+ tmp7, y2 = tmp5 &+ tmp6, y3 = tmp4 &+ tmp6, y4 = tmp5 &+ tmp7
        let z5 = (y3 &+ y4) &* fix1_175875602
        let t4 = tmp4 &* fix0_298631336, t5 = tmp5 &* fix2_053119869
        let t6 = tmp6 &* fix3_072711026, t7 = tmp7 &* fix1_501321110
        let m1 = y1 &* -fix0_899976223, m2 = y2 &* -fix2_562915447
        let m3 = y3 &* -fix1_961570560 &+ z5, m4 = y4 &* -fix0_390180644 &+ z5
        d.7 = descale(t4 &+ m1 &+ m3, evenShift)
        d.5 = descale(t5 &+ m2 &+ m4, evenShift)
        d.3 = descale(t6 &+ m2 &+ m3, evenShift)
        d.1 = descale(t7 &+ m1 &+ m4, evenShift)
    }

    @inline(__always)
    private static func loadRow(_ p: UnsafePointer<UInt8>) -> Lanes {
        let x = UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt8>.self)
        return Lanes(Int32(x[0]), Int32(x[1]), Int32(x[2]), Int32(x[3]),
                     Int32(x[4]), Int32(x[5]), Int32(x[6]), Int32(x[7])) &- 128
    }

    /// Transforms the 8×8 samples at `samples` (rows `stride` bytes apart), quantises them
    /// with `reciprocals` (from ``JPEGQuantizer``) and writes the 64 coefficients in zigzag
    /// order to `out`.
    @inline(__always)
    static func transform(_ samples: UnsafePointer<UInt8>, stride: Int, quantizer: JPEGQuantizer,
                          scratch: UnsafeMutablePointer<Int32>, into out: UnsafeMutablePointer<Int16>) {
        // Vertical pass first: each vector is one row, so lane x runs down column x.
        var d = (loadRow(samples), loadRow(samples + stride), loadRow(samples + 2 &* stride),
                 loadRow(samples + 3 &* stride), loadRow(samples + 4 &* stride), loadRow(samples + 5 &* stride),
                 loadRow(samples + 6 &* stride), loadRow(samples + 7 &* stride))
        pass(&d, first: true)
        // Transpose through the scratch: vector v (vertical frequency) lane x → column vector x lane v.
        let raw = UnsafeMutableRawPointer(scratch)
        raw.storeBytes(of: d.0, toByteOffset: 0, as: Lanes.self)
        raw.storeBytes(of: d.1, toByteOffset: 32, as: Lanes.self)
        raw.storeBytes(of: d.2, toByteOffset: 64, as: Lanes.self)
        raw.storeBytes(of: d.3, toByteOffset: 96, as: Lanes.self)
        raw.storeBytes(of: d.4, toByteOffset: 128, as: Lanes.self)
        raw.storeBytes(of: d.5, toByteOffset: 160, as: Lanes.self)
        raw.storeBytes(of: d.6, toByteOffset: 192, as: Lanes.self)
        raw.storeBytes(of: d.7, toByteOffset: 224, as: Lanes.self)
        @inline(__always) func column(_ x: Int) -> Lanes {
            Lanes(scratch[x], scratch[8 &+ x], scratch[16 &+ x], scratch[24 &+ x],
                  scratch[32 &+ x], scratch[40 &+ x], scratch[48 &+ x], scratch[56 &+ x])
        }
        var e = (column(0), column(1), column(2), column(3), column(4), column(5), column(6), column(7))
        pass(&e, first: false)
        // Now vector u (horizontal frequency) holds coefficient (v, u) in lane v.
        quantizer.quantize(e, into: out)
    }
}
