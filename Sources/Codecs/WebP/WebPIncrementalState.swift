import Foundation
import OspreyCore

/// The state behind ``WebPIncrementalDecoder`` and ``WebPDecoder``'s one-shot decode: the bytes
/// so far, the RIFF chunks walked as they complete, and the image they are decoded into (see
/// ``WebPIncrementalDecoder`` for what each kind does).
struct WebPIncrementalState {
    enum Kind {
        /// The first chunk (or, after a still `VP8X`, the image chunk) is not known yet.
        case waiting
        /// A still image, decoded by ``WebPIncrementalState/still``.
        case still
        /// An animation, decoded by ``WebPIncrementalState/animation``.
        case animation
        /// The walk cannot follow the file (its first chunk is no image and no `VP8X`, its
        /// header is cut short, or the options refuse its canvas): nothing is decoded until
        /// ``finish(allBytes:)``, which reports why or decodes the image from the container.
        case unfollowed
    }

    let options: DecodeOptions
    /// Every byte appended (appending is amortised linear).
    private(set) var bytes: [UInt8] = []
    /// `riffSize + 8` once the 12-byte header is in.
    private var riffEnd: Int?
    /// Where the next top-level chunk starts.
    private var nextChunk = 12
    private(set) var kind = Kind.waiting
    /// The `VP8X` canvas, alpha flag and ICC flag, for an extended file.
    private var extended: (canvas: PixelSize, hasAlpha: Bool, hasProfile: Bool)?
    /// The last `ALPH` chunk before the image chunk.
    private var alphaChunk: WebPChunks.Chunk?
    private var still: WebPImageStream?
    private var animation: WebPIncrementalAnimation?
    /// Partial images made so far, and handed out so far.
    private var progress = 0, delivered = 0
    private var rowsDelivered = 0
    /// The `ICCP` profile once its chunk arrived (before the image data in a valid file), and
    /// its converter with ``DecodeOptions/convertToSRGB``: partial images are shown as the
    /// final image will be, converted the same way.
    private var colorProfile: ImageColorProfile?
    private var converter: SRGBConverter?
    private var profileRead = false

    init(options: DecodeOptions) {
        self.options = options
    }

    /// The one-shot decode of `data`: the state fed the whole file at once.
    static func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        var state = WebPIncrementalState(options: options)
        state.append(data)
        return try state.finish(allBytes: nil)
    }

    /// Bytes the row decoders read in all, rolled-back attempts included.
    var rowBytesRead: Int { still?.bytesRead ?? 0 }

    mutating func append(_ chunk: Data) {
        bytes.append(contentsOf: chunk)
        advance()
    }

    mutating func currentImage() -> DecodedImage? {
        guard progress > delivered else { return nil }
        delivered = progress
        switch kind {
        case .still:
            guard let pixels = still?.partialImage() else { return nil }
            return colored(pixels)
        case .animation:
            guard let last = animation?.outputs.last else { return nil }
            return colored(last.pixels)
        case .waiting, .unfollowed:
            return nil
        }
    }

    /// A partial image of `pixels` with the colour profile known so far, converted to sRGB as
    /// the final image will be (a copy: the decoder's own canvas stays as decoded).
    private func colored(_ pixels: PixelBuffer) -> DecodedImage {
        guard let converter else {
            return DecodedImage(frames: [ImageFrame(pixels: pixels)], format: .webp).withColorProfile(colorProfile)
        }
        var converted = pixels
        converter.convert(&converted)
        return DecodedImage(frames: [ImageFrame(pixels: converted)], format: .webp).withColorProfile(.sRGB)
    }

    /// The final image: the container read (no pixels) for its checks and its structure, then
    /// the image decoded as the bytes arrived. Only when the walk could not follow the file, or
    /// followed other chunks than the container names (which valid files never make it do), is
    /// the image decoded here from the container's chunks, by the same decoders.
    mutating func finish(allBytes: Data?) throws(ImageError) -> DecodedImage {
        defer { self = WebPIncrementalState(options: options) }
        if let allBytes, allBytes.count != bytes.count {
            // Other bytes than those appended: the image is theirs.
            return try Self.decode(allBytes, options: options)
        }
        let container = try WebPContainer(bytes)
        // The colour profile (ICCP) is attached, and with `convertToSRGB` applied, to whatever
        // image this ends with.
        return try image(of: container).applyingColor(container.colorProfile, options: options)
    }

    /// The image `finish` returns, before its colour profile is applied.
    private mutating func image(of container: WebPContainer) throws(ImageError) -> DecodedImage {
        _ = try options.checkDecode(source: container.canvas, streamed: false)
        try options.checkCancellation()
        if let image = container.still {
            let declared = bytes[12..<16].elementsEqual("VP8X".utf8) ? container.canvas : nil
            let opaque = !container.hasAlpha && (declared != nil || !image.lossless)
            var stream = still
            if stream?.matches(image, declared: declared, opaque: opaque) != true {
                stream = WebPImageStream(image, declared: declared, opaque: opaque, scales: true, options: options)
                bytes.withUnsafeBufferPointer { stream?.advance($0) }
            }
            return DecodedImage(frames: [ImageFrame(pixels: try stream!.result())], format: .webp)
        }
        var animation = self.animation
        if animation?.matches(container) != true {
            let target = try options.checkDecode(source: container.canvas, streamed: false)
            var fresh = WebPIncrementalAnimation(canvas: container.canvas, target: target,
                                                 hasAlpha: container.hasAlpha, options: options)
            fresh.add(container.frames, in: bytes)
            animation = fresh
        }
        guard let animation else { throw ImageError(.badImageData) }
        if let failure = animation.failure { throw failure }
        if animation.isLazy {
            // Frame 0 decoded (its errors are the decode's); the others when asked.
            let sequence = WebPFrameSequence(frames: container.frames, bytes: container.bytes, canvas: container.canvas,
                                             target: animation.target, opaque: !container.hasAlpha,
                                             loopCount: container.loopCount, options: options)
            return DecodedImage(frameSource: LazyAnimation(composer: sequence), format: .webp)
        }
        return animation.result(loopCount: container.loopCount)
    }

    // MARK: - Walking the chunks

    /// Reads every chunk header and complete chunk that arrived, and decodes what they allow.
    private mutating func advance() {
        if riffEnd == nil {
            guard bytes.count >= 12 else { return }
            let riffSize = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
            guard bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8), riffSize >= 12 else {
                kind = .unfollowed
                return
            }
            riffEnd = riffSize + 8
        }
        guard let riffEnd else { return }
        let end = min(bytes.count, riffEnd)
        var frames: [WebPAnimationFrame] = []
        while end - nextChunk >= 8 {
            if case .unfollowed = kind { return }
            let size = Int(bytes[nextChunk + 4]) | Int(bytes[nextChunk + 5]) << 8
                | Int(bytes[nextChunk + 6]) << 16 | Int(bytes[nextChunk + 7]) << 24
            let payloadStart = nextChunk + 8
            // Cut off by the RIFF size: the container leaves it out.
            guard size <= riffEnd - payloadStart else { break }
            let chunk = WebPChunks.Chunk(fourCC: String(decoding: bytes[nextChunk..<nextChunk + 4], as: UTF8.self),
                                         payload: payloadStart..<payloadStart + size)
            if case .waiting = kind { startImage(chunk) }
            guard chunk.payload.upperBound <= end else { break }
            chunkCompleted(chunk, frames: &frames)
            nextChunk = chunk.payload.upperBound + (size & 1)
        }
        if !frames.isEmpty {
            // All the frames that completed together count towards the plan before any is
            // composed: fed the whole file, the plan is the one for every frame.
            let before = animation?.outputs.count
            animation?.add(frames, in: bytes)
            if animation?.outputs.count != before { progress += 1 }
        }
        if let still {
            bytes.withUnsafeBufferPointer { still.advance($0) }
            let rows = still.rowsDone
            if rows > rowsDelivered {
                progress += 1
                rowsDelivered = rows
            }
        }
    }

    /// The header of a chunk arrived while the image's kind is unknown.
    private mutating func startImage(_ chunk: WebPChunks.Chunk) {
        let first = chunk.payload.lowerBound == 20
        switch chunk.fourCC {
        case "VP8L", "VP8 ":
            guard first || extended != nil else { return }
            let chunks = [alphaChunk, chunk].compactMap { $0 }
            guard let image = WebPImageChunks(chunks) else { return }
            let lossless = chunk.fourCC == "VP8L"
            let opaque = extended.map { !$0.hasAlpha } ?? !lossless
            still = WebPImageStream(image, declared: extended?.canvas, opaque: opaque, scales: true, options: options)
            kind = .still
        case "VP8X" where first:
            break   // read once complete
        default:
            if first { kind = .unfollowed }
        }
    }

    private mutating func chunkCompleted(_ chunk: WebPChunks.Chunk, frames: inout [WebPAnimationFrame]) {
        switch kind {
        case .waiting where chunk.fourCC == "VP8X" && chunk.payload.lowerBound == 20:
            readExtendedHeader(chunk)
        case .waiting where chunk.fourCC == "ALPH":
            alphaChunk = chunk
        case .animation where chunk.fourCC == "ANMF":
            if let frame = WebPContainer.frame(chunk, in: bytes) { frames.append(frame) }
        case .waiting where chunk.fourCC == "ICCP", .animation where chunk.fourCC == "ICCP":
            // As the container reads it: the first `ICCP` of a file whose `VP8X` flags one.
            guard !profileRead, extended?.hasProfile == true else { break }
            profileRead = true
            colorProfile = ColorProfileReader.icc(Array(bytes[chunk.payload]))
            converter = options.convertToSRGB ? SRGBConverter.make(for: colorProfile) : nil
        default:
            break
        }
    }

    private mutating func readExtendedHeader(_ chunk: WebPChunks.Chunk) {
        guard chunk.payload.count >= 10 else {
            kind = .unfollowed
            return
        }
        let base = chunk.payload.lowerBound
        let flags = bytes[base]
        func u24(_ offset: Int) -> Int {
            Int(bytes[base + offset]) | Int(bytes[base + offset + 1]) << 8 | Int(bytes[base + offset + 2]) << 16
        }
        let size = PixelSize(width: u24(4) + 1, height: u24(7) + 1)
        let hasAlpha = flags & 0x10 != 0
        extended = (size, hasAlpha, flags & 0x20 != 0)
        guard let target = try? options.checkDecode(source: size, streamed: false) else {
            kind = .unfollowed
            return
        }
        if flags & 0x02 != 0 {
            kind = .animation
            animation = WebPIncrementalAnimation(canvas: size, target: target, hasAlpha: hasAlpha, options: options)
        }
    }
}
