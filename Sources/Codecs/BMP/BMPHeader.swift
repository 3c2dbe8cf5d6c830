import OspreyCore

/// What a BMP's headers say: geometry, pixel layout, where the palette and the pixels are.
///
/// Reads every variant in use: the 12-byte BITMAPCOREHEADER (OS/2 1.x, 16-bit sizes, 3-byte
/// palette entries), the 40-byte BITMAPINFOHEADER and its V2 (52, RGB masks), V3 (56, alpha
/// mask), V4 (108) and V5 (124) extensions, and OS/2 2.x headers of 16 to 64 bytes (fields
/// past the stated size are zero). A DIB inside an ICO has no 14-byte file header: its pixels
/// follow the palette.
struct BMPHeader {
    /// How the pixels are stored.
    enum Compression: Equatable {
        /// Uncompressed rows of `bitCount` bits a pixel.
        case none
        /// 8-bit run-length encoding.
        case rle8
        /// 4-bit run-length encoding.
        case rle4
        /// Uncompressed 16- or 32-bit pixels with explicit channel masks.
        case bitFields
        /// An embedded JPEG file.
        case jpeg
        /// An embedded PNG file.
        case png
    }

    /// Width in pixels (> 0).
    var width: Int
    /// Height in pixels of the stored image (> 0; for an ICO entry, colour and mask together).
    var height: Int
    /// Rows stored top row first (a negative height in the header).
    var topDown: Bool
    /// Bits per pixel.
    var bitCount: Int
    /// How the pixels are stored.
    var compression: Compression
    /// Channel masks for `.bitFields` (and the implied masks of plain 16/32-bit pixels).
    var masks: BMPChannelMasks
    /// Byte offset of the palette in the file.
    var paletteOffset: Int
    /// Entries the palette holds (0 for direct colour), capped at 256.
    var paletteCount: Int
    /// Bytes per palette entry: 3 (OS/2 1.x) or 4.
    var paletteEntrySize: Int
    /// Byte offset of the pixel data.
    var pixelOffset: Int

    /// The largest header layout (V5); larger headers are read as V5 with private data after.
    private static let maximumHeaderSize = 124

    /// Parses the headers of `bytes`: a whole `.bmp` file (`fileHeader` true) or a DIB starting
    /// at `start` (an ICO entry). Throws ``ImageError/Code/badImageData`` for a header it
    /// cannot use (and for variants it does not decode: OS/2 Huffman or RLE24).
    init(_ bytes: [UInt8], start: Int = 0, fileHeader: Bool = true) throws(ImageError) {
        var reader = ByteReader(bytes, bigEndian: false)
        try reader.seek(to: start)
        var declaredPixelOffset = 0
        if fileHeader {
            guard try reader.u16le() == 0x4D42 else { throw ImageError(.badImageData) }
            try reader.skip(8)   // file size and reserved fields: writers fill them with anything
            declaredPixelOffset = Int(try reader.u32le())
        }
        let infoStart = reader.position
        let headerSize = Int(try reader.u32le())
        guard headerSize == 12 || (16...255).contains(headerSize) else { throw ImageError(.badImageData) }
        guard headerSize <= reader.remaining + 4 else { throw ImageError(.badImageData) }
        // The header's own bytes, zero-padded to the largest layout so short OS/2 2.x headers
        // read zeros for the fields they lack.
        var field = [UInt8](bytes[reader.position..<(infoStart + headerSize)])
        field += [UInt8](repeating: 0, count: max(0, Self.maximumHeaderSize - field.count))
        func u16(_ at: Int) -> Int { Int(field[at]) | Int(field[at + 1]) << 8 }
        func u32(_ at: Int) -> UInt32 {
            UInt32(field[at]) | UInt32(field[at + 1]) << 8 | UInt32(field[at + 2]) << 16 | UInt32(field[at + 3]) << 24
        }

        let rawCompression: UInt32
        var colorsUsed = 0
        if headerSize == 12 {
            width = u16(0)
            height = u16(2)
            topDown = false
            bitCount = u16(6)
            rawCompression = 0
            paletteEntrySize = 3
        } else {
            let signedWidth = Int(Int32(bitPattern: u32(0)))
            let signedHeight = Int(Int32(bitPattern: u32(4)))
            guard signedWidth > 0, signedHeight != 0, signedHeight != Int(Int32.min) else {
                throw ImageError(.badImageData)
            }
            width = signedWidth
            height = abs(signedHeight)
            topDown = signedHeight < 0
            bitCount = u16(10)
            rawCompression = u32(12)
            colorsUsed = Int(u32(28))
            paletteEntrySize = 4
        }
        guard width > 0, height > 0 else { throw ImageError(.badImageData) }

        // OS/2 2.x (a 64-byte header, or a short one other than Windows' sizes) numbers its
        // compressions differently: 3 is Huffman 1D and 4 is RLE24, neither decoded here.
        let isOS2 = headerSize == 64 || (headerSize > 12 && headerSize < 40)
        switch rawCompression {
        case 0: compression = .none
        case 1: compression = .rle8
        case 2: compression = .rle4
        case 3 where !isOS2, 6: compression = .bitFields
        case 4 where !isOS2: compression = .jpeg
        case 5: compression = .png
        default: throw ImageError(.badImageData)
        }

        var afterHeader = infoStart + headerSize
        var masks = bitCount == 16 ? BMPChannelMasks.rgb555 : .bgrx32
        switch compression {
        case .rle8: guard bitCount == 8 else { throw ImageError(.badImageData) }
        case .rle4: guard bitCount == 4 else { throw ImageError(.badImageData) }
        case .bitFields:
            guard bitCount == 16 || bitCount == 24 || bitCount == 32 else { throw ImageError(.badImageData) }
            let hasAlphaMask = rawCompression == 6
            if headerSize >= 52 {
                // V2 and later carry the masks in the header; V3 and later the alpha mask too.
                masks = BMPChannelMasks(red: u32(36), green: u32(40), blue: u32(44),
                                        alpha: headerSize >= 56 ? u32(48) : 0)
            } else {
                // A 40-byte header is followed by three masks (four for BI_ALPHABITFIELDS).
                var maskReader = ByteReader(bytes, position: afterHeader, bigEndian: false)
                let red = try maskReader.u32le(), green = try maskReader.u32le(), blue = try maskReader.u32le()
                let alpha = hasAlphaMask ? try maskReader.u32le() : 0
                masks = BMPChannelMasks(red: red, green: green, blue: blue, alpha: alpha)
                afterHeader = maskReader.position
            }
            if masks.isEmpty { masks = bitCount == 16 ? .rgb555 : .bgra32 }
        case .jpeg, .png:
            break
        case .none:
            guard [1, 2, 4, 8, 16, 24, 32].contains(bitCount) else { throw ImageError(.badImageData) }
        }
        self.masks = masks

        paletteOffset = afterHeader
        let indexed = bitCount <= 8 && (compression == .none || compression == .rle4 || compression == .rle8)
        if indexed {
            let declared = colorsUsed > 0 ? colorsUsed : 1 << bitCount
            // Entries that fit between the header and the end of the data; more than 256
            // cannot be indexed.
            let available = max(0, bytes.count - paletteOffset) / paletteEntrySize
            paletteCount = min(declared, 256, available)
        } else {
            paletteCount = 0
        }

        let declaredEntries = colorsUsed > 0 ? min(colorsUsed, 1 << 16) : 1 << bitCount
        let afterPalette = paletteOffset + (indexed ? paletteEntrySize * declaredEntries : 0)
        if !fileHeader {
            pixelOffset = afterPalette
        } else if declaredPixelOffset == 0 || (declaredPixelOffset == infoStart + headerSize && indexed) {
            // No offset, or one that leaves no room for the palette: the pixels follow it.
            pixelOffset = afterPalette
        } else {
            pixelOffset = declaredPixelOffset
        }
        guard pixelOffset >= 0, pixelOffset <= bytes.count else { throw ImageError(.badImageData) }
    }

    /// Bytes per stored row of uncompressed pixels (rows are padded to 4 bytes).
    var rowStride: Int { ((width * bitCount + 31) / 32) * 4 }
}
