import Foundation
import OspreyCore

/// The GIF decoder's one state: the bytes so far, the container parsed block by block as each
/// block arrives whole, and the frames composed so far. A one-shot decode (``GIFDecoder``) is
/// this state fed the whole file in one piece; an incremental decode
/// (``GIFIncrementalDecoder``) feeds it piece by piece.
///
/// Blocks are handed to ``GIFContainer/parseBlock(_:control:firstFrameOnly:)`` only once
/// complete, which a resumable scan of their sub-block lengths tells (with the whole file
/// there, every block is complete and the scan is skipped); so every byte is parsed once. At
/// the end the rest (a block cut by the end of the file) is parsed as far as it goes, and
/// ``GIFDecoder/image(of:options:resuming:)`` finishes from the frames composed already.
struct GIFIncrementalState {
    private let options: DecodeOptions
    private var bytes: [UInt8] = []
    private var container: GIFContainer?
    /// The pending graphic control (applies to the next image).
    private var control = GIFFrame()
    /// The start of the first block not parsed yet.
    private var cursor = 0
    /// The next sub-block length byte of the block at ``cursor``, while it is incomplete.
    private var scan: Int?
    /// The parser stopped (trailer, unknown block, first frame only) or the header is bad.
    private var parsingEnded = false
    /// Frames are composed for previews while the output size passed the limits and the
    /// frames so far would be composed eagerly by a one-shot decode.
    private var target: PixelSize?
    private var tally = AnimationFrameTally()
    private var composed: GIFComposedFrames?
    private var previewsStopped = false
    /// Composed frames already handed out by ``currentImage()``.
    private var shown = 0
    /// Sub-block length bytes looked at, and block-completeness checks (for the linearity test).
    private(set) var scanSteps = 0

    /// Whether every byte comes in one piece (a one-shot decode): no block can be cut by the
    /// end of the bytes so far, and no preview is composed.
    private let wholeFile: Bool

    init(options: DecodeOptions) {
        self.init(options: options, wholeFile: false)
    }

    /// A state for one decode; `wholeFile`: the file comes in one ``append(_:)``.
    init(options: DecodeOptions, wholeFile: Bool) {
        self.options = options
        self.wholeFile = wholeFile
    }

    /// The one-shot decode of `data`: the same state, fed every byte at once.
    static func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        var state = GIFIncrementalState(options: options, wholeFile: true)
        state.append(data)
        return try state.finish()
    }

    mutating func append(_ chunk: Data) {
        // Once the parser stopped, later bytes cannot change the image (nor the header error).
        guard !chunk.isEmpty, !parsingEnded else { return }
        bytes.append(contentsOf: chunk)
        if container == nil { parseHeader() }
        guard container != nil, !wholeFile else { return }
        while !parsingEnded, completeBlockEnd() != nil {
            var reader = ByteReader(bytes, position: cursor, bigEndian: false)
            let before = container!.frames.count
            let more = container!.parseBlock(&reader, control: &control, firstFrameOnly: options.firstFrameOnly)
            cursor = reader.position
            scan = nil
            if !more { parsingEnded = true }
            if container!.frames.count > before { composeLatestFrame() }
        }
    }

    /// The latest composed frame as a still image, once per frame.
    mutating func currentImage() -> DecodedImage? {
        guard let composed, composed.output.count > shown, let last = composed.output.last else { return nil }
        shown = composed.output.count
        return DecodedImage(frames: [ImageFrame(pixels: last.pixels, duration: 0)], format: .gif)
    }

    /// The final image from everything appended: exactly ``GIFDecoder``'s for these bytes.
    mutating func finish() throws(ImageError) -> DecodedImage {
        if container == nil {
            // The header never arrived whole (or is bad): its parser says why.
            var reader = ByteReader(bytes, bigEndian: false)
            _ = try GIFContainer(header: &reader)
            throw ImageError(.badImageData)
        }
        if !parsingEnded {
            // The rest, as the one-shot parser takes it: a block cut short keeps what arrived.
            var reader = ByteReader(bytes, position: cursor, bigEndian: false)
            while container!.parseBlock(&reader, control: &control, firstFrameOnly: options.firstFrameOnly) {}
            parsingEnded = true
        }
        defer { composed = nil; bytes = [] }
        return try GIFDecoder.image(of: container!, options: options, resuming: previewsStopped ? nil : composed)
    }

    // MARK: - Parsing as the bytes arrive

    private mutating func parseHeader() {
        guard bytes.count >= 13 else { return }
        let packed = bytes[10]
        let paletteBytes = packed & 0x80 != 0 ? 3 * (2 << Int(packed & 7)) : 0
        guard bytes.count >= 13 + paletteBytes else { return }
        var reader = ByteReader(bytes, bigEndian: false)
        guard let parsed = try? GIFContainer(header: &reader) else {
            parsingEnded = true   // finish() throws the one-shot parser's error
            return
        }
        container = parsed
        cursor = reader.position
        target = try? options.checkDecode(source: PixelSize(width: parsed.width, height: parsed.height), streamed: false)
    }

    /// Where the block at ``cursor`` ends, when all of it has arrived; nil while it has not.
    /// Images and extensions end with an empty sub-block; anything else is one byte (padding,
    /// or the trailer or garbage that stop the parser).
    private mutating func completeBlockEnd() -> Int? {
        guard cursor < bytes.count else { return nil }
        switch bytes[cursor] {
        case 0x2C:
            guard cursor + 10 <= bytes.count else { return nil }
            let packed = bytes[cursor + 9]
            let paletteBytes = packed & 0x80 != 0 ? 3 * (2 << Int(packed & 7)) : 0
            return subBlocksEnd(from: cursor + 10 + paletteBytes + 1)   // + the LZW minimum code size
        case 0x21:
            return subBlocksEnd(from: cursor + 2)   // + the label
        default:
            return cursor + 1
        }
    }

    /// The end of the sub-block chain starting at `start`, resuming the scan where the last
    /// call stopped (each length byte is read once).
    private mutating func subBlocksEnd(from start: Int) -> Int? {
        var position = scan ?? start
        scanSteps += 1
        while position < bytes.count {
            scanSteps += 1
            let length = Int(bytes[position])
            if length == 0 { return position + 1 }
            guard position + 1 + length <= bytes.count else { break }
            position += 1 + length
        }
        scan = position
        return nil
    }

    // MARK: - Previews

    /// Composes the frame just parsed, as the eager one-shot decode would, while the frames so
    /// far stay within its limits and plan (the one-shot checks, applied to a prefix: once a
    /// prefix is over them, every longer one is too).
    private mutating func composeLatestFrame() {
        guard let container, let frame = container.frames.last else { return }
        tally.add(frame.pixelCount)
        guard !previewsStopped, let target else { return }
        let screen = PixelSize(width: container.width, height: container.height)
        let allowed: Bool
        if tally.count == 1 {
            allowed = frame.pixelCount <= options.maxPixelCount && frame.pixelCount <= options.decodeWorkBudget
        } else {
            allowed = AnimationPlan(canvas: screen, target: target, tally: tally, options: options) == .eager
        }
        guard allowed else {
            previewsStopped = true
            composed = nil
            return
        }
        if composed == nil { composed = GIFComposedFrames(screen: screen, target: target) }
        guard !composed!.ended else { return }
        composed!.compose(frame)
    }
}
