import OspreyCore
/// A PNG image's pixel layout, from `IHDR`.
struct PNGHeader {
    /// PNG colour types (the values `IHDR` stores).
    enum ColorType: Int {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        /// Samples per pixel.
        var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        /// The bit depths the specification allows for this colour type.
        var allowedDepths: Set<Int> {
            switch self {
            case .gray: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .grayAlpha, .rgba: [8, 16]
            }
        }
    }

    let width: Int
    let height: Int
    let bitDepth: Int
    let colorType: ColorType
    let interlaced: Bool

    /// Parses the 13-byte `IHDR` payload, rejecting anything the specification forbids.
    init(_ bytes: [UInt8], payload: Range<Int>) throws(ImageError) {
        guard payload.count == 13 else { throw ImageError(.badImageData) }
        let start = payload.lowerBound
        let width = PNGChunk.readUInt32(bytes, at: start)
        let height = PNGChunk.readUInt32(bytes, at: start + 4)
        guard width > 0, height > 0, width <= UInt32(Int32.max), height <= UInt32(Int32.max),
              let colorType = ColorType(rawValue: Int(bytes[start + 9])),
              colorType.allowedDepths.contains(Int(bytes[start + 8])),
              bytes[start + 10] == 0, bytes[start + 11] == 0, bytes[start + 12] <= 1 else {
            throw ImageError(.badImageData)
        }
        self.init(width: Int(width), height: Int(height), bitDepth: Int(bytes[start + 8]),
                  colorType: colorType, interlaced: bytes[start + 12] == 1)
    }

    init(width: Int, height: Int, bitDepth: Int, colorType: ColorType, interlaced: Bool) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.interlaced = interlaced
    }

    /// The same layout for a sub-image of another size (an APNG frame, an Adam7 pass).
    func resized(width: Int, height: Int, interlaced: Bool? = nil) -> PNGHeader {
        PNGHeader(width: width, height: height, bitDepth: bitDepth, colorType: colorType,
                  interlaced: interlaced ?? self.interlaced)
    }

    /// Bits per pixel (1 to 64).
    var bitsPerPixel: Int { bitDepth * colorType.channels }

    /// The byte distance the filters look back: one whole pixel, at least one byte.
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes of one row of `pixels` pixels, without the filter-type byte.
    func rowBytes(pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }

    /// Bytes the decompressed image data holds: every row (of every Adam7 pass) with its
    /// filter-type byte. Checked against overflow; the pixel limit keeps it modest anyway.
    var filteredDataSize: Int {
        get throws(ImageError) {
            var total = 0
            for pass in passes {
                let (product, overflow) = (rowBytes(pixels: pass.width) + 1).multipliedReportingOverflow(by: pass.height)
                guard !overflow, total <= Int.max - product else { throw ImageError(.imageTooLarge) }
                total += product
            }
            return total
        }
    }

    /// The passes the image data is stored in: one for a plain image, seven (some possibly
    /// empty, which then store nothing) for an Adam7 image.
    var passes: [PNGPass] {
        interlaced ? PNGPass.adam7(width: width, height: height).filter { !$0.isEmpty }
            : [PNGPass(x: 0, y: 0, dx: 1, dy: 1, width: width, height: height)]
    }
}
