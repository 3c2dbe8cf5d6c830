import OspreyCore

/// Undoes the predictor transform (RFC 9649 §4.1): each pixel is the residual plus a
/// prediction from its already-decoded neighbours L (left), T (top), TL and TR, with the mode
/// of its tile. The top-left pixel is predicted by opaque black, the rest of the top row by L,
/// the left column by T; modes 14 and 15 (undefined by the format) predict opaque black, as
/// libwebp does. The rightmost pixel's TR is the first pixel of its own row (the next in memory).
enum VP8LPredictor {
    /// Undoes the transform on `height` rows of the image from row `firstRow` on, which
    /// `pixels` points at; when `firstRow` > 0 the row above (already undone) lies just
    /// before them in memory.
    static func invert(_ pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, bits: Int, modes: [UInt32],
                       firstRow: Int = 0) {
        guard width > 0, height > 0 else { return }
        var start = 0
        if firstRow == 0 {
            pixels[0] = VP8LPixel.add(pixels[0], 0xFF00_0000)
            for x in 1..<max(1, width) { pixels[x] = VP8LPixel.add(pixels[x], pixels[x - 1]) }
            start = 1
        }
        guard height > start else { return }
        let tilesPerRow = VP8LStream.subsampled(width, bits)
        modes.withUnsafeBufferPointer { modes in
            for y in start..<height {
                let row = pixels + y * width
                let top = row - width
                row[0] = VP8LPixel.add(row[0], top[0])
                let tiles = modes.baseAddress! + ((firstRow + y) >> bits) * tilesPerRow
                var x = 1
                while x < width {
                    // Runs of one tile share a mode: one dispatch per run.
                    let end = min(width, ((x >> bits) + 1) << bits)
                    let mode = Int((tiles[x >> bits] >> 8) & 0xF)
                    predictRun(mode: mode, row: row, top: top, from: x, to: end)
                    x = end
                }
            }
        }
    }

    @inline(__always)
    private static func predictRun(mode: Int, row: UnsafeMutablePointer<UInt32>, top: UnsafeMutablePointer<UInt32>,
                                   from start: Int, to end: Int) {
        switch mode {
        case 1: for x in start..<end { row[x] = VP8LPixel.add(row[x], row[x - 1]) }
        case 2: for x in start..<end { row[x] = VP8LPixel.add(row[x], top[x]) }
        case 3: for x in start..<end { row[x] = VP8LPixel.add(row[x], top[x + 1]) }
        case 4: for x in start..<end { row[x] = VP8LPixel.add(row[x], top[x - 1]) }
        case 5:
            for x in start..<end {
                row[x] = VP8LPixel.add(row[x], VP8LPixel.average(VP8LPixel.average(row[x - 1], top[x + 1]), top[x]))
            }
        case 6: for x in start..<end { row[x] = VP8LPixel.add(row[x], VP8LPixel.average(row[x - 1], top[x - 1])) }
        case 7: for x in start..<end { row[x] = VP8LPixel.add(row[x], VP8LPixel.average(row[x - 1], top[x])) }
        case 8: for x in start..<end { row[x] = VP8LPixel.add(row[x], VP8LPixel.average(top[x - 1], top[x])) }
        case 9: for x in start..<end { row[x] = VP8LPixel.add(row[x], VP8LPixel.average(top[x], top[x + 1])) }
        case 10:
            for x in start..<end {
                let prediction = VP8LPixel.average(VP8LPixel.average(row[x - 1], top[x - 1]),
                                                   VP8LPixel.average(top[x], top[x + 1]))
                row[x] = VP8LPixel.add(row[x], prediction)
            }
        case 11: for x in start..<end { row[x] = VP8LPixel.add(row[x], select(left: row[x - 1], top: top[x], topLeft: top[x - 1])) }
        case 12: for x in start..<end { row[x] = VP8LPixel.add(row[x], clampAddSubtractFull(row[x - 1], top[x], top[x - 1])) }
        case 13:
            for x in start..<end {
                row[x] = VP8LPixel.add(row[x], clampAddSubtractHalf(VP8LPixel.average(row[x - 1], top[x]), top[x - 1]))
            }
        default: for x in start..<end { row[x] = VP8LPixel.add(row[x], 0xFF00_0000) }
        }
    }

    /// L or T, whichever is closer (Manhattan distance over the channels) to L + T − TL;
    /// T on a tie.
    @inline(__always)
    private static func select(left: UInt32, top: UInt32, topLeft: UInt32) -> UInt32 {
        var towardsTop = 0   // Σ |L − TL| − |T − TL|: the distance of the estimate to T minus to L
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let l = Int((left >> shift) & 0xFF), t = Int((top >> shift) & 0xFF), c = Int((topLeft >> shift) & 0xFF)
            towardsTop += abs(l - c) - abs(t - c)
        }
        return towardsTop <= 0 ? top : left
    }

    @inline(__always)
    private static func clampAddSubtractFull(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let value = Int((a >> shift) & 0xFF) + Int((b >> shift) & 0xFF) - Int((c >> shift) & 0xFF)
            result |= UInt32(min(255, max(0, value))) << shift
        }
        return result
    }

    @inline(__always)
    private static func clampAddSubtractHalf(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let x = Int((a >> shift) & 0xFF), y = Int((b >> shift) & 0xFF)
            result |= UInt32(min(255, max(0, x + (x - y) / 2))) << shift
        }
        return result
    }
}
