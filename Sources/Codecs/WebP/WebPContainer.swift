import OspreyCore

/// One coded image of a WebP file: the still image, or one animation frame's sub-chunks.
struct WebPImageChunks {
    /// The `VP8 ` or `VP8L` payload.
    let bitstream: Range<Int>
    /// Whether the bitstream is lossless (`VP8L`).
    let lossless: Bool
    /// The `ALPH` payload that goes with a lossy bitstream, if any.
    let alpha: Range<Int>?

    /// The image chunks among `chunks` (the first `VP8 `/`VP8L`, and an `ALPH` before it);
    /// nil when there is no bitstream.
    init?(_ chunks: [WebPChunks.Chunk]) {
        guard let index = chunks.firstIndex(where: { $0.fourCC == "VP8 " || $0.fourCC == "VP8L" }) else { return nil }
        bitstream = chunks[index].payload
        lossless = chunks[index].fourCC == "VP8L"
        // libwebp ignores an ALPH chunk next to a lossless bitstream (it has its own alpha).
        alpha = lossless ? nil : chunks[..<index].last { $0.fourCC == "ALPH" }?.payload
    }
}

/// One `ANMF` frame of an animation.
struct WebPAnimationFrame {
    /// Offset on the canvas (always even: the file stores half of it).
    let x: Int, y: Int
    /// Frame size, which the bitstream's size must match.
    let width: Int, height: Int
    /// How long it shows, in seconds (≤ 10 ms plays at 100 ms, as browsers do).
    let duration: Double
    /// Whether it is alpha-blended over the canvas (else it replaces its rectangle).
    let blends: Bool
    /// Whether its rectangle is cleared to transparent after it was shown.
    let disposesToBackground: Bool
    /// Its coded image.
    let image: WebPImageChunks

    var pixelCount: Int { width * height }
}

/// The structure of a WebP file: simple lossy (`VP8 `), simple lossless (`VP8L`) or extended
/// (`VP8X` with `ALPH`, `ANIM`/`ANMF`; `ICCP`, `EXIF`, `XMP ` and unknown chunks skipped).
struct WebPContainer {
    /// The file.
    let bytes: [UInt8]
    /// The canvas: the image's size, or the VP8X canvas of an animation.
    let canvas: PixelSize
    /// Whether the file says it has alpha (VP8X flag, or the VP8L header's hint). When not,
    /// decoded alpha is 255, as libwebp reports the image and Pillow (the reference) keeps it.
    let hasAlpha: Bool
    /// The still image (nil for an animation).
    let still: WebPImageChunks?
    /// The animation frames that were complete in the file (empty for a still image).
    let frames: [WebPAnimationFrame]
    /// Plays of the animation (ANIM loop count: 0 = forever).
    let loopCount: Int
    /// Whether chunks were cut off by the end of the data.
    let truncated: Bool
    /// The `ICCP` chunk's payload (extended files whose VP8X flags say there is one).
    private(set) var iccPayload: Range<Int>?

    /// The embedded ICC profile, validated (nil when absent or unusable).
    var colorProfile: ImageColorProfile? {
        iccPayload.flatMap { ColorProfileReader.icc(Array(bytes[$0])) }
    }

    /// Parses `bytes`; throws ``ImageError/Code/badImageData`` when no image can be found.
    init(_ bytes: [UInt8]) throws(ImageError) {
        self.bytes = bytes
        let riff = try WebPChunks(bytes)
        truncated = riff.truncated
        guard let first = riff.chunks.first else { throw ImageError(.badImageData) }
        switch first.fourCC {
        case "VP8 ", "VP8L":
            guard let image = WebPImageChunks([first]) else { throw ImageError(.badImageData) }
            let size = try Self.bitstreamSize(image, in: bytes)
            canvas = size.size
            hasAlpha = size.alphaHint
            still = image
            frames = []
            loopCount = 0
        case "VP8X":
            var header = ByteReader(bytes, position: first.payload.lowerBound, bigEndian: false)
            guard first.payload.count >= 10 else { throw ImageError(.badImageData) }
            let flags = try header.u8()
            try header.skip(3)
            canvas = PixelSize(width: try header.u24le() + 1, height: try header.u24le() + 1)
            hasAlpha = flags & 0x10 != 0
            if flags & 0x20 != 0 { iccPayload = riff.first("ICCP")?.payload }
            if flags & 0x02 != 0 {
                still = nil
                var loops = 0
                if let anim = riff.first("ANIM"), anim.payload.count >= 6 {
                    var reader = ByteReader(bytes, position: anim.payload.lowerBound + 4, bigEndian: false)
                    loops = Int(try reader.u16le())
                }
                loopCount = loops
                frames = riff.chunks.filter { $0.fourCC == "ANMF" }.compactMap { Self.frame($0, in: bytes) }
                guard !frames.isEmpty else { throw ImageError(.badImageData) }
            } else {
                guard let image = WebPImageChunks(Array(riff.chunks.dropFirst())) else { throw ImageError(.badImageData) }
                // The bitstream must be the canvas's size, as libwebp requires.
                guard try Self.bitstreamSize(image, in: bytes).size == canvas else { throw ImageError(.badImageData) }
                still = image
                frames = []
                loopCount = 0
            }
        default:
            throw ImageError(.badImageData)
        }
    }

    /// An `ANMF` chunk's frame, or nil when it is malformed or has no bitstream.
    static func frame(_ chunk: WebPChunks.Chunk, in bytes: [UInt8]) -> WebPAnimationFrame? {
        guard chunk.payload.count >= 16 else { return nil }
        var reader = ByteReader(bytes, position: chunk.payload.lowerBound, bigEndian: false)
        guard let x = try? reader.u24le(), let y = try? reader.u24le(), let width = try? reader.u24le(),
              let height = try? reader.u24le(), let milliseconds = try? reader.u24le(), let flags = try? reader.u8()
        else { return nil }
        let inner = WebPChunks(bytes, from: chunk.payload.lowerBound + 16, to: chunk.payload.upperBound)
        guard let image = WebPImageChunks(inner.chunks) else { return nil }
        return WebPAnimationFrame(x: 2 * x, y: 2 * y, width: width + 1, height: height + 1,
                                  duration: milliseconds <= 10 ? 0.1 : Double(milliseconds) / 1000,
                                  blends: flags & 0x02 == 0, disposesToBackground: flags & 0x01 != 0, image: image)
    }

    /// The size a bitstream declares (VP8 frame header or VP8L header) and the VP8L alpha hint.
    static func bitstreamSize(_ image: WebPImageChunks, in bytes: [UInt8]) throws(ImageError) -> (size: PixelSize, alphaHint: Bool) {
        try bytes.withUnsafeBufferPointer { (bytes) throws(ImageError) in
            let payload = UnsafeBufferPointer(rebasing: bytes[image.bitstream])
            if image.lossless {
                let header = try VP8LDecoder.header(payload)
                return (PixelSize(width: header.width, height: header.height), header.alphaIsUsed)
            }
            // VP8 key frame: 3-byte frame tag (bit 0 clear), start code 9D 01 2A, 14-bit sizes.
            guard payload.count >= 10, payload[0] & 1 == 0, payload[3] == 0x9D, payload[4] == 0x01, payload[5] == 0x2A
            else { throw ImageError(.badImageData) }
            let width = (Int(payload[6]) | Int(payload[7]) << 8) & 0x3FFF
            let height = (Int(payload[8]) | Int(payload[9]) << 8) & 0x3FFF
            return (PixelSize(width: width, height: height), false)
        }
    }
}
