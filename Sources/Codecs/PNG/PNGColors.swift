import OspreyCore
/// What `PLTE` and `tRNS` say about colours: the palette with its alpha values, or the one
/// colour that is transparent in a grey or RGB image.
struct PNGColors {
    /// 256 RGBA entries. Entries the palette does not define are opaque black, which is what
    /// libpng shows for an out-of-range index; entries `tRNS` does not cover are opaque.
    private(set) var palette = [UInt8](repeating: 0, count: 256 * 4)
    /// How many entries `PLTE` defined (0 without one).
    private(set) var paletteCount = 0
    /// The `tRNS` colour key of a grey (all three equal) or RGB image, as raw samples at the
    /// image's bit depth (16-bit keys compare with the full 16-bit sample).
    private(set) var transparentKey: (red: Int, green: Int, blue: Int)?

    init() {
        for index in 0..<256 { palette[index * 4 + 3] = 255 }
    }

    /// Reads `PLTE`. A malformed palette is fatal for a palette image and ignored otherwise
    /// (it is only a suggestion there), as libpng does.
    mutating func readPalette(_ bytes: [UInt8], payload: Range<Int>, header: PNGHeader) throws(ImageError) {
        let count = payload.count / 3
        guard payload.count % 3 == 0, (1...256).contains(count), paletteCount == 0 else {
            if header.colorType == .palette { throw ImageError(.badImageData) }
            return
        }
        guard header.colorType != .gray, header.colorType != .grayAlpha else { return }
        for index in 0..<count {
            let source = payload.lowerBound + index * 3
            palette[index * 4] = bytes[source]
            palette[index * 4 + 1] = bytes[source + 1]
            palette[index * 4 + 2] = bytes[source + 2]
        }
        paletteCount = count
    }

    /// Reads `tRNS`. One of the wrong size or for an image with an alpha channel is ignored,
    /// as libpng does.
    mutating func readTransparency(_ bytes: [UInt8], payload: Range<Int>, header: PNGHeader) {
        let start = payload.lowerBound
        switch header.colorType {
        case .palette:
            guard payload.count <= paletteCount else { return }
            for index in 0..<payload.count { palette[index * 4 + 3] = bytes[start + index] }
        case .gray:
            guard payload.count == 2 else { return }
            let gray = PNGChunk.readUInt16(bytes, at: start)
            transparentKey = (gray, gray, gray)
        case .rgb:
            guard payload.count == 6 else { return }
            transparentKey = (PNGChunk.readUInt16(bytes, at: start), PNGChunk.readUInt16(bytes, at: start + 2),
                              PNGChunk.readUInt16(bytes, at: start + 4))
        case .grayAlpha, .rgba:
            return
        }
    }
}
