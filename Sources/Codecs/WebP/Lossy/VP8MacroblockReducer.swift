import OspreyCore

/// Shrinks each reconstructed macroblock by a power of two while it is still in the decoder's
/// work area, for thumbnails: no full-size Y, U or V plane and no full-size RGBA row is ever
/// made.
///
/// Each luma sample is converted with the chroma sample it lies on (no fancy upsampling) by
/// libwebp's fixed-point matrix, and each output pixel is the rounded mean of the `f × f` RGB
/// pixels it covers (`f` = 1, 2, 4, 8 or 16, dividing the picture's width and height so that
/// the reduced grid covers the picture exactly: a cut last column or row would be stretched
/// by the resampler and shift every pixel by up to `f / 2`, 10–25 dB off on small pictures).
/// Converting before averaging matters too: averaging Y, U and V and converting once skips
/// the clamping of out-of-gamut pixels at saturated edges, also 10–25 dB on some fixtures.
/// Macroblocks cut by the picture's edge convert only the pixels inside it. Rows are emitted when their macroblock row is done (the
/// thumbnail path runs without the loop filter, so nothing changes them later); the caller's
/// resampler shrinks the rest of the way.
final class VP8MacroblockReducer {
    /// The shrink factor (luma pixels per output pixel along each axis).
    let factor: Int
    /// The output size: `⌈width / factor⌉ × ⌈height / factor⌉`.
    let width: Int, height: Int
    private let pictureWidth: Int, pictureHeight: Int
    /// Output pixels per macroblock along each axis (`16 / factor`), and the RGBA row
    /// buffer's stride in pixels (whole macroblocks).
    let cells: Int, stride: Int
    /// One macroblock row of output pixels: `cells` RGBA rows of `stride` pixels.
    private let rgba: UnsafeMutablePointer<UInt8>
    /// The macroblock's RGB sums per chroma sample (8 × 8, red then green then blue planes).
    let sampleSums: UnsafeMutablePointer<Int16>
    /// RGB sums and pixel counts per output cell, on an edge macroblock.
    private let sums: UnsafeMutablePointer<Int32>
    private var emitted = 0

    /// A reducer for a `pictureWidth × pictureHeight` frame of `columns` macroblocks a row.
    init(pictureWidth: Int, pictureHeight: Int, columns: Int, factor: Int) {
        assert([1, 2, 4, 8, 16].contains(factor))
        self.factor = factor
        self.pictureWidth = pictureWidth
        self.pictureHeight = pictureHeight
        width = (pictureWidth + factor - 1) / factor
        height = (pictureHeight + factor - 1) / factor
        cells = 16 / factor
        stride = columns * cells
        rgba = .allocate(capacity: stride * cells * 4)
        rgba.initialize(repeating: 255, count: stride * cells * 4)
        sampleSums = .allocate(capacity: 3 * 64)
        sampleSums.initialize(repeating: 0, count: 3 * 64)
        sums = .allocate(capacity: 4 * 256)
        sums.initialize(repeating: 0, count: 4 * 256)
    }

    deinit { rgba.deallocate(); sampleSums.deallocate(); sums.deallocate() }

    /// The largest factor that divides both sides of `source` and leaves either exactly
    /// `target` or at least twice it (the resampler's box after the reducer's box stays close
    /// to one box over the source only when it shrinks by 2 or more); 1 when none does.
    static func factor(source: PixelSize, target: PixelSize) -> Int {
        var best = 1
        for factor in [2, 4, 8, 16] where source.width % factor == 0 && source.height % factor == 0 {
            let reduced = PixelSize(width: source.width / factor, height: source.height / factor)
            if reduced == target || (target.width * 2 <= reduced.width && target.height * 2 <= reduced.height) {
                best = factor
            }
        }
        return best
    }

    /// Reduces macroblock (`mbX`, `mbY`) from the work area: 16 × 16 luma at `luma`, 8 × 8 of
    /// each chroma plane at `cb` and `cr`, rows `workStride` apart.
    func add(mbX: Int, mbY: Int, luma: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>,
             workStride: Int) {
        let lumaWidth = min(16, pictureWidth - 16 * mbX), lumaHeight = min(16, pictureHeight - 16 * mbY)
        let out = rgba + mbX * cells * 4
        if lumaWidth == 16 && lumaHeight == 16 && factor > 1 {
            sumChromaSamples(luma: luma, cb: cb, cr: cr, workStride: workStride)
            reduceSums(into: out)
        } else if factor == 1 {
            convert(luma: luma, cb: cb, cr: cr, workStride: workStride, width: lumaWidth, height: lumaHeight, into: out)
        } else {
            reduceEdge(luma: luma, cb: cb, cr: cr, workStride: workStride, width: lumaWidth, height: lumaHeight, into: out)
        }
    }

    /// Factor 1: the macroblock's `width × height` pixels inside the picture, converted one by
    /// one (a picture with an odd side, which no larger factor divides).
    private func convert(luma: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>,
                         workStride: Int, width: Int, height: Int, into out: UnsafeMutablePointer<UInt8>) {
        let pixels = UnsafeMutableRawPointer(out)
        for y in 0..<height {
            let lumaRow = luma + y &* workStride, chroma = (y &>> 1) &* workStride
            let row = pixels + y &* stride &* 4
            for x in 0..<width {
                let (r, g, b) = YCbCrConverter.webp(y: Int(lumaRow[x]), u: Int(cb[chroma &+ x &>> 1]), v: Int(cr[chroma &+ x &>> 1]))
                let rgba = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000
                row.storeBytes(of: rgba.littleEndian, toByteOffset: x &* 4, as: UInt32.self)
            }
        }
    }

    /// A macroblock cut by the picture edge (factor 2 or more): converts each of its `width × height` pixels
    /// inside the picture and averages them per cell (cells wholly outside are never emitted).
    private func reduceEdge(luma: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>,
                            workStride: Int, width: Int, height: Int, into out: UnsafeMutablePointer<UInt8>) {
        sums.update(repeating: 0, count: 4 * cells * cells)
        for y in 0..<height {
            for x in 0..<width {
                let chroma = (y >> 1) * workStride + (x >> 1)
                let (r, g, b) = YCbCrConverter.webp(y: Int(luma[y * workStride + x]), u: Int(cb[chroma]), v: Int(cr[chroma]))
                let cell = 4 * ((y / factor) * cells + x / factor)
                sums[cell] += Int32(r); sums[cell + 1] += Int32(g); sums[cell + 2] += Int32(b); sums[cell + 3] += 1
            }
        }
        for cellRow in 0..<cells {
            for cell in 0..<cells {
                let sum = sums + 4 * (cellRow * cells + cell)
                let count = sum[3]
                guard count > 0 else { continue }
                let destination = out + (cellRow * stride + cell) * 4
                for channel in 0..<3 { destination[channel] = UInt8(truncatingIfNeeded: (sum[channel] + count / 2) / count) }
            }
        }
    }

    /// Hands the output rows of macroblock row `mbY` (all of it added) to `output`.
    func emitRows<Output: VP8RowSink>(ofMacroblockRow mbY: Int, into output: inout Output) {
        let ready = min(height, (mbY + 1) * cells)
        while emitted < ready {
            let source = rgba + (emitted - mbY * cells) * stride * 4
            let count = width * 4
            output.writeRow(emitted) { destination in destination.update(from: source, count: count) }
            emitted += 1
        }
    }
}

