/// How an encoder should write an image: lossy quality and layout for JPEG, compression
/// effort for PNG. Every field has a default that suits most callers; an encoder ignores the
/// fields its format has no use for.
public struct ImageEncodeOptions: Sendable, Hashable {
    /// Chroma subsampling of a lossy YCbCr encode.
    public enum ChromaSubsampling: String, Sendable, Hashable, CaseIterable {
        /// 4:2:0 below quality 90, 4:4:4 from 90 up (colour edges stay sharp when the caller
        /// asked for a near-lossless encode).
        case automatic
        /// Full-resolution chroma.
        case s444
        /// Chroma halved horizontally.
        case s422
        /// Chroma halved in both directions.
        case s420
    }

    /// An opaque colour (8-bit sRGB).
    public struct RGB: Sendable, Hashable {
        /// Red, green and blue, 0…255.
        public var red: UInt8, green: UInt8, blue: UInt8
        /// Creates a colour.
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }
        /// White, the default background alpha is flattened onto.
        public static let white = RGB(red: 255, green: 255, blue: 255)
    }

    /// JPEG quality 1…100 (clamped), with the IJG meaning libjpeg and Pillow give it: 50 is
    /// the Annex K tables, higher scales them down. Default 85.
    public var quality: Int
    /// JPEG: write a progressive file (libjpeg's default scan script). Default false.
    public var progressive: Bool
    /// JPEG chroma subsampling; default ``ChromaSubsampling/automatic``.
    public var chromaSubsampling: ChromaSubsampling
    /// JPEG: Huffman tables fitted to the image (smaller files, a second pass over the
    /// symbols) instead of the standard Annex K tables. Default true.
    public var optimizeHuffman: Bool
    /// JPEG: a restart marker every this many MCUs; 0 (default) writes none.
    public var restartInterval: Int
    /// JPEG: one luma component only (colour is dropped). Default false.
    public var grayscale: Bool
    /// JPEG: an EXIF orientation (1…8) to record in an APP1 segment; nil (default) writes none.
    public var exifOrientation: Int?
    /// JPEG: an ICC profile to embed (APP2 `ICC_PROFILE`, split across markers); nil by default.
    public var iccProfile: [UInt8]?
    /// JPEG: the colour partly transparent pixels are flattened onto (JPEG has no alpha).
    /// Default white.
    public var background: RGB
    /// JPEG: keep alpha exactly, deflated in a private APP15 segment that Osprey's JPEG decoder
    /// reads back, and encode the colour without flattening it. Other decoders skip the
    /// segment (they show the colour as if opaque), so it suits files only Osprey reads back,
    /// such as cache entries. Nothing is added for an opaque image. Default false.
    public var jpegAlphaSegment = false
    /// PNG: deflate level 0…9; nil (default) is the encoder's own default.
    public var compressionLevel: Int?
    /// PNG: the fast mode made for cache entries (one cheap filter choice per row, run and
    /// short-distance matches, fixed Huffman codes) instead of the searching compressor.
    /// Still a standard PNG. Default false.
    public var fastPNG: Bool

    /// Options with the defaults documented on each field, overridable here.
    public init(quality: Int = 85, progressive: Bool = false, chromaSubsampling: ChromaSubsampling = .automatic,
                optimizeHuffman: Bool = true, restartInterval: Int = 0, grayscale: Bool = false,
                exifOrientation: Int? = nil, iccProfile: [UInt8]? = nil, background: RGB = .white,
                compressionLevel: Int? = nil, fastPNG: Bool = false) {
        self.quality = quality
        self.progressive = progressive
        self.chromaSubsampling = chromaSubsampling
        self.optimizeHuffman = optimizeHuffman
        self.restartInterval = restartInterval
        self.grayscale = grayscale
        self.exifOrientation = exifOrientation
        self.iccProfile = iccProfile
        self.background = background
        self.compressionLevel = compressionLevel
        self.fastPNG = fastPNG
    }
}
