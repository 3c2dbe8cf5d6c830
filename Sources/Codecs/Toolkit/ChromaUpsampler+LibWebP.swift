/// libwebp's "fancy" 4:2:0 upsampling (`dsp/upsampling.c`, `UpsampleRgbaLinePair`), the
/// default of libwebp, `dwebp` and Pillow. Like ``ChromaUpsampler/fancyH2V2(near:far:into:outputWidth:)``
/// it is a 9-3-3-1 triangle filter, but libwebp rounds in two steps — an average of the two
/// diagonals, then the mean with the nearest sample — so its results differ from
/// libjpeg-turbo's in the last bit and it needs its own arithmetic to be bit-exact:
///
/// - inner output `2x − 1`: `((N[x−1] + 3·N[x] + 3·F[x−1] + F[x] + 8) >> 3 + N[x−1]) >> 1`,
/// - inner output `2x`: `((3·N[x−1] + N[x] + F[x−1] + 3·F[x] + 8) >> 3 + N[x]) >> 1`,
/// - the first output (and the last one for an even width): `(3·N + F + 2) >> 2`,
///
/// where `N` is the chroma row nearer to the output row and `F` the other one (libwebp's
/// `top_u`/`cur_u` pair, seen from either of its two output rows; both the same row at the
/// top and, for an even height, the bottom edge).
extension ChromaUpsampler {
    /// The chroma rows libwebp pairs with output row `y` of an image with `chromaRows` rows:
    /// the containing row (`near`) and the adjacent one on the output row's side (`far`).
    static func libwebpRows(forOutputRow y: Int, chromaRows: Int) -> (near: Int, far: Int) {
        let near = y >> 1
        let far = y & 1 == 1 ? min(near + 1, chromaRows - 1) : max(near - 1, 0)
        return (near, far)
    }

    /// Upsamples one chroma row pair to `outputWidth` samples, bit-exact with libwebp.
    /// `near` and `far` hold `(outputWidth + 1) / 2` samples.
    static func libwebpFancy(near: UnsafePointer<UInt8>, far: UnsafePointer<UInt8>,
                             into output: UnsafeMutablePointer<UInt8>, outputWidth: Int) {
        guard outputWidth > 0 else { return }
        output[0] = UInt8(truncatingIfNeeded: (3 &* Int(near[0]) &+ Int(far[0]) &+ 2) >> 2)
        let lastPair = (outputWidth - 1) >> 1
        var nearLeft = Int(near[0]), farLeft = Int(far[0])
        var x = 1
        while x <= lastPair {
            let nearHere = Int(near[x]), farHere = Int(far[x])
            let base = nearLeft &+ nearHere &+ farLeft &+ farHere &+ 8
            let diagonalA = (base &+ 2 &* (nearHere &+ farLeft)) >> 3   // weights 1-3-3-1
            let diagonalB = (base &+ 2 &* (nearLeft &+ farHere)) >> 3   // weights 3-1-1-3
            output[2 &* x &- 1] = UInt8(truncatingIfNeeded: (diagonalA &+ nearLeft) >> 1)
            output[2 &* x] = UInt8(truncatingIfNeeded: (diagonalB &+ nearHere) >> 1)
            nearLeft = nearHere
            farLeft = farHere
            x &+= 1
        }
        if outputWidth & 1 == 0 {
            output[outputWidth - 1] = UInt8(truncatingIfNeeded: (3 &* nearLeft &+ farLeft &+ 2) >> 2)
        }
    }
}
