import OspreyCore
/// Turns and mirrors RGBA pixels losslessly so that an image stored in EXIF orientation 1–8
/// comes out upright: every output pixel is one source pixel, moved. O(pixels), one output
/// buffer, no intermediate copies.
extension ImageOrientation {
    /// The upright size of a stored image of `size`.
    func uprightSize(of size: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: size.height, height: size.width) : size
    }

    /// `pixels` (as stored) turned upright.
    func apply(to pixels: PixelBuffer) -> PixelBuffer {
        guard self != .up, pixels.width > 0, pixels.height > 0 else { return pixels }
        let w = pixels.width, h = pixels.height
        let out = uprightSize(of: pixels.size)
        var bytes = [UInt8](repeating: 0, count: pixels.bytes.count)
        pixels.bytes.withUnsafeBufferPointer { src in
            bytes.withUnsafeMutableBufferPointer { dst in
                // Whole pixels move as 4-byte words (raw loads/stores: the memory is bound to UInt8).
                let source = UnsafeRawPointer(src.baseAddress!)
                let target = UnsafeMutableRawPointer(dst.baseAddress!)
                for y in 0..<out.height {
                    for x in 0..<out.width {
                        // (sx, sy): the stored pixel that shows at upright (x, y).
                        let (sx, sy): (Int, Int)
                        switch self {
                        case .up: (sx, sy) = (x, y)
                        case .upMirrored: (sx, sy) = (w - 1 - x, y)
                        case .down: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case .downMirrored: (sx, sy) = (x, h - 1 - y)
                        case .leftMirrored: (sx, sy) = (y, x)
                        case .right: (sx, sy) = (y, h - 1 - x)
                        case .rightMirrored: (sx, sy) = (w - 1 - y, h - 1 - x)
                        case .left: (sx, sy) = (w - 1 - y, x)
                        }
                        let pixel = source.loadUnaligned(fromByteOffset: (sy * w + sx) * 4, as: UInt32.self)
                        target.storeBytes(of: pixel, toByteOffset: (y * out.width + x) * 4, as: UInt32.self)
                    }
                }
            }
        }
        return PixelBuffer(width: out.width, height: out.height, bytes: bytes)
    }
}
