import OspreyCore
/// Everything a PNG file says, read chunk by chunk and checked, before any pixel is decoded.
///
/// Rules: `IHDR` comes first (its size is checked against the pixel limit at once), `PLTE`
/// before `IDAT`, the image data in `IDAT` chunks (joined, also when other chunks interleave),
/// `IEND` last. Unknown ancillary chunks are skipped; an unknown critical chunk, a bad CRC, a
/// palette image without `PLTE`, or a missing `IHDR`, `IDAT` or `IEND` is
/// ``ImageError/Code/badImageData``. `acTL` before `IDAT` makes the file an APNG; its `fcTL`
/// and `fdAT` chunks must then carry consecutive sequence numbers.
struct PNGContainer {
    let header: PNGHeader
    /// The size the default image decodes to (``DecodeOptions/targetSize(for:)``).
    let target: PixelSize
    private(set) var colors = PNGColors()
    /// The default image's zlib stream (all `IDAT` payloads joined).
    private(set) var imageData: [UInt8] = []
    /// The animation, when there is one and the caller wants more than the first frame.
    private(set) var animation: APNGAnimation?
    /// The `eXIf` chunk's orientation (nil without one or when unreadable).
    private(set) var orientation: ImageOrientation?

    /// Parses `bytes`. With `firstFrameOnly`, APNG chunks are checked but not collected.
    init(_ bytes: [UInt8], options: DecodeOptions) throws(ImageError) {
        var reader = try PNGChunkReader(bytes)
        guard let first = try reader.next(), first.type == PNGChunk.IHDR else { throw ImageError(.badImageData) }
        header = try PNGHeader(bytes, payload: first.payload)
        // Every decode of the file can at least fall back to the default image, so that one
        // must fit the limits; an animation is budgeted by the decoder once its frames are known.
        target = try options.checkDecode(source: PixelSize(width: header.width, height: header.height),
                                         streamed: !header.interlaced)

        var parser = APNGParser(wanted: !options.firstFrameOnly)
        var sawImageData = false
        var sawEnd = false
        while !sawEnd, let chunk = try reader.next() {
            switch chunk.type {
            case PNGChunk.IHDR:
                throw ImageError(.badImageData)
            case PNGChunk.PLTE:
                guard !sawImageData else { throw ImageError(.badImageData) }
                try colors.readPalette(bytes, payload: chunk.payload, header: header)
            case PNGChunk.tRNS:
                if !sawImageData { colors.readTransparency(bytes, payload: chunk.payload, header: header) }
            case PNGChunk.IDAT:
                guard !parser.sawFrameData else { throw ImageError(.badImageData) }
                sawImageData = true
                imageData.append(contentsOf: bytes[chunk.payload])
            case PNGChunk.acTL, PNGChunk.fcTL, PNGChunk.fdAT:
                try parser.read(chunk, in: bytes, canvas: header, afterImageData: sawImageData)
            case PNGChunk.IEND:
                sawEnd = true
            case PNGChunk.eXIf:
                orientation = ExifOrientationParser.orientation(in: bytes[chunk.payload])
            default:
                guard !chunk.isCritical else { throw ImageError(.badImageData) }
            }
        }
        guard sawEnd, sawImageData else { throw ImageError(.badImageData) }
        guard header.colorType != .palette || colors.paletteCount > 0 else { throw ImageError(.badImageData) }
        animation = parser.animation
    }
}

/// Collects the frames of an APNG from its `acTL`, `fcTL` and `fdAT` chunks.
private struct APNGParser {
    /// Whether the caller wants the frames (not only the default image).
    let wanted: Bool
    private(set) var animation: APNGAnimation?
    private(set) var sawFrameData = false
    private var nextSequence = 0

    init(wanted: Bool) { self.wanted = wanted }

    mutating func read(_ chunk: PNGChunk, in bytes: [UInt8], canvas: PNGHeader, afterImageData: Bool) throws(ImageError) {
        let payload = chunk.payload
        switch chunk.type {
        case PNGChunk.acTL:
            // An acTL after the image data, a second one, or one announcing no frames does
            // not make an animation; the file is then a still image.
            guard wanted, !afterImageData, animation == nil, payload.count == 8,
                  PNGChunk.readUInt32(bytes, at: payload.lowerBound) > 0 else { return }
            animation = APNGAnimation(loopCount: Int(PNGChunk.readUInt32(bytes, at: payload.lowerBound + 4)))
        case PNGChunk.fcTL:
            guard animation != nil else { return }
            try checkSequence(bytes, payload: payload)
            var frame = try APNGFrame(bytes, payload: payload, canvas: canvas)
            if !afterImageData {
                // The default image is the first frame and must cover the canvas.
                guard animation?.frames.isEmpty == true, frame.x == 0, frame.y == 0,
                      frame.width == canvas.width, frame.height == canvas.height else {
                    throw ImageError(.badImageData)
                }
                frame.usesImageData = true
            }
            animation?.frames.append(frame)
        case PNGChunk.fdAT:
            sawFrameData = true
            guard animation != nil else { return }
            try checkSequence(bytes, payload: payload)
            guard afterImageData, let last = animation?.frames.indices.last,
                  animation?.frames[last].usesImageData == false else { throw ImageError(.badImageData) }
            animation?.frames[last].data.append(contentsOf: bytes[(payload.lowerBound + 4)..<payload.upperBound])
        default:
            break
        }
    }

    /// The sequence number that starts `fcTL` and `fdAT` must count up from 0.
    private mutating func checkSequence(_ bytes: [UInt8], payload: Range<Int>) throws(ImageError) {
        guard payload.count >= 4, Int(PNGChunk.readUInt32(bytes, at: payload.lowerBound)) == nextSequence else {
            throw ImageError(.badImageData)
        }
        nextSequence += 1
    }
}
