import OspreyCore

/// One colour component of a frame and the buffers it is decoded into.
///
/// Blocks are counted for whole MCUs (`paddedBlocksWide` × `paddedBlocksHigh`), so an
/// interleaved scan may write the partial MCUs at the right and bottom edges without checks
/// per block; only `width` × `height` samples are ever read back.
///
/// The samples live in a *ring* of three MCU rows (``ringRows``), not a full plane: the
/// renderer turns each finished MCU row into output rows before the ring comes round to it
/// again, so a baseline decode holds a few MCU rows whatever the image size. Each block is
/// transformed to `blockSize` × `blockSize` samples (8, or 4, 2, 1 when the decode is DCT-scaled
/// for a thumbnail), so ``width``, ``height`` and ``stride`` count samples at that scale.
final class JPEGComponent {
    /// The component identifier from SOF (what SOS refers to).
    let id: Int
    /// Horizontal and vertical sampling factors, 1…4.
    let h: Int, v: Int
    /// Index of the quantisation table, 0…3.
    let quantIndex: Int
    /// Blocks that hold image samples (what a non-interleaved scan codes).
    let blocksWide: Int, blocksHigh: Int
    /// Blocks including the padding of partial MCUs.
    let paddedBlocksWide: Int, paddedBlocksHigh: Int

    /// Samples per block side in ``plane``: 8 at full size, 4, 2 or 1 when DCT-scaled.
    private(set) var blockSize = 8
    /// Samples of this component in the image at ``blockSize``:
    /// ceil(X · h · blockSize / (hmax · 8)) × ceil(Y · v · blockSize / (vmax · 8)).
    private(set) var width = 0, height = 0
    /// Samples per plane row (`paddedBlocksWide * blockSize`).
    private(set) var stride = 0
    /// Plane rows held: three MCU rows (`3 · v · blockSize`).
    private(set) var ringRows = 0
    /// The ring of decoded sample rows, `stride` × ``ringRows``; nil until ``allocate``.
    private(set) var plane: UnsafeMutablePointer<UInt8>?
    /// Coefficients (natural order, 64 per block) when the frame needs them all before any
    /// row can be rendered (progressive, or sequential in several scans); nil otherwise.
    private(set) var coefficients: UnsafeMutablePointer<Int16>?
    /// Coefficients kept per block: 64, or 1 when only the DC coefficient can reach the output
    /// (a progressive frame decoded at 1/8 scale, whose AC scans are passed over unread for
    /// this component): a 12-megapixel thumbnail then keeps 0.4 MB, not 24 MB it never reads.
    private(set) var coefficientsPerBlock = 64
    private var coefficientMemory: JPEGCoefficientMemory?
    /// For each coefficient (natural zig-zag index 0…63), the low bit `Al` of the last scan
    /// that coded it, ``JPEGDecodeSession/noBitsDecoded`` before any: a scan must lower it.
    var decodedBits = [UInt8](repeating: JPEGDecodeSession.noBitsDecoded, count: 64)
    /// The DC predictor of the current scan.
    var dcPredictor = 0
    /// Huffman table indices selected by the current scan.
    var dcTable = 0, acTable = 0

    init(id: Int, h: Int, v: Int, quantIndex: Int, frame: JPEGFrameGeometry) {
        self.id = id
        self.h = h
        self.v = v
        self.quantIndex = quantIndex
        let fullWidth = (frame.width * h + frame.maxH - 1) / frame.maxH
        let fullHeight = (frame.height * v + frame.maxV - 1) / frame.maxV
        blocksWide = (fullWidth + 7) / 8
        blocksHigh = (fullHeight + 7) / 8
        paddedBlocksWide = frame.mcusWide * h
        paddedBlocksHigh = frame.mcusHigh * v
    }

    /// Allocates the ring at `blockSize` samples per block (and the coefficients when
    /// `keepCoefficients`: only the DC ones when `dcOnly`). Called once, at the first scan,
    /// after the limits were checked.
    func allocate(blockSize: Int, frame: JPEGFrameGeometry, keepCoefficients: Bool, dcOnly: Bool = false) {
        precondition(plane == nil, "a component is allocated once")
        self.blockSize = blockSize
        width = (frame.width * h * blockSize + frame.maxH * 8 - 1) / (frame.maxH * 8)
        height = (frame.height * v * blockSize + frame.maxV * 8 - 1) / (frame.maxV * 8)
        stride = paddedBlocksWide * blockSize
        ringRows = 3 * v * blockSize
        let samples = stride * ringRows
        let ring = UnsafeMutablePointer<UInt8>.allocate(capacity: samples)
        ring.initialize(repeating: 128, count: samples)
        plane = ring
        if keepCoefficients {
            coefficientsPerBlock = dcOnly ? 1 : 64
            let memory = JPEGCoefficientMemory(count: paddedBlocksWide * paddedBlocksHigh * coefficientsPerBlock)
            coefficientMemory = memory
            coefficients = memory.base
        }
    }

    /// Bytes ``allocate`` takes for the ring (and coefficients) at `blockSize`: for the limits.
    func bytesNeeded(blockSize: Int, keepCoefficients: Bool) -> Int {
        paddedBlocksWide * blockSize * 3 * v * blockSize
            + (keepCoefficients ? paddedBlocksWide * paddedBlocksHigh * 128 : 0)
    }

    deinit {
        plane?.deallocate()
        coefficientMemory?.deallocate()
    }

    /// Gives back the memory of the coefficients of block rows before `blockRow`: the final
    /// render transformed them and reads them no more.
    func releaseCoefficients(before blockRow: Int) {
        coefficientMemory?.release(before: blockRow * paddedBlocksWide * coefficientsPerBlock * MemoryLayout<Int16>.stride,
                                   final: blockRow >= paddedBlocksHigh)
    }

    /// Plane row `row` (an absolute row of the component) in the ring.
    @inline(__always)
    func row(_ row: Int) -> UnsafeMutablePointer<UInt8> {
        plane! + (row % ringRows) * stride
    }

    /// Where block (`column`, `row`) is transformed to: a block never straddles the ring's
    /// wrap, because the ring holds whole block rows.
    @inline(__always)
    func output(column: Int, row: Int) -> UnsafeMutablePointer<UInt8> {
        self.row(row * blockSize) + column * blockSize
    }

    /// Fills the ring rows of frame MCU row `mcuRow` with mid-grey, so that blocks a damaged
    /// scan never reaches show grey, as a truncated file should.
    func clear(mcuRow: Int) {
        let rows = v * blockSize
        (plane! + ((mcuRow * rows) % ringRows) * stride).update(repeating: 128, count: rows * stride)
    }

    /// The coefficients of block (`column`, `row`) (``coefficientsPerBlock`` of them); only
    /// when ``coefficients`` exist.
    @inline(__always)
    func block(column: Int, row: Int) -> UnsafeMutablePointer<Int16> {
        coefficients! + (row * paddedBlocksWide + column) * coefficientsPerBlock
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
    /// The APP2 `ICC_PROFILE` chunks seen so far.
    var icc = ICCChunkAssembler()
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
