import OspreyCore
/// Shrinks an RGBA image with a box filter while its rows stream past, so a decoder can
/// produce a thumbnail holding only the output and one band of sums, never the full image.
///
/// Each output pixel averages the block of source pixels that maps onto it (blocks differ by
/// at most one pixel in width or height when the sizes do not divide). Colours are weighted
/// by alpha, so fully transparent pixels contribute no colour (no dark fringes); alpha itself
/// is a plain average. Results are rounded to nearest.
package struct RowDownsampler {
    private let sourceWidth: Int
    private let sourceHeight: Int
    private let targetWidth: Int
    private let targetHeight: Int
    /// The output column each source column falls into.
    private let columnOf: [Int]
    /// How many source columns each output column covers.
    private let columnWidth: [Int]
    /// Alpha-weighted sums for the current band: R·A, G·A, B·A, A per output column.
    private var sums: [Int]
    private var output: [UInt8]
    /// Source rows added so far.
    private var rowsAdded = 0

    /// A downsampler from `source` to `target`, which must be no larger in either dimension
    /// (and at least 1 × 1).
    package init(source: PixelSize, target: PixelSize) {
        precondition(target.width >= 1 && target.height >= 1 && target.width <= source.width
                     && target.height <= source.height, "RowDownsampler only shrinks")
        sourceWidth = source.width
        sourceHeight = source.height
        targetWidth = target.width
        targetHeight = target.height
        var columnOf = [Int](repeating: 0, count: source.width)
        var columnWidth = [Int](repeating: 0, count: target.width)
        for x in 0..<source.width {
            let column = x * target.width / source.width
            columnOf[x] = column
            columnWidth[column] += 1
        }
        self.columnOf = columnOf
        self.columnWidth = columnWidth
        sums = [Int](repeating: 0, count: target.width * 4)
        output = [UInt8](repeating: 0, count: target.width * target.height * 4)
    }

    /// The output row that source row `y` falls into.
    private func band(of y: Int) -> Int { y * targetHeight / sourceHeight }

    /// Adds the next source row (`sourceWidth` RGBA pixels). Extra rows are ignored.
    package mutating func addRow(_ row: UnsafePointer<UInt8>) {
        guard rowsAdded < sourceHeight else { return }
        let y = rowsAdded
        rowsAdded += 1
        columnOf.withUnsafeBufferPointer { columnOf in
            sums.withUnsafeMutableBufferPointer { sums in
                for x in 0..<sourceWidth {
                    let pixel = row + x * 4
                    let alpha = Int(pixel[3])
                    let sum = columnOf[x] * 4
                    sums[sum] &+= Int(pixel[0]) &* alpha
                    sums[sum + 1] &+= Int(pixel[1]) &* alpha
                    sums[sum + 2] &+= Int(pixel[2]) &* alpha
                    sums[sum + 3] &+= alpha
                }
            }
        }
        let outputRow = band(of: y)
        if y + 1 == sourceHeight || band(of: y + 1) != outputRow { emit(row: outputRow, endingAt: y) }
    }

    /// Averages the finished band into output row `outputRow` and clears the sums.
    private mutating func emit(row outputRow: Int, endingAt lastY: Int) {
        var firstY = lastY
        while firstY > 0 && band(of: firstY - 1) == outputRow { firstY -= 1 }
        let bandHeight = lastY - firstY + 1
        for column in 0..<targetWidth {
            let count = columnWidth[column] * bandHeight
            let alphaSum = sums[column * 4 + 3]
            let target = (outputRow * targetWidth + column) * 4
            if alphaSum > 0 {
                for channel in 0..<3 {
                    output[target + channel] = UInt8(min(255, (sums[column * 4 + channel] + alphaSum / 2) / alphaSum))
                }
                output[target + 3] = UInt8((alphaSum + count / 2) / count)
            } else {
                for channel in 0..<4 { output[target + channel] = 0 }
            }
            for channel in 0..<4 { sums[column * 4 + channel] = 0 }
        }
    }

    /// The thumbnail, once every source row was added.
    package var pixels: PixelBuffer {
        PixelBuffer(width: targetWidth, height: targetHeight, bytes: output)
    }

    /// `pixels` shrunk to `size` (returned as is when already that size).
    package static func downsample(_ pixels: PixelBuffer, to size: PixelSize) -> PixelBuffer {
        guard size != pixels.size else { return pixels }
        var downsampler = RowDownsampler(source: pixels.size, target: size)
        pixels.bytes.withUnsafeBufferPointer { bytes in
            for y in 0..<pixels.height { downsampler.addRow(bytes.baseAddress! + y * pixels.bytesPerRow) }
        }
        return downsampler.pixels
    }
}
