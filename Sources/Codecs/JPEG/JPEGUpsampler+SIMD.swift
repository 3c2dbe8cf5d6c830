import OspreyCore
/// The h2v2 "fancy" triangle filter (``ChromaUpsampler/fancyH2V2(near:far:into:outputWidth:)``,
/// libjpeg-turbo's `h2v2_fancy_upsample`) sixteen output samples at a time in 16-bit lanes,
/// with the same sums and rounding biases, so the samples are the same bits.
extension JPEGUpsampler {
    typealias Lanes16 = SIMD8<UInt16>

    /// Column sums 3 · near + far of eight samples from `i` (all below 1 021).
    @inline(__always)
    private static func columns(_ near: UnsafePointer<UInt8>, _ far: UnsafePointer<UInt8>, _ i: Int) -> Lanes16 {
        @inline(__always) func load(_ p: UnsafePointer<UInt8>) -> Lanes16 {
            // Lane by lane: LLVM makes it one unpack (the stdlib's generic conversion may stay a call).
            let x = UnsafeRawPointer(p + i).loadUnaligned(as: SIMD8<UInt8>.self)
            return Lanes16(UInt16(x[0]), UInt16(x[1]), UInt16(x[2]), UInt16(x[3]),
                           UInt16(x[4]), UInt16(x[5]), UInt16(x[6]), UInt16(x[7]))
        }
        return load(near) &* 3 &+ load(far)
    }

    /// One output row of h2v2 fancy upsampling: `near` is the chroma row that contains it,
    /// `far` the adjacent one on its side; both hold `count` = ⌈outputWidth / 2⌉ samples.
    /// The vector loop covers the inner samples whose neighbours both exist; the edges and
    /// the tail go through the scalar filter, which writes exactly `outputWidth` bytes.
    static func fancyH2V2Lanes(near: UnsafePointer<UInt8>, far: UnsafePointer<UInt8>,
                               into output: UnsafeMutablePointer<UInt8>, outputWidth: Int) {
        let count = (outputWidth + 1) / 2
        #if _endian(little)
        // Input i → outputs 2i (3·c[i] + c[i−1] + 8) >> 4 and 2i+1 (3·c[i] + c[i+1] + 7) >> 4;
        // as one 16-bit lane, the pair is even | odd << 8 (both ≤ 255), stored little-endian.
        var i = 1
        let out = UnsafeMutableRawPointer(output)
        while i &+ 9 <= count {
            let previous = columns(near, far, i &- 1), current = columns(near, far, i) &* 3
            let next = columns(near, far, i &+ 1)
            let even = (current &+ previous &+ 8) &>> 4, odd = (current &+ next &+ 7) &>> 4
            out.storeBytes(of: even | odd &<< 8, toByteOffset: 2 &* i, as: Lanes16.self)
            i &+= 8
        }
        guard i > 1 else {
            ChromaUpsampler.fancyH2V2(near: near, far: far, into: output, outputWidth: outputWidth)
            return
        }
        // The rest: the scalar filter on the samples from i − 1 (the right edge is the row's
        // own). It takes sample i − 1 for a left edge, so its first output is redone here with
        // the neighbour it really has, and the row's own left edge is written the same way.
        @inline(__always) func column(_ j: Int) -> Int { Int(near[j]) &* 3 &+ Int(far[j]) }
        ChromaUpsampler.fancyH2V2(near: near + (i - 1), far: far + (i - 1), into: output + 2 * (i - 1),
                                  outputWidth: outputWidth - 2 * (i - 1))
        output[2 * (i - 1)] = UInt8(truncatingIfNeeded: (column(i - 1) &* 3 &+ column(i - 2) &+ 8) >> 4)
        output[0] = UInt8(truncatingIfNeeded: (column(0) &* 4 &+ 8) >> 4)
        output[1] = UInt8(truncatingIfNeeded: (column(0) &* 3 &+ column(1) &+ 7) >> 4)
        #else
        ChromaUpsampler.fancyH2V2(near: near, far: far, into: output, outputWidth: outputWidth)
        #endif
    }
}
