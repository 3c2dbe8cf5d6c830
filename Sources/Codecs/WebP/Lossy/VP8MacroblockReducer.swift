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
    private let cells: Int, stride: Int
    /// One macroblock row of output pixels: `cells` RGBA rows of `stride` pixels.
    private let rgba: UnsafeMutablePointer<UInt8>
    /// The macroblock's RGB sums per chroma sample (8 × 8, red then green then blue planes).
    private let sampleSums: UnsafeMutablePointer<Int16>
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

    /// Converts the 4 luma samples on each of the 64 chroma samples and stores their RGB sums
    /// (at most 4 · 255) in ``sampleSums`` (red at 0, green at 64, blue at 128; 8 a chroma row).
    ///
    /// In 16-bit lanes, as libwebp's SSE2 converter does: `MultHi(v, c) = v·c >> 8` is the high
    /// half of `(v << 8) · c`. Red and green are exact; blue is computed at half scale to stay
    /// in 16 bits (off by one step in 1/32 of the cases), harmless in a thumbnail. Only
    /// concrete SIMD operations (``VP8Lanes``), so that nothing here is a call.
    @inline(__always)
    private func sumChromaSamples(luma: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>,
                                  workStride: Int) {
        for row in 0..<8 {
            let u = VP8Lanes.widen(UnsafeRawPointer(cb + row &* workStride).loadUnaligned(as: SIMD8<UInt8>.self)) &<< 8
            let v = VP8Lanes.widen(UnsafeRawPointer(cr + row &* workStride).loadUnaligned(as: SIMD8<UInt8>.self)) &<< 8
            // libwebp's VP8YUVToR/G/B with the chroma terms shared by the four luma samples.
            let redTerm = VP8Lanes.signed(VP8Lanes.multiplyHigh(v, 26_149)) &- 14_234
            let greenTerm = 8_708 &- VP8Lanes.signed(VP8Lanes.multiplyHigh(u, 6_419))
                &- VP8Lanes.signed(VP8Lanes.multiplyHigh(v, 13_320))
            let blueTerm = VP8Lanes.multiplyHigh(u, 33_050)
            var sums = RGBLanes()
            // Each 16-bit lane holds two neighbouring luma samples; shifted into the high byte
            // each, in whichever order: only their sum matters.
            let top = UnsafeRawPointer(luma + 2 &* row &* workStride).loadUnaligned(as: SIMD8<UInt16>.self)
            let bottom = UnsafeRawPointer(luma + (2 &* row &+ 1) &* workStride).loadUnaligned(as: SIMD8<UInt16>.self)
            sums.add(top &<< 8, redTerm: redTerm, greenTerm: greenTerm, blueTerm: blueTerm)
            sums.add(top & 0xFF00, redTerm: redTerm, greenTerm: greenTerm, blueTerm: blueTerm)
            sums.add(bottom &<< 8, redTerm: redTerm, greenTerm: greenTerm, blueTerm: blueTerm)
            sums.add(bottom & 0xFF00, redTerm: redTerm, greenTerm: greenTerm, blueTerm: blueTerm)
            let raw = UnsafeMutableRawPointer(sampleSums + row &* 8)
            raw.storeBytes(of: sums.red, as: SIMD8<Int16>.self)
            (raw + 128).storeBytes(of: sums.green, as: SIMD8<Int16>.self)
            (raw + 256).storeBytes(of: sums.blue, as: SIMD8<Int16>.self)
        }
    }

    /// Means of the chroma-sample sums over each output cell (`factor / 2` samples a side).
    @inline(__always)
    private func reduceSums(into out: UnsafeMutablePointer<UInt8>) {
        let span = factor &>> 1
        let area = factor &* factor, shift = 2 &* factor.trailingZeroBitCount
        for cellRow in 0..<cells {
            for channel in 0..<3 {
                // At most 8 · 4 · 255 per lane: fits 16 bits.
                var rowSum = SIMD8<Int16>()
                let plane = UnsafeRawPointer(sampleSums + channel &* 64 + cellRow &* span &* 8)
                for k in 0..<span { rowSum &+= (plane + k &* 16).loadUnaligned(as: SIMD8<Int16>.self) }
                let destination = out + (cellRow &* stride &* 4 &+ channel)
                for cell in 0..<cells {
                    var sum = 0
                    for k in 0..<span { sum &+= Int(rowSum[cell &* span &+ k]) }
                    destination[cell &* 4] = UInt8(truncatingIfNeeded: (sum &+ area &>> 1) &>> shift)
                }
            }
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

/// Red, green and blue sums of converted pixels, 8 chroma samples at a time.
private struct RGBLanes {
    var red = SIMD8<Int16>(), green = SIMD8<Int16>(), blue = SIMD8<Int16>()

    /// Converts 8 luma samples (each in the high byte of its lane) with the chroma terms of
    /// the samples they lie on (libwebp's VP8YUVToR/G/B) and adds the clamped results.
    @inline(__always)
    mutating func add(_ shiftedLuma: SIMD8<UInt16>, redTerm: SIMD8<Int16>, greenTerm: SIMD8<Int16>,
                      blueTerm: SIMD8<UInt16>) {
        let y = VP8Lanes.multiplyHigh(shiftedLuma, 19_077)
        let signedY = VP8Lanes.signed(y)
        red &+= VP8Lanes.clampToByte((signedY &+ redTerm) &>> 6)
        green &+= VP8Lanes.clampToByte((signedY &+ greenTerm) &>> 6)
        let halfBlue = VP8Lanes.signed((y &+ blueTerm) &>> 1)
        blue &+= VP8Lanes.clampToByte((halfBlue &- 8_842) &>> 5)
    }
}
