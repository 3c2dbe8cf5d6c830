import OspreyCore
/// Collects the frames of an APNG from its `acTL`, `fcTL` and `fdAT` chunks, in file order, as
/// each chunk arrives whole and checked.
///
/// Rules: an `acTL` before the image data that announces at least one frame makes the file an
/// animation (a second one, a late one or one announcing none leaves it a still image); `fcTL`
/// and `fdAT` then carry sequence numbers counting up from 0; an `fcTL` before the image data
/// makes the default image the first frame, which must cover the canvas; `fdAT` belongs to the
/// last `fcTL` after the image data. Anything else is ``ImageError/Code/badImageData``. Without
/// `wanted` (first frame only) only ``sawFrameData`` is kept: image data after frame data is
/// still an error.
struct APNGParser {
    /// Whether the caller wants the frames (not only the default image).
    let wanted: Bool
    private(set) var animation: APNGAnimation?
    private(set) var sawFrameData = false
    private var nextSequence = 0

    init(wanted: Bool) { self.wanted = wanted }

    /// Reads one chunk of type `type` whose payload is `bytes[payload]`; `canvas` is the header.
    mutating func read(type: UInt32, payload: Range<Int>, in bytes: [UInt8], canvas: PNGHeader,
                       afterImageData: Bool) throws(ImageError) {
        switch type {
        case PNGChunk.acTL:
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
