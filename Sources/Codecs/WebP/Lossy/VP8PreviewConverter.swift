/// Turns Y/U/V planes into RGBA at half resolution, for thumbnails: each output pixel is one
/// chroma sample with the rounded mean of its 2 × 2 luma samples, converted with libwebp's
/// fixed-point matrix. A quarter of the pixels, no upsampling: the cheap first halving of a
/// thumbnail that is at most half the source size (the resampler does the rest). Rows are
/// emitted as soon as their macroblock row is reconstructed (the thumbnail path runs without
/// the loop filter, so nothing changes them later).
struct VP8PreviewConverter {
    private let frame: VP8FrameDecoder
    /// Output size: the chroma plane's, `(width + 1) / 2` × `(height + 1) / 2`.
    let width: Int, height: Int
    private var nextRow = 0
    private var luma: [UInt8]

    init(frame: VP8FrameDecoder) {
        self.frame = frame
        width = (frame.info.width + 1) / 2
        height = (frame.info.height + 1) / 2
        luma = [UInt8](repeating: 0, count: width)
    }

    /// Converts the half-resolution rows of macroblock row `mbY` (8 rows, fewer at the bottom).
    mutating func emitRows<Output: VP8RowSink>(ofMacroblockRow mbY: Int, into output: inout Output) {
        let frame = self.frame
        let ready = min(height, 8 * (mbY + 1))
        let fullWidth = frame.info.width, fullHeight = frame.info.height
        while nextRow < ready {
            let row = nextRow
            let top = frame.y + 2 * row * frame.yStride
            // The odd last row or column of the image repeats the one before (the plane's
            // padding beyond the picture is not image data).
            let bottom = 2 * row + 1 < fullHeight ? top + frame.yStride : top
            luma.withUnsafeMutableBufferPointer { averaged in
                let out = averaged.baseAddress!
                for x in 0..<width {
                    let left = 2 * x, right = min(2 * x + 1, fullWidth - 1)
                    let sum = Int(top[left]) &+ Int(top[right]) &+ Int(bottom[left]) &+ Int(bottom[right])
                    out[x] = UInt8(truncatingIfNeeded: (sum &+ 2) >> 2)
                }
                output.writeRow(row) { destination in
                    YCbCrConverter.convertRow(y: out, cb: frame.u + row * frame.uvStride, cr: frame.v + row * frame.uvStride,
                                              into: destination, count: width, matrix: .webp)
                }
            }
            nextRow += 1
        }
    }
}
