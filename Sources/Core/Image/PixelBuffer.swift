/// Pixels of one frame: 8-bit RGBA, row-major, straight (not premultiplied) alpha, tightly
/// packed (`bytes.count == width * height * 4`, row stride `width * 4`).
public struct PixelBuffer: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, rows top to bottom.
    public var bytes: [UInt8]

    /// Wraps existing RGBA bytes. `bytes.count` must be `width * height * 4`.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width >= 0 && height >= 0 && bytes.count == width * height * 4,
                     "PixelBuffer: \(bytes.count) bytes do not make \(width)x\(height) RGBA")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// A buffer of `width` × `height` pixels, all transparent black.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, bytes: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// The size of the buffer.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Bytes per row (`width * 4`).
    public var bytesPerRow: Int { width * 4 }

    /// The RGBA of pixel (`x`, `y`). Traps when out of bounds.
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
            let i = (y * width + x) * 4
            return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
            let i = (y * width + x) * 4
            bytes[i] = newValue.r
            bytes[i + 1] = newValue.g
            bytes[i + 2] = newValue.b
            bytes[i + 3] = newValue.a
        }
    }
}

/// One frame of an image: its pixels and how long it shows.
public struct ImageFrame: Sendable, Hashable {
    /// The frame's pixels, always the full canvas size.
    public var pixels: PixelBuffer
    /// Seconds the frame is shown; 0 for a still image.
    public var duration: Double

    /// Creates a frame.
    public init(pixels: PixelBuffer, duration: Double = 0) {
        self.pixels = pixels
        self.duration = duration
    }
}
