import OspreyCore
/// One frame of an animated PNG: its `fcTL` (where it goes, how long it shows, how it is
/// drawn and cleared) and its zlib image data (from `fdAT`, or `IDAT` for a frame that is
/// also the default image).
struct APNGFrame {
    /// What happens to the frame's area after it was shown.
    enum Dispose: UInt8 {
        /// Leave the canvas as it is.
        case none = 0
        /// Clear the area to transparent black.
        case background = 1
        /// Restore the area to what it was before the frame.
        case previous = 2
    }

    /// How the frame is drawn onto the canvas.
    enum Blend: UInt8 {
        /// Replace the area, alpha included.
        case source = 0
        /// Composite over the area ("over" operator, straight alpha).
        case over = 1
    }

    let width: Int
    let height: Int
    let x: Int
    let y: Int
    /// Seconds the frame shows: `delay_num / delay_den`, a denominator of 0 meaning 100.
    let duration: Double
    let dispose: Dispose
    let blend: Blend
    /// The frame's zlib stream (`fdAT` payloads without their sequence numbers, joined).
    var data: [UInt8] = []
    /// Whether the frame's data is the `IDAT` stream (the default image is frame 0).
    var usesImageData = false

    /// Parses an `fcTL` payload after its sequence number (checked by the caller). The frame
    /// must be non-empty, lie inside the `canvas` and have a valid dispose and blend op. Being
    /// inside the canvas bounds its size; the decoder budgets all frames before composing.
    init(_ bytes: [UInt8], payload: Range<Int>, canvas: PNGHeader) throws(ImageError) {
        guard payload.count == 26 else { throw ImageError(.badImageData) }
        let start = payload.lowerBound
        width = Int(PNGChunk.readUInt32(bytes, at: start + 4))
        height = Int(PNGChunk.readUInt32(bytes, at: start + 8))
        x = Int(PNGChunk.readUInt32(bytes, at: start + 12))
        y = Int(PNGChunk.readUInt32(bytes, at: start + 16))
        guard width > 0, height > 0, x <= canvas.width - width, y <= canvas.height - height,
              let dispose = Dispose(rawValue: bytes[start + 24]),
              let blend = Blend(rawValue: bytes[start + 25]) else {
            throw ImageError(.badImageData)
        }
        let numerator = PNGChunk.readUInt16(bytes, at: start + 20)
        let denominator = PNGChunk.readUInt16(bytes, at: start + 22)
        duration = Double(numerator) / Double(denominator == 0 ? 100 : denominator)
        self.dispose = dispose
        self.blend = blend
    }
}

/// The animation an `acTL` announces: its frames in order and how often it plays.
struct APNGAnimation {
    /// How often the animation plays; 0 = forever (the `DecodedImage` convention, too).
    let loopCount: Int
    var frames: [APNGFrame] = []

    /// Each frame's rectangle in pixels, for ``AnimationBudget``.
    var framePixelCounts: [Int] { frames.map { $0.width * $0.height } }
}
