import OspreyCore
/// The accurate integer IDCT of ``JPEGIDCT`` computed eight lanes at a time: the column pass
/// with one lane per column, a transpose, the row pass with one lane per row, and a transpose
/// back for the stores. Every lane does the scalar transform's exact arithmetic (the same
/// constants, wrapping operations and descales), so the samples are bit for bit the scalar
/// ones — and libjpeg-turbo's. The scalar version's zero-column and zero-row shortcuts are
/// exact shortcuts of the same formula (an all-zero AC part descales to the DC term), so
/// computing every lane in full changes nothing — wherever the 32-bit sums do not overflow,
/// which only corrupt coefficients make them do (then the two differ, both meaningless).
/// Measured on this x86-64 baseline build (SSE2: 32-bit lane products are emulated), about
/// 2 × faster than the scalar transform on dense blocks.
extension JPEGIDCT {
    typealias Lanes = SIMD8<Int32>

    /// The 1-D kernel on eight lanes: inputs x0…x7, outputs before the descale.
    @inline(__always)
    private static func kernel(_ x0: Lanes, _ x1: Lanes, _ x2: Lanes, _ x3: Lanes,
                               _ x4: Lanes, _ x5: Lanes, _ x6: Lanes, _ x7: Lanes)
        -> (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes) {
        // Even part.
        let z1 = (x2 &+ x6) &* 4433                     // 0.541196100
        let t2 = z1 &+ x6 &* -15137                     // −1.847759065
        let t3 = z1 &+ x2 &* 6270                       // 0.765366865
        let t0 = (x0 &+ x4) &<< 13
        let t1 = (x0 &- x4) &<< 13
        let e10 = t0 &+ t3, e13 = t0 &- t3, e11 = t1 &+ t2, e12 = t1 &- t2
        // Odd part.
        let z5 = (x7 &+ x3 &+ x5 &+ x1) &* 9633         // 1.175875602
        let a1 = (x7 &+ x1) &* -7373                    // −0.899976223
        let a2 = (x5 &+ x3) &* -20995                   // −2.562915447
        let a3 = (x7 &+ x3) &* -16069 &+ z5             // −1.961570560
        let a4 = (x5 &+ x1) &* -3196 &+ z5              // −0.390180644
        let o0 = x7 &* 2446 &+ a1 &+ a3                 // 0.298631336
        let o1 = x5 &* 16819 &+ a2 &+ a4                // 2.053119869
        let o2 = x3 &* 25172 &+ a2 &+ a3                // 3.072711026
        let o3 = x1 &* 12299 &+ a1 &+ a4                // 1.501321110
        return (e10 &+ o3, e11 &+ o2, e12 &+ o1, e13 &+ o0, e13 &- o0, e12 &- o1, e11 &- o2, e10 &- o3)
    }

    /// Widens eight coefficients. Written lane by lane (LLVM makes it two unpacks and shifts):
    /// the stdlib's generic conversion, a loop, stayed a call inside this large transform.
    @inline(__always)
    private static func widen(_ x: SIMD8<Int16>) -> Lanes {
        Lanes(Int32(x[0]), Int32(x[1]), Int32(x[2]), Int32(x[3]), Int32(x[4]), Int32(x[5]), Int32(x[6]), Int32(x[7]))
    }

    /// Range-limits to 0…255 (``JPEGIDCT/rangeLimit(_:)``: modulo 1024 around the centre, then
    /// clamped) and narrows to bytes: with branch-free bit operations and a lane-by-lane
    /// narrowing, which LLVM turns into SSE2's saturating packs (`clamped` and the generic
    /// conversion stayed calls here, for the reason given at ``widen(_:)``).
    @inline(__always)
    private static func bytes(_ level: Lanes) -> SIMD8<UInt8> {
        let v = ((level &+ 384) & 1023) &- 384
        let positive = v & ~(v &>> 31)
        let c = (positive | ((255 &- positive) &>> 31)) & 255
        return SIMD8<UInt8>(UInt8(truncatingIfNeeded: c[0]), UInt8(truncatingIfNeeded: c[1]),
                            UInt8(truncatingIfNeeded: c[2]), UInt8(truncatingIfNeeded: c[3]),
                            UInt8(truncatingIfNeeded: c[4]), UInt8(truncatingIfNeeded: c[5]),
                            UInt8(truncatingIfNeeded: c[6]), UInt8(truncatingIfNeeded: c[7]))
    }

    /// One round of the unzip transpose: lane pairs split into even and odd halves. Three
    /// rounds turn rows into columns.
    @inline(__always)
    private static func unzip(_ r: inout (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes)) {
        r = (Lanes(lowHalf: r.0.evenHalf, highHalf: r.1.evenHalf), Lanes(lowHalf: r.2.evenHalf, highHalf: r.3.evenHalf),
             Lanes(lowHalf: r.4.evenHalf, highHalf: r.5.evenHalf), Lanes(lowHalf: r.6.evenHalf, highHalf: r.7.evenHalf),
             Lanes(lowHalf: r.0.oddHalf, highHalf: r.1.oddHalf), Lanes(lowHalf: r.2.oddHalf, highHalf: r.3.oddHalf),
             Lanes(lowHalf: r.4.oddHalf, highHalf: r.5.oddHalf), Lanes(lowHalf: r.6.oddHalf, highHalf: r.7.oddHalf))
    }

    @inline(__always)
    private static func transpose(_ r: inout (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes)) {
        unzip(&r)
        unzip(&r)
        unzip(&r)
    }

    /// Dequantises `coefficients` (natural order) with `quant`, transforms them and writes the
    /// 8 × 8 clamped samples to `output` (rows `stride` apart) — eight lanes at a time.
    /// Out of line: inlined into the block loops, the function grew so large that the compiler
    /// left the SIMD clamps and narrowing conversions as calls (with every lane spilled around
    /// them); one call per block costs far less.
    @inline(never)
    static func transformLanes(_ coefficients: UnsafePointer<Int16>, quant: UnsafePointer<Int32>,
                               output: UnsafeMutablePointer<UInt8>, stride: Int) {
        let c = UnsafeRawPointer(coefficients), q = UnsafeRawPointer(quant)
        @inline(__always) func row(_ i: Int) -> Lanes {
            widen(c.loadUnaligned(fromByteOffset: i &* 16, as: SIMD8<Int16>.self))
                &* q.loadUnaligned(fromByteOffset: i &* 32, as: Lanes.self)
        }
        // Pass 1: one lane per column; the results are the workspace rows.
        let k = kernel(row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7))
        let round1 = Lanes(repeating: 1 << 10)
        var w = ((k.0 &+ round1) &>> 11, (k.1 &+ round1) &>> 11, (k.2 &+ round1) &>> 11, (k.3 &+ round1) &>> 11,
                 (k.4 &+ round1) &>> 11, (k.5 &+ round1) &>> 11, (k.6 &+ round1) &>> 11, (k.7 &+ round1) &>> 11)
        // Pass 2: one lane per row; outputs are the sample columns, level-shifted by +128.
        transpose(&w)
        let s = kernel(w.0, w.1, w.2, w.3, w.4, w.5, w.6, w.7)
        let round2 = Lanes(repeating: (1 << 17) &+ (128 << 18))
        @inline(__always) func finish(_ v: Lanes) -> Lanes { (v &+ round2) &>> 18 }
        var o = (finish(s.0), finish(s.1), finish(s.2), finish(s.3), finish(s.4), finish(s.5), finish(s.6), finish(s.7))
        transpose(&o)
        let out = UnsafeMutableRawPointer(output)
        @inline(__always) func store(_ v: Lanes, _ i: Int) {
            out.storeBytes(of: bytes(v), toByteOffset: i &* stride, as: SIMD8<UInt8>.self)
        }
        store(o.0, 0); store(o.1, 1); store(o.2, 2); store(o.3, 3)
        store(o.4, 4); store(o.5, 5); store(o.6, 6); store(o.7, 7)
    }
}
