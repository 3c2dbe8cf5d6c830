import OspreyCore

/// One of the four lossless transforms (RFC 9649 §4) with its data, undone after the pixels
/// are decoded, in the reverse of the order they were read.
enum VP8LTransform {
    /// Spatial prediction: each pixel is a residual against one of 14 predictors, chosen per
    /// `2^bits` tile by the green channel of `data`.
    case predictor(bits: Int, data: [UInt32], width: Int)
    /// Colour decorrelation: red and blue get multiples of green (and blue of red) back, with
    /// multipliers per tile in `data`.
    case crossColor(bits: Int, data: [UInt32], width: Int)
    /// Green was subtracted from red and blue.
    case subtractGreen(width: Int)
    /// The pixels are palette indices (in green), `8 >> bits` bits each, `1 << bits` packed
    /// into one pixel; `palette` is zero-filled up to the largest index the packing allows.
    case colorIndexing(bits: Int, palette: [UInt32], width: Int)

    /// The width of the image the transform applies to.
    var width: Int {
        switch self {
        case .predictor(_, _, let width), .crossColor(_, _, let width), .subtractGreen(let width),
             .colorIndexing(_, _, let width): width
        }
    }

    /// The width of the pixels coded after this transform (smaller when indices are packed).
    var codedWidth: Int {
        if case .colorIndexing(let bits, _, let width) = self { return VP8LStream.subsampled(width, bits) }
        return width
    }

    /// Undoes the transform on `count` rows from row `firstRow` on: ``codedWidth``-wide rows
    /// at `rows` in, ``width``-wide rows out, in place (returns false) or, for colour
    /// indexing, into `output` (returns true). The predictor reads the row above `rows` in
    /// memory when `firstRow` > 0 (the caller puts it there, as undone by this transform).
    func invertRows(_ rows: UnsafeMutablePointer<UInt32>, firstRow: Int, count: Int,
                    into output: UnsafeMutablePointer<UInt32>) -> Bool {
        switch self {
        case .predictor(let bits, let data, let width):
            VP8LPredictor.invert(rows, width: width, height: count, bits: bits, modes: data, firstRow: firstRow)
        case .crossColor(let bits, let data, let width):
            Self.invertCrossColor(rows, width: width, height: count, bits: bits, data: data, firstRow: firstRow)
        case .subtractGreen(let width):
            Self.addGreen(rows, count: width * count)
        case .colorIndexing(let bits, let palette, let width):
            Self.expandIndices(UnsafePointer(rows), into: output, width: width, height: count, bits: bits, palette: palette)
            return true
        }
        return false
    }

    private static func addGreen(_ pixels: UnsafeMutablePointer<UInt32>, count: Int) {
        for index in 0..<count {
            let pixel = pixels[index]
            let green = (pixel >> 8) & 0xFF
            pixels[index] = VP8LPixel.add(pixel, green << 16 | green)
        }
    }

    /// The signed product of a transform multiplier and a channel, scaled down by 32.
    @inline(__always)
    private static func delta(_ multiplier: UInt32, _ channel: UInt32) -> Int32 {
        (Int32(Int8(truncatingIfNeeded: multiplier)) * Int32(Int8(truncatingIfNeeded: channel))) >> 5
    }

    private static func invertCrossColor(_ pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, bits: Int,
                                         data: [UInt32], firstRow: Int = 0) {
        let tilesPerRow = VP8LStream.subsampled(width, bits)
        data.withUnsafeBufferPointer { data in
            for y in 0..<height {
                let row = pixels + y * width
                let tiles = data.baseAddress! + ((firstRow + y) >> bits) * tilesPerRow
                for x in 0..<width {
                    let element = tiles[x >> bits]
                    let greenToRed = element, greenToBlue = element >> 8, redToBlue = element >> 16
                    let pixel = row[x]
                    let green = pixel >> 8
                    var red = Int32((pixel >> 16) & 0xFF), blue = Int32(pixel & 0xFF)
                    red = (red + delta(greenToRed, green)) & 0xFF
                    blue = (blue + delta(greenToBlue, green) + delta(redToBlue, UInt32(red))) & 0xFF
                    row[x] = pixel & 0xFF00_FF00 | UInt32(red) << 16 | UInt32(blue)
                }
            }
        }
    }

    private static func expandIndices(_ packed: UnsafePointer<UInt32>, into output: UnsafeMutablePointer<UInt32>,
                                      width: Int, height: Int, bits: Int, palette: [UInt32]) {
        let packedWidth = VP8LStream.subsampled(width, bits)
        let bitsPerIndex = 8 >> bits
        let indexMask = UInt32((1 << bitsPerIndex) - 1)
        let perPixelMask = (1 << bits) - 1
        palette.withUnsafeBufferPointer { palette in
            for y in 0..<height {
                let source = packed + y * packedWidth
                let destination = output + y * width
                for x in 0..<width {
                    let shift = UInt32((x & perPixelMask) * bitsPerIndex)
                    let index = ((source[x >> bits] >> 8) >> shift) & indexMask
                    destination[x] = palette[Int(index)]
                }
            }
        }
    }
}
