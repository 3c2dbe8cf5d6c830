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

    /// Undoes the transform on `pixels` (``codedWidth`` × `height` in, ``width`` × `height` out),
    /// in place where the size stays.
    func invert(_ pixels: inout [UInt32], height: Int) {
        switch self {
        case .predictor(let bits, let data, let width):
            pixels.withUnsafeMutableBufferPointer { VP8LPredictor.invert($0.baseAddress!, width: width, height: height, bits: bits, modes: data) }
        case .crossColor(let bits, let data, let width):
            pixels.withUnsafeMutableBufferPointer { Self.invertCrossColor($0.baseAddress!, width: width, height: height, bits: bits, data: data) }
        case .subtractGreen:
            pixels.withUnsafeMutableBufferPointer { pixels in
                for index in pixels.indices {
                    let pixel = pixels[index]
                    let green = (pixel >> 8) & 0xFF
                    pixels[index] = VP8LPixel.add(pixel, green << 16 | green)
                }
            }
        case .colorIndexing(let bits, let palette, let width):
            pixels = Self.expandIndices(pixels, width: width, height: height, bits: bits, palette: palette)
        }
    }

    /// The signed product of a transform multiplier and a channel, scaled down by 32.
    @inline(__always)
    private static func delta(_ multiplier: UInt32, _ channel: UInt32) -> Int32 {
        (Int32(Int8(truncatingIfNeeded: multiplier)) * Int32(Int8(truncatingIfNeeded: channel))) >> 5
    }

    private static func invertCrossColor(_ pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, bits: Int,
                                         data: [UInt32]) {
        let tilesPerRow = VP8LStream.subsampled(width, bits)
        data.withUnsafeBufferPointer { data in
            for y in 0..<height {
                let row = pixels + y * width
                let tiles = data.baseAddress! + (y >> bits) * tilesPerRow
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

    private static func expandIndices(_ packed: [UInt32], width: Int, height: Int, bits: Int,
                                      palette: [UInt32]) -> [UInt32] {
        let packedWidth = VP8LStream.subsampled(width, bits)
        let bitsPerIndex = 8 >> bits
        let indexMask = UInt32((1 << bitsPerIndex) - 1)
        let perPixelMask = (1 << bits) - 1
        var output = [UInt32](repeating: 0, count: width * height)
        output.withUnsafeMutableBufferPointer { output in
            packed.withUnsafeBufferPointer { packed in
                palette.withUnsafeBufferPointer { palette in
                    for y in 0..<height {
                        let source = packed.baseAddress! + y * packedWidth
                        let destination = output.baseAddress! + y * width
                        for x in 0..<width {
                            let shift = UInt32((x & perPixelMask) * bitsPerIndex)
                            let index = ((source[x >> bits] >> 8) >> shift) & indexMask
                            destination[x] = palette[Int(index)]
                        }
                    }
                }
            }
        }
        return output
    }
}
