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
        // The edges repeat the outermost sample; the inner samples run without edge tests.
        output[0] = input[0]
        output[1] = UInt8(truncatingIfNeeded: (Int(input[0]) &* 3 &+ Int(input[1]) &+ 2) >> 2)
        var i = 1
        while i < count - 1 {
            let this = Int(input[i]) &* 3
            output[2 &* i] = UInt8(truncatingIfNeeded: (this &+ Int(input[i - 1]) &+ 1) >> 2)
            output[2 &* i &+ 1] = UInt8(truncatingIfNeeded: (this &+ Int(input[i + 1]) &+ 2) >> 2)
            i += 1
        }
        let last = Int(input[count - 1])
        output[2 &* count &- 2] = UInt8(truncatingIfNeeded: (last &* 3 &+ Int(input[count - 2]) &+ 1) >> 2)
        write(output, 2 &* count &- 1, UInt8(truncatingIfNeeded: last), outputWidth)
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
        // Each column sum is computed once and carried along as previous / current / next.
        var previous = column(0), current = previous, next = column(1)
        output[0] = UInt8(truncatingIfNeeded: (current &* 4 &+ 8) >> 4)
        output[1] = UInt8(truncatingIfNeeded: (current &* 3 &+ next &+ 7) >> 4)
        var i = 1
        while i < count - 1 {
            previous = current
            current = next
            next = column(i + 1)
            output[2 &* i] = UInt8(truncatingIfNeeded: (current &* 3 &+ previous &+ 8) >> 4)
            output[2 &* i &+ 1] = UInt8(truncatingIfNeeded: (current &* 3 &+ next &+ 7) >> 4)
            i += 1
        }
        output[2 &* count &- 2] = UInt8(truncatingIfNeeded: (next &* 3 &+ current &+ 8) >> 4)
        write(output, 2 &* count &- 1, UInt8(truncatingIfNeeded: (next &* 4 &+ 7) >> 4), outputWidth)
    }

    @inline(__always)
    private static func write(_ output: UnsafeMutablePointer<UInt8>, _ index: Int, _ value: UInt8, _ width: Int) {
        if index < width { output[index] = value }
    }
}
