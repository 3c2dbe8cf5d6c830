import OspreyCore
/// Doubles subsampled chroma rows to full width (and height), for JPEG 4:2:2 / 4:2:0 and
/// lossy WebP (always 4:2:0).
///
/// - **Box**: each chroma sample covers its 2 (× 2) pixels — cheap, blocky.
/// - **Fancy** (libjpeg-turbo `jdsample.c` `h2v1_fancy_upsample` / `h2v2_fancy_upsample`, the
///   default of libjpeg-turbo and what Pillow shows): a triangle filter. Horizontally each output
///   sample is ¾ of its own chroma sample plus ¼ of the nearer neighbour; vertically (h2v2) the
///   same with the nearer chroma row (`near`, ¾) and the other one (`far`, ¼). Edges repeat the
///   outermost sample; rounding alternates (+1/+2, +8/+7) as libjpeg-turbo does, so results are
///   bit-exact with it.
///
/// Inputs hold `(outputWidth + 1) / 2` samples. Every function writes exactly `outputWidth` bytes.
enum ChromaUpsampler {
    /// Box, horizontal: each sample twice.
    static func boxH2(_ input: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>, outputWidth: Int) {
        for x in 0..<outputWidth { output[x] = input[x >> 1] }
    }

    /// Fancy horizontal upsampling (h2v1) of one chroma row.
    static func fancyH2V1(_ input: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>,
                                  outputWidth: Int) {
        let count = (outputWidth + 1) / 2
        guard count > 1 else {
            if outputWidth > 0 { output.update(repeating: input[0], count: outputWidth) }
            return
        }
        for i in 0..<count {
            let this = Int(input[i]) &* 3
            let left = i == 0 ? Int(input[0]) &* 4 : this &+ Int(input[i - 1]) &+ 1
            let right = i == count - 1 ? Int(input[i]) &* 4 + 2 : this &+ Int(input[i + 1]) &+ 2
            write(output, 2 &* i, UInt8(truncatingIfNeeded: left >> 2), outputWidth)
            write(output, 2 &* i &+ 1, UInt8(truncatingIfNeeded: right >> 2), outputWidth)
        }
    }

    /// Fancy upsampling in both directions (h2v2) of one output row: `near` is the chroma row
    /// that contains it, `far` the adjacent chroma row on the output row's side (the same row
    /// again at the image's top and bottom edges).
    static func fancyH2V2(near: UnsafePointer<UInt8>, far: UnsafePointer<UInt8>,
                                  into output: UnsafeMutablePointer<UInt8>, outputWidth: Int) {
        let count = (outputWidth + 1) / 2
        @inline(__always) func column(_ i: Int) -> Int { Int(near[i]) &* 3 &+ Int(far[i]) }
        guard count > 1 else {
            if outputWidth > 0 {
                output.update(repeating: UInt8(truncatingIfNeeded: (column(0) &* 4 &+ 8) >> 4), count: outputWidth)
            }
            return
        }
        for i in 0..<count {
            let this = column(i) &* 3
            let left = i == 0 ? column(0) &* 4 &+ 8 : this &+ column(i - 1) &+ 8
            let right = i == count - 1 ? column(i) &* 4 &+ 7 : this &+ column(i + 1) &+ 7
            write(output, 2 &* i, UInt8(truncatingIfNeeded: left >> 4), outputWidth)
            write(output, 2 &* i &+ 1, UInt8(truncatingIfNeeded: right >> 4), outputWidth)
        }
    }

    @inline(__always)
    private static func write(_ output: UnsafeMutablePointer<UInt8>, _ index: Int, _ value: UInt8, _ width: Int) {
        if index < width { output[index] = value }
    }
}
