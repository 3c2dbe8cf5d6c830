import Foundation
import OspreyCore

/// The state behind ``WebPIncrementalDecoder``: the bytes so far, the RIFF chunks walked as
/// they complete, and what is being decoded (see the decoder for what each kind does).
struct WebPIncrementalState {
    enum Kind {
        /// The first chunk (or, after a still `VP8X`, the image chunk) is not known yet.
        case waiting
        /// A lossless still image: its bitstream's place in the file.
        case lossless(bitstream: Range<Int>)
        /// A lossy still image (`VP8 `, maybe after `ALPH`): decoded once its chunk is complete.
        case lossy(bitstream: Range<Int>)
        case animation
        /// Nothing more can be done incrementally: ``finish(allBytes:)`` decodes in one go.
        case fallback
    }

    let options: DecodeOptions
    /// Every byte appended (appending is amortised linear).
    private(set) var bytes: [UInt8] = []
    /// `riffSize + 8` once the 12-byte header is in.
    private var riffEnd: Int?
    /// Where the next top-level chunk starts.
    private var nextChunk = 12
    var kind = Kind.waiting
    /// The `VP8X` canvas and alpha flag, for an extended file.
    private(set) var extended: (canvas: PixelSize, hasAlpha: Bool)?
    private var lossless: VP8LIncrementalDecoder?
    /// A lossy image decoded row by row (see ``WebPIncrementalState+Lossy.swift``).
    var vp8: VP8IncrementalFrame?
    /// The lossy image's alpha plane, when it is applied (the file has alpha).
    var alphaPlane: [UInt8]?
    /// The last `ALPH` chunk before the image chunk.
    var alphaChunk: Range<Int>?
    /// A lossy image decoded in one go once its chunk is complete (a thumbnail without alpha
    /// takes the one-shot decoder's own scaled path; a payload too large to buffer).
    private var lossy: Result<DecodedImage, ImageError>?
    /// The lossy image waits for its whole chunk (``lossy``) rather than going row by row.
    var lossyWaitsForChunk = false
    private var animation: WebPIncrementalAnimation?
    /// The canvas and the size the options ask for, once known.
    var canvas = PixelSize(width: 0, height: 0), target = PixelSize(width: 0, height: 0)
    /// Grows with every row, frame or image decoded; `delivered` is its value at the last
    /// partial image.
    var progress = 0
    private var delivered = 0
    /// Rows counted in `progress`.
    var rowsDelivered = 0

    init(options: DecodeOptions) {
        self.options = options
    }

    /// Bytes the row decoders read in all, rolled-back attempts included.
    var rowBytesRead: Int { (lossless?.bytesRead ?? 0) + (vp8?.bytesRead ?? 0) }

    /// True while the kind decoded is a resumable one (or not known yet).
    var isResumable: Bool {
        if case .fallback = kind { return false }
        return true
    }

    mutating func append(_ chunk: Data) {
        bytes.append(contentsOf: chunk)
        advance(complete: false)
    }

    mutating func currentImage() -> DecodedImage? {
        guard progress > delivered else { return nil }
        delivered = progress
        switch kind {
        case .lossless:
            guard let lossless else { return nil }
            var pixels = PixelBuffer(width: lossless.width, height: lossless.height, bytes: lossless.rgba)
            if target != canvas { pixels = StreamingResampler.resize(pixels, to: target) }
            return DecodedImage(frames: [ImageFrame(pixels: pixels)], format: .webp)
        case .lossy:
            if let vp8 { return lossyImage(vp8, rows: vp8.output.rowsWritten) }
            return try? lossy?.get()
        case .animation:
            guard let last = animation?.outputs.last else { return nil }
            return DecodedImage(frames: [ImageFrame(pixels: last.pixels)], format: .webp)
        case .waiting, .fallback:
            return nil
        }
    }

    /// The final image, from the work done so far when it matches the whole file, else from
    /// a one-shot decode of `allBytes` (or of the bytes appended).
    mutating func finish(allBytes: Data?) throws(ImageError) -> DecodedImage {
        defer { self = WebPIncrementalState(options: options) }
        if let allBytes, allBytes.count != bytes.count { return try WebPDecoder().decode(allBytes, options: options) }
        advance(complete: true)
        if let image = try reuse() {
            return image.applyingColor((try? WebPContainer(bytes))?.colorProfile, options: options)
        }
        return try WebPDecoder().decode(allBytes ?? Data(bytes), options: options)
    }

    /// The final image from the incremental work, or nil when a one-shot decode must make it.
    private func reuse() throws(ImageError) -> DecodedImage? {
        guard let container = try? WebPContainer(bytes) else { return nil }
        switch kind {
        case .lossless(let bitstream):
            guard container.canvas == canvas, container.hasAlpha == (extended?.hasAlpha ?? container.hasAlpha),
                  let lossless, lossless.isComplete, let still = container.still, still.lossless,
                  still.bitstream == bitstream else { return nil }
            try options.checkCancellation()
            var pixels = PixelBuffer(width: lossless.width, height: lossless.height, bytes: lossless.rgba)
            if target != canvas { pixels = StreamingResampler.resize(pixels, to: target) }
            return DecodedImage(frames: [ImageFrame(pixels: pixels)], format: .webp)
        case .lossy(let bitstream):
            guard let still = container.still, still.bitstream == bitstream else { return nil }
            if let vp8 {
                guard vp8.isComplete, container.canvas == canvas, container.hasAlpha == (extended?.hasAlpha ?? false),
                      still.alpha == alphaChunk else { return nil }
                try options.checkCancellation()
                return lossyImage(vp8, rows: vp8.info.height)
            }
            guard case .success(let image)? = lossy else { return nil }
            return image
        case .animation:
            guard container.still == nil, container.canvas == canvas, let animation,
                  container.hasAlpha == animation.hasAlpha else { return nil }
            try options.checkCancellation()
            return animation.result(frames: container.frames, loopCount: container.loopCount)
        case .waiting, .fallback:
            return nil
        }
    }

    // MARK: - Walking the chunks

    /// Reads every chunk header and complete chunk that arrived, and decodes what they allow.
    /// `complete`: every byte is in.
    private mutating func advance(complete: Bool) {
        if riffEnd == nil {
            guard bytes.count >= 12 else { return }
            guard bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
                kind = .fallback
                return
            }
            let riffSize = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
            guard riffSize >= 12 else {
                kind = .fallback
                return
            }
            riffEnd = riffSize + 8
        }
        guard let riffEnd else { return }
        let end = min(bytes.count, riffEnd)
        while end - nextChunk >= 8 {
            if case .fallback = kind { return }
            let size = Int(bytes[nextChunk + 4]) | Int(bytes[nextChunk + 5]) << 8
                | Int(bytes[nextChunk + 6]) << 16 | Int(bytes[nextChunk + 7]) << 24
            let payloadStart = nextChunk + 8
            guard size <= riffEnd - payloadStart else {
                // Cut off by the RIFF size: the container leaves it out.
                if isWaitingForFirst { kind = .fallback }
                break
            }
            let chunk = WebPChunks.Chunk(fourCC: String(decoding: bytes[nextChunk..<nextChunk + 4], as: UTF8.self),
                                         payload: payloadStart..<payloadStart + size)
            if case .waiting = kind { startImage(chunk) }
            guard chunk.payload.upperBound <= end else { break }
            chunkCompleted(chunk)
            nextChunk = chunk.payload.upperBound + (size & 1)
        }
        if complete, case .waiting = kind { kind = .fallback }
        decodeLossless(complete: complete)
        decodeLossy()
    }

    private var isWaitingForFirst: Bool {
        if case .waiting = kind { return true }
        return false
    }

    /// The header of a chunk arrived while the image's kind is unknown.
    private mutating func startImage(_ chunk: WebPChunks.Chunk) {
        let first = chunk.payload.lowerBound == 20
        switch chunk.fourCC {
        case "VP8L" where first || extended != nil:
            kind = .lossless(bitstream: chunk.payload)
        case "VP8 " where first || extended != nil:
            kind = .lossy(bitstream: chunk.payload)
        case "VP8X" where first:
            break   // read once complete
        default:
            if first { kind = .fallback }
        }
    }

    private mutating func chunkCompleted(_ chunk: WebPChunks.Chunk) {
        switch kind {
        case .waiting where chunk.fourCC == "VP8X" && chunk.payload.lowerBound == 20:
            readExtendedHeader(chunk)
        case .waiting where chunk.fourCC == "ALPH":
            alphaChunk = chunk.payload
        case .lossy(let bitstream) where chunk.payload == bitstream && vp8 == nil:
            // The file so far holds the whole image: its one-shot decode is the final image.
            lossy = Result { () throws(ImageError) in try WebPDecoder().decode(Data(bytes), options: options) }
            if case .success = lossy { progress += 1 }
        case .animation where chunk.fourCC == "ANMF":
            guard let frame = WebPContainer.frame(chunk, in: bytes) else { return }
            let before = animation?.outputs.count
            animation?.add(frame, in: bytes)
            if animation?.outputs.count != before { progress += 1 }
        default:
            break
        }
    }

    private mutating func readExtendedHeader(_ chunk: WebPChunks.Chunk) {
        guard chunk.payload.count >= 10 else {
            kind = .fallback
            return
        }
        let base = chunk.payload.lowerBound
        let flags = bytes[base]
        func u24(_ offset: Int) -> Int {
            Int(bytes[base + offset]) | Int(bytes[base + offset + 1]) << 8 | Int(bytes[base + offset + 2]) << 16
        }
        let size = PixelSize(width: u24(4) + 1, height: u24(7) + 1)
        let hasAlpha = flags & 0x10 != 0
        extended = (size, hasAlpha)
        guard let target = try? options.checkDecode(source: size, streamed: false) else {
            kind = .fallback
            return
        }
        canvas = size
        self.target = target
        if flags & 0x02 != 0 {
            kind = .animation
            animation = WebPIncrementalAnimation(canvas: size, target: target, hasAlpha: hasAlpha, options: options)
        }
    }

    // MARK: - Lossless

    private mutating func decodeLossless(complete: Bool) {
        guard case .lossless(let bitstream) = kind else { return }
        let available = min(bytes.count, bitstream.upperBound)
        if lossless == nil {
            guard available - bitstream.lowerBound >= 5 else {
                if complete { kind = .fallback }
                return
            }
            guard let (decoder, size, target) = makeLosslessDecoder(bitstream) else {
                kind = .fallback
                return
            }
            lossless = decoder
            canvas = size
            self.target = target
        }
        guard var decoder = lossless else { return }
        lossless = nil   // moved out, so advancing it does not copy its buffers
        bytes.withUnsafeBufferPointer { bytes in
            decoder.advance(UnsafeBufferPointer(rebasing: bytes[bitstream.lowerBound + 5..<available]),
                            complete: available == bitstream.upperBound)
        }
        if decoder.failed {
            kind = .fallback
            return
        }
        if decoder.rowsDone > 0 && decoder.rowsDone != rowsDelivered {
            progress += decoder.rowsDone - rowsDelivered
            rowsDelivered = decoder.rowsDone
        }
        lossless = decoder
    }

    /// The decoder for the lossless image whose bitstream starts at `bitstream`, once its
    /// header is checked against the container and the limits; nil when the image cannot be
    /// decoded (the one-shot decode then reports why).
    private func makeLosslessDecoder(_ bitstream: Range<Int>) -> (VP8LIncrementalDecoder, PixelSize, PixelSize)? {
        let header = bytes.withUnsafeBufferPointer { bytes in
            try? VP8LDecoder.header(UnsafeBufferPointer(rebasing: bytes[bitstream.lowerBound..<bitstream.lowerBound + 5]))
        }
        guard let header else { return nil }
        let size = PixelSize(width: header.width, height: header.height)
        if let extended, extended.canvas != size { return nil }
        guard let target = try? options.checkDecode(source: size, streamed: false) else { return nil }
        let opaque = !header.alphaIsUsed || !(extended?.hasAlpha ?? true)
        return (VP8LIncrementalDecoder(header: header, opaque: opaque, cancellation: options.cancellation), size, target)
    }
}
