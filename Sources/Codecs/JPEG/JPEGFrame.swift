import OspreyCore

/// One colour component of a frame and the buffers it is decoded into.
///
/// Blocks are stored for whole MCUs (`paddedBlocksWide` × `paddedBlocksHigh`), so an
/// interleaved scan may write the partial MCUs at the right and bottom edges without checks
/// per block; only `width` × `height` samples are ever read back.
final class JPEGComponent {
    /// The component identifier from SOF (what SOS refers to).
    let id: Int
    /// Horizontal and vertical sampling factors, 1…4.
    let h: Int, v: Int
    /// Index of the quantisation table, 0…3.
    let quantIndex: Int
    /// Samples of this component actually in the image: ceil(X · h / hmax) × ceil(Y · v / vmax).
    let width: Int, height: Int
    /// Blocks that hold image samples (what a non-interleaved scan codes).
    let blocksWide: Int, blocksHigh: Int
    /// Blocks including the padding of partial MCUs.
    let paddedBlocksWide: Int, paddedBlocksHigh: Int
    /// Samples per plane row (`paddedBlocksWide * 8`).
    let stride: Int
    /// The decoded samples, `stride` × `paddedBlocksHigh * 8`, mid-grey until decoded.
    let plane: UnsafeMutablePointer<UInt8>
    /// Coefficients (natural order, 64 per block) for progressive frames; nil otherwise.
    var coefficients: UnsafeMutablePointer<Int16>?
    /// The DC predictor of the current scan.
    var dcPredictor = 0
    /// Huffman table indices selected by the current scan.
    var dcTable = 0, acTable = 0

    init(id: Int, h: Int, v: Int, quantIndex: Int, frame: JPEGFrameGeometry, progressive: Bool) {
        self.id = id
        self.h = h
        self.v = v
        self.quantIndex = quantIndex
        width = (frame.width * h + frame.maxH - 1) / frame.maxH
        height = (frame.height * v + frame.maxV - 1) / frame.maxV
        blocksWide = (width + 7) / 8
        blocksHigh = (height + 7) / 8
        paddedBlocksWide = frame.mcusWide * h
        paddedBlocksHigh = frame.mcusHigh * v
        stride = paddedBlocksWide * 8
        let samples = stride * paddedBlocksHigh * 8
        plane = .allocate(capacity: samples)
        plane.initialize(repeating: 128, count: samples)
        if progressive {
            let count = paddedBlocksWide * paddedBlocksHigh * 64
            let buffer = UnsafeMutablePointer<Int16>.allocate(capacity: count)
            buffer.initialize(repeating: 0, count: count)
            coefficients = buffer
        }
    }

    deinit {
        plane.deallocate()
        coefficients?.deallocate()
    }

    /// The 64 coefficients of block (`column`, `row`); progressive frames only.
    @inline(__always)
    func block(column: Int, row: Int) -> UnsafeMutablePointer<Int16> {
        coefficients! + (row * paddedBlocksWide + column) * 64
    }
}

/// Frame-level sizes derived from SOF.
struct JPEGFrameGeometry {
    let width: Int
    let height: Int
    let maxH: Int
    let maxV: Int
    var mcusWide: Int { (width + 8 * maxH - 1) / (8 * maxH) }
    var mcusHigh: Int { (height + 8 * maxV - 1) / (8 * maxV) }
}

/// What the marker segments told us about colour.
struct JPEGColorHints {
    /// A JFIF APP0 was present (3 components are then YCbCr).
    var jfif = false
    /// The Adobe APP14 transform flag (0 = none/RGB/CMYK, 1 = YCbCr, 2 = YCCK), if present.
    var adobeTransform: Int?
    /// The EXIF orientation from APP1, if present and readable.
    var orientation: ImageOrientation?
}

/// The zig-zag order: `naturalOrder[k]` is the position of the k-th coded coefficient.
/// Entries past 63 repeat 63 so that a corrupt run that overshoots stays inside the block.
let jpegNaturalOrder: [Int] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
    12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
    58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
    63,
]

/// Why a JPEG cannot be decoded although it is well formed: the `underlying` of the
/// ``ImageError/Code/unsupportedFormat`` error.
public struct JPEGUnsupportedFeature: Error, Sendable, CustomStringConvertible {
    /// A sentence naming the feature, e.g. "arithmetic coding (SOF9)".
    public let reason: String
    /// Describes the feature.
    public var description: String { "JPEG feature not supported: \(reason)" }
}

extension ImageError {
    /// `.unsupportedFormat` carrying the reason.
    static func jpegUnsupported(_ reason: String) -> ImageError {
        ImageError(.unsupportedFormat, underlying: JPEGUnsupportedFeature(reason: reason))
    }
}
