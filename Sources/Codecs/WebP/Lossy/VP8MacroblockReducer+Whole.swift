/// The reducer's fast path for a whole 16 × 16 macroblock (factor 2…16): convert in 16-bit
/// lanes, sum per chroma sample, then per output cell.
extension VP8MacroblockReducer {
    /// Converts the 4 luma samples on each of the 64 chroma samples and stores their RGB sums
    /// (at most 4 · 255) in ``sampleSums`` (red at 0, green at 64, blue at 128; 8 a chroma row).
    ///
    /// In 16-bit lanes, as libwebp's SSE2 converter does: `MultHi(v, c) = v·c >> 8` is the high
    /// half of `(v << 8) · c`. Red and green are exact; blue is computed at half scale to stay
    /// in 16 bits (off by one step in 1/32 of the cases), harmless in a thumbnail. Only
    /// concrete SIMD operations (``VP8Lanes``), so that nothing here is a call.
    @inline(__always)
    func sumChromaSamples(luma: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>,
                          workStride: Int) {
        for row in 0..<8 {
            let u = VP8Lanes.inHighBytes(cb + row &* workStride)
            let v = VP8Lanes.inHighBytes(cr + row &* workStride)
            // libwebp's VP8YUVToR/G/B with the chroma terms shared by the four luma samples.
            let terms = VP8ChromaTerms(
                red: VP8Lanes.signed(VP8Lanes.multiplyHigh(v, 26_149)) &- 14_234,
                green: 8_708 &- VP8Lanes.signed(VP8Lanes.multiplyHigh(u, 6_419))
                    &- VP8Lanes.signed(VP8Lanes.multiplyHigh(v, 13_320)),
                blue: VP8Lanes.multiplyHigh(u, 33_050))
            // Each 16-bit lane holds two neighbouring luma samples; shifted into the high byte
            // each, in whichever order: only their sum matters.
            let top = UnsafeRawPointer(luma + 2 &* row &* workStride).loadUnaligned(as: SIMD8<UInt16>.self)
            let bottom = UnsafeRawPointer(luma + (2 &* row &+ 1) &* workStride).loadUnaligned(as: SIMD8<UInt16>.self)
            let a = terms.converted(top &<< 8), b = terms.converted(top & 0xFF00)
            let c = terms.converted(bottom &<< 8), d = terms.converted(bottom & 0xFF00)
            let raw = UnsafeMutableRawPointer(sampleSums + row &* 8)
            raw.storeBytes(of: a.red &+ b.red &+ c.red &+ d.red, as: SIMD8<Int16>.self)
            (raw + 128).storeBytes(of: a.green &+ b.green &+ c.green &+ d.green, as: SIMD8<Int16>.self)
            (raw + 256).storeBytes(of: a.blue &+ b.blue &+ c.blue &+ d.blue, as: SIMD8<Int16>.self)
        }
    }

    /// Means of the chroma-sample sums over each output cell (`factor / 2` samples a side),
    /// stored as opaque RGBA pixels at `out`.
    @inline(__always)
    func reduceSums(into out: UnsafeMutablePointer<UInt8>) {
        let span = factor &>> 1
        let shift = UInt16(truncatingIfNeeded: 2 &* factor.trailingZeroBitCount)
        let half = UInt16(truncatingIfNeeded: (factor &* factor) &>> 1)
        let pixels = UnsafeMutableRawPointer(out)
        for cellRow in 0..<cells {
            @inline(__always) func means(_ channel: Int) -> SIMD8<UInt16> {
                // Per lane at most 8 · 4 · 255, per cell at most 65 280: exact in 16 unsigned bits.
                var rowSum = SIMD8<UInt16>()
                let plane = UnsafeRawPointer(sampleSums + channel &* 64 + cellRow &* span &* 8)
                for k in 0..<span { rowSum &+= (plane + k &* 16).loadUnaligned(as: SIMD8<UInt16>.self) }
                return (VP8Lanes.sumAdjacent(rowSum, span: span) &+ half) &>> shift
            }
            let red = means(0), green = means(1), blue = means(2)
            let row = pixels + cellRow &* stride &* 4
            for cell in 0..<cells {
                let rgba = UInt32(red[cell]) | UInt32(green[cell]) &<< 8 | UInt32(blue[cell]) &<< 16 | 0xFF00_0000
                row.storeBytes(of: rgba.littleEndian, toByteOffset: cell &* 4, as: UInt32.self)
            }
        }
    }
}

/// The chroma terms of libwebp's YUV → RGB for 8 chroma samples, shared by the luma samples
/// on them.
struct VP8ChromaTerms {
    let red: SIMD8<Int16>, green: SIMD8<Int16>, blue: SIMD8<UInt16>

    /// The clamped red, green and blue of 8 luma samples (each in the high byte of its lane).
    @inline(__always)
    func converted(_ shiftedLuma: SIMD8<UInt16>) -> (red: SIMD8<Int16>, green: SIMD8<Int16>, blue: SIMD8<Int16>) {
        let y = VP8Lanes.multiplyHigh(shiftedLuma, 19_077)
        let signedY = VP8Lanes.signed(y)
        let halfBlue = VP8Lanes.signed((y &+ blue) &>> 1)
        return (VP8Lanes.clampToByte((signedY &+ red) &>> 6),
                VP8Lanes.clampToByte((signedY &+ green) &>> 6),
                VP8Lanes.clampToByte((halfBlue &- 8_842) &>> 5))
    }
}
