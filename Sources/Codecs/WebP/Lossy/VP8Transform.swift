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

    @inline(__always) private static func mul1(_ a: Int32) -> Int32 { ((a &* 20_091) >> 16) &+ a }
    @inline(__always) private static func mul2(_ a: Int32) -> Int32 { (a &* 35_468) >> 16 }
    @inline(__always) private static func store(_ dst: UnsafeMutablePointer<UInt8>, _ x: Int, _ v: Int32) {
        let sum = Int32(dst[x]) &+ (v >> 3)
        dst[x] = UInt8(truncatingIfNeeded: sum < 0 ? 0 : sum > 255 ? 255 : sum)
    }

    /// Adds the inverse DCT of the 16 coefficients `input` to the 4×4 pixels at `dst`
    /// (rows `stride` apart), clamping to 0…255.
    static func addInverseDCT(_ input: UnsafePointer<Int16>, to dst: UnsafeMutablePointer<UInt8>, stride: Int) {
        var tmp = (Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0),
                   Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0), Int32(0))
        withUnsafeMutableBytes(of: &tmp) { raw in
            let t = raw.baseAddress!.assumingMemoryBound(to: Int32.self)
            for i in 0..<4 {   // vertical pass
                let in0 = Int32(input[i]), in4 = Int32(input[4 + i])
                let in8 = Int32(input[8 + i]), in12 = Int32(input[12 + i])
                let a = in0 &+ in8, b = in0 &- in8
                let c = mul2(in4) &- mul1(in12)
                let d = mul1(in4) &+ mul2(in12)
                t[4 * i] = a &+ d
                t[4 * i + 1] = b &+ c
                t[4 * i + 2] = b &- c
                t[4 * i + 3] = a &- d
            }
            for i in 0..<4 {   // horizontal pass
                let dc = t[i] &+ 4
                let a = dc &+ t[8 + i], b = dc &- t[8 + i]
                let c = mul2(t[4 + i]) &- mul1(t[12 + i])
                let d = mul1(t[4 + i]) &+ mul2(t[12 + i])
                let row = dst + i * stride
                store(row, 0, a &+ d)
                store(row, 1, b &+ c)
                store(row, 2, b &- c)
                store(row, 3, a &- d)
            }
        }
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
