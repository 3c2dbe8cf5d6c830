/// The inverse transforms of RFC 6386 §14.3–§14.4, bit-exact with libwebp: the Walsh–Hadamard
/// transform of the second-order DC block and the 4×4 integer DCT added to a prediction.
enum VP8Transform {
    /// Turns the 16 dequantised Y2 coefficients `input` into the DC coefficient of each of
    /// the 16 luma blocks (`output[16 · i]`), truncated to 16 bits as libwebp stores them.
    static func inverseWHT(_ input: UnsafePointer<Int16>, into output: UnsafeMutablePointer<Int16>) {
        var tmp = (Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0),
                   Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0))
        withUnsafeMutableBytes(of: &tmp) { raw in
            let t = raw.baseAddress!.assumingMemoryBound(to: Int32.self)
            for i in 0..<4 {
                let a0 = Int32(input[i]) &+ Int32(input[12 + i])
                let a1 = Int32(input[4 + i]) &+ Int32(input[8 + i])
                let a2 = Int32(input[4 + i]) &- Int32(input[8 + i])
                let a3 = Int32(input[i]) &- Int32(input[12 + i])
                t[i] = a0 &+ a1
                t[8 + i] = a0 &- a1
                t[4 + i] = a3 &+ a2
                t[12 + i] = a3 &- a2
            }
            for i in 0..<4 {
                let dc = t[i * 4] &+ 3
                let a0 = dc &+ t[3 + i * 4]
                let a1 = t[1 + i * 4] &+ t[2 + i * 4]
                let a2 = t[1 + i * 4] &- t[2 + i * 4]
                let a3 = dc &- t[3 + i * 4]
                let out = output + 64 * i
                out[0] = Int16(truncatingIfNeeded: (a0 &+ a1) >> 3)
                out[16] = Int16(truncatingIfNeeded: (a3 &+ a2) >> 3)
                out[32] = Int16(truncatingIfNeeded: (a0 &- a1) >> 3)
                out[48] = Int16(truncatingIfNeeded: (a3 &- a2) >> 3)
            }
        }
    }

    @inline(__always) private static func store(_ dst: UnsafeMutablePointer<UInt8>, _ x: Int, _ v: Int32) {
        let sum = Int32(dst[x]) &+ (v >> 3)
        dst[x] = UInt8(truncatingIfNeeded: sum < 0 ? 0 : sum > 255 ? 255 : sum)
    }

    /// Adds the inverse DCT of the 16 coefficients `input` to the 4×4 pixels at `dst`
    /// (rows `stride` apart), clamping to 0…255.
    ///
    /// Four columns (then four rows) at once in 32-bit lanes: the same wrapping 32-bit
    /// arithmetic as libwebp's C transform, so the same pixels for every input.
    static func addInverseDCT(_ input: UnsafePointer<Int16>, to dst: UnsafeMutablePointer<UInt8>, stride: Int) {
        @inline(__always) func load(_ offset: Int) -> SIMD4<Int32> {
            SIMD4(Int32(input[offset]), Int32(input[offset &+ 1]), Int32(input[offset &+ 2]), Int32(input[offset &+ 3]))
        }
        @inline(__always) func mul1(_ a: SIMD4<Int32>) -> SIMD4<Int32> { ((a &* 20_091) &>> 16) &+ a }
        @inline(__always) func mul2(_ a: SIMD4<Int32>) -> SIMD4<Int32> { (a &* 35_468) &>> 16 }
        // Vertical pass, lane i = column i: t0…t3 are libwebp's tmp[4i + 0…3].
        let r0 = load(0), r1 = load(4), r2 = load(8), r3 = load(12)
        let a = r0 &+ r2, b = r0 &- r2
        let c = mul2(r1) &- mul1(r3), d = mul1(r1) &+ mul2(r3)
        let t0 = a &+ d, t1 = b &+ c, t2 = b &- c, t3 = a &- d
        // Horizontal pass, lane i = row i: row i reads tmp[i], tmp[4 + i], … = lanes of t_i.
        let v0 = SIMD4(t0[0], t1[0], t2[0], t3[0]) &+ 4, v1 = SIMD4(t0[1], t1[1], t2[1], t3[1])
        let v2 = SIMD4(t0[2], t1[2], t2[2], t3[2]), v3 = SIMD4(t0[3], t1[3], t2[3], t3[3])
        let ha = v0 &+ v2, hb = v0 &- v2
        let hc = mul2(v1) &- mul1(v3), hd = mul1(v1) &+ mul2(v3)
        let x0 = (ha &+ hd) &>> 3, x1 = (hb &+ hc) &>> 3, x2 = (hb &- hc) &>> 3, x3 = (ha &- hd) &>> 3
        for i in 0..<4 {
            let row = dst + i &* stride
            addClamped(row, 0, x0[i]); addClamped(row, 1, x1[i]); addClamped(row, 2, x2[i]); addClamped(row, 3, x3[i])
        }
    }

    /// Adds the already-scaled residual `v` to pixel `x` of `row`, clamping to 0…255.
    @inline(__always) private static func addClamped(_ row: UnsafeMutablePointer<UInt8>, _ x: Int, _ v: Int32) {
        let sum = Int32(row[x]) &+ v
        row[x] = UInt8(truncatingIfNeeded: sum < 0 ? 0 : sum > 255 ? 255 : sum)
    }

    /// Adds the inverse DCT of a block whose only non-zero coefficient is the DC `dc`.
    static func addDC(_ dc: Int16, to dst: UnsafeMutablePointer<UInt8>, stride: Int) {
        let value = Int32(dc) &+ 4
        for y in 0..<4 {
            let row = dst + y * stride
            for x in 0..<4 { store(row, x, value) }
        }
    }
}
