import Foundation
import OspreyCore

/// The PNG decoder's one state: the chunk parser, what the chunks before the image data said,
/// the APNG frames, and (from the first `IDAT` on) the row stream and the canvas. A one-shot
/// decode (``PNGDecoder``) is this state fed the whole file in one piece; an incremental decode
/// (``PNGIncrementalDecoder``) feeds it piece by piece. Either way every `IDAT` byte is
/// inflated once and every row unfiltered once, as the bytes arrive; a chunk whose CRC then
/// fails fails the decode (its rows may have shown in a partial image, never in a final one).
///
/// Chunk rules: `IHDR` first and once (its size checked against the limits at once), `PLTE`
/// before the image data, `tRNS` after it ignored, `IDAT` after `fdAT` rejected, unknown
/// critical chunks rejected, `IEND` required, bytes after it ignored; APNG chunks as
/// ``APNGParser`` reads them.
///
/// Animations: when the default image is the first frame, its rows are decoded at full size
/// (the canvas the frames compose on needs them) and handed to ``APNGComposer`` as frame 0;
/// when it is not part of the animation, its data is kept aside and decoded only if the
/// animation plan falls back to the default image. A lazy animation keeps the `IDAT` stream to
/// compose frame 0 again when it is asked for, as it keeps every other frame's data.
struct PNGIncrementalState {
    private let options: DecodeOptions
    /// Whether every byte comes in one piece (a one-shot decode): no partial image is asked
    /// for, so full-size canvases are not cleared first.
    private let wholeFile: Bool
    private var parser = PNGStreamParser()
    private var header: PNGHeader?
    private var colors = PNGColors()
    private var orientation: ImageOrientation?
    /// The colour chunks before the image data; the profile and converter made from them at
    /// the first image data (the converter only with ``DecodeOptions/convertToSRGB``).
    private var colorChunks = PNGColorChunks()
    private var colorProfile: ImageColorProfile?
    private var converter: SRGBConverter?
    private var apng: APNGParser
    private var rows: PNGRowStream?
    private var canvas: PNGProgressiveCanvas?
    /// The `IDAT` stream, kept while an animation may need it (see the type's notes).
    private var imageData: [UInt8]?
    /// The size the options ask for (the thumbnail box turned when the orientation turns the
    /// image), fixed at the first image data.
    private var target = PixelSize(width: 0, height: 0)
    /// The thumbnail box was turned for the orientation before the first image data.
    private var boxTurned = false
    private var sawImageData = false
    /// The first error met; no partial image is made after it.
    private var failure: ImageError?
    /// The rows and the zlib stream ended properly.
    private var rowsComplete = false

    /// Compressed bytes a one-shot decode hands the inflater at a time.
    static let oneShotSlice = 128 * 1024

    init(options: DecodeOptions) {
        self.init(options: options, wholeFile: false)
    }

    /// A state for one decode; `wholeFile`: the file comes in one ``append(_:)``.
    init(options: DecodeOptions, wholeFile: Bool) {
        self.options = options
        self.wholeFile = wholeFile
        apng = APNGParser(wanted: !options.firstFrameOnly)
    }

    /// The one-shot decode of `data`: the same state, fed every byte at once.
    static func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        try decodeMeasured(data, options: options).image
    }

    /// ``decode(_:options:)``, with the most working bytes the decode held besides its output.
    static func decodeMeasured(_ data: Data, options: DecodeOptions) throws(ImageError) -> (image: DecodedImage, workingBytes: Int) {
        var state = PNGIncrementalState(options: options, wholeFile: true)
        state.append(data)
        let working = state.peakWorkingBytes
        return (try state.finish(allBytes: nil), working)
    }

    var inputBytesMoved: Int { rows?.inputBytesMoved ?? 0 }
    /// Bytes the canvas holds (full-size pixels, resampler sums, row buffer), for memory tests.
    var canvasBytes: Int { canvas?.heldBytes ?? 0 }
    /// Bytes of the row stream's window and scratch, for memory tests.
    var rowWindowBytes: Int { rows?.windowBytes ?? 0 }
    /// One-shot decodes: the most bytes held for the image (canvas or thumbnail working memory,
    /// row window, compressed input), sampled after every `IDAT` slice.
    private(set) var peakWorkingBytes = 0

    mutating func append(_ chunk: Data) {
        guard failure == nil, !chunk.isEmpty else { return }
        var failed: ImageError?
        // Taken out while it runs: its events change the rest of the state.
        var parser = self.parser
        chunk.withUnsafeBytes { bytes in
            do throws(ImageError) {
                try parser.feed(bytes) { (event) throws(ImageError) in try handle(event) }
            } catch {
                failed = error
            }
        }
        self.parser = parser
        do throws(ImageError) {
            if let failed { throw failed }
            if !wholeFile { try pumpRows() }
        } catch {
            failure = error
        }
    }

    mutating func currentImage() -> DecodedImage? {
        guard failure == nil, let canvas, let pixels = canvas.partialImage() else { return nil }
        var shown = pixels.size == target || target.pixelCount == 0 ? pixels : StreamingResampler.resize(pixels, to: target)
        // An animation's canvas (its first frame) is not converted row by row: its preview is
        // converted here, a copy, as the final frames will be.
        if apng.animation != nil { converter?.convert(&shown) }
        return image(from: shown)
    }

    /// The final image from every byte appended. `allBytes` is not needed: nothing is left to a
    /// second decode.
    mutating func finish(allBytes: Data?) throws(ImageError) -> DecodedImage {
        do throws(ImageError) {
            if let failure { throw failure }
            // A one-shot decode checked before its first row, moments ago.
            if !wholeFile { try options.checkCancellation() }
            guard parser.sawEnd, sawImageData, let header else { throw ImageError(.badImageData) }
            guard header.colorType != .palette || colors.paletteCount > 0 else { throw ImageError(.badImageData) }
            rows?.endData()
            try pumpRows()
            if rows != nil, !rowsComplete { throw ImageError(.badImageData) }
            return try finalImage(header: header)
        } catch {
            failure = error
            throw error
        }
    }

    // MARK: - The final image

    private mutating func finalImage(header: PNGHeader) throws(ImageError) -> DecodedImage {
        let source = PixelSize(width: header.width, height: header.height)
        var droppedFrames = false
        if let animation = apng.animation, !animation.frames.isEmpty {
            switch AnimationPlan(canvas: source, target: target, framePixelCounts: animation.framePixelCounts,
                                 options: options) {
            case .eager:
                let frameZero = animation.frames[0].usesImageData ? canvas?.finalImage() : nil
                let frames = try APNGComposer.compose(animation, header: header, colors: colors,
                                                      defaultImage: frameZero, defaultImageData: imageData ?? [],
                                                      target: target, options: options)
                return colored(fitLateTurn(oriented(DecodedImage(frames: frames, format: .png, loopCount: animation.loopCount))),
                               converted: false)
            case .lazy:
                try options.checkCancellation()
                let sequence = APNGFrameSequence(animation: animation, header: header, colors: colors,
                                                 defaultImageData: imageData ?? [], target: target)
                return colored(fitLateTurn(oriented(DecodedImage(frameSource: LazyAnimation(composer: sequence), format: .png))),
                               converted: false)
            case .firstFrameOnly:
                droppedFrames = true
            }
        }
        var pixels: PixelBuffer
        if let canvas {
            let decoded = canvas.finalImage()
            pixels = decoded.size == target ? decoded : StreamingResampler.resize(decoded, to: target)
            // An animation's canvas (its first frame kept as the still image) was not converted.
            if apng.animation != nil { converter?.convert(&pixels) }
        } else {
            // The default image was kept aside for an animation that did not take it.
            var raster = try PNGRaster.decode(header: header, colors: colors, data: imageData ?? [], target: target,
                                              cancellation: options.cancellation)
            converter?.convert(&raster)
            pixels = raster
        }
        var image = DecodedImage(frames: [ImageFrame(pixels: pixels)], format: .png, framesDroppedByBudget: droppedFrames)
        image = oriented(image)
        return fitLateTurn(image).withColorProfile(converter != nil ? .sRGB : colorProfile)
    }

    /// An animation with its colour information; its frames converted to sRGB when asked
    /// (after composing: frames are composed from many rectangles, and a lazy animation
    /// composes them later; so an animation's canvas is never converted row by row).
    /// `converted`: the pixels are sRGB already.
    private func colored(_ image: DecodedImage, converted: Bool) -> DecodedImage {
        guard let converter, !converted else { return image.withColorProfile(colorProfile) }
        let mapped = image.mapFrames { pixels in
            var pixels = pixels
            converter.convert(&pixels)
            return pixels
        } ?? image
        return mapped.withColorProfile(.sRGB)
    }

    /// The image turned upright when the file says so (as every frame of ``PNGDecoder``'s is).
    private func oriented(_ image: DecodedImage) -> DecodedImage {
        let orientation = options.applyOrientation ? orientation ?? .up : .up
        guard orientation != .up else { return image }
        return image.mapFrames { orientation.apply(to: $0) } ?? image
    }

    /// A still image of `pixels`, upright.
    private func image(from pixels: PixelBuffer) -> DecodedImage {
        oriented(DecodedImage(frames: [ImageFrame(pixels: pixels)], format: .png))
            .withColorProfile(converter != nil ? .sRGB : colorProfile)
    }

    /// An `eXIf` that turns the image but comes after the image data finds the thumbnail made
    /// for the box as stored (the PNG specification puts `eXIf` before `IDAT`; a decoder that
    /// streams rows cannot wait for it). Turned upright, a frame that no longer fits the box is
    /// shrunk once more to fit it (a resample of the thumbnail, not a second decode); one that
    /// fits is kept. One-shot and incremental decodes take the same path.
    private func fitLateTurn(_ image: DecodedImage) -> DecodedImage {
        guard options.applyOrientation, !boxTurned, orientation?.swapsAxes == true,
              options.thumbnailPixelSize != nil else { return image }
        let fitted = options.targetSize(for: image.pixelSize)
        guard fitted != image.pixelSize else { return image }
        return image.mapFrames { StreamingResampler.resize($0, to: fitted) } ?? image
    }

    // MARK: - Chunks

    private mutating func pumpRows() throws(ImageError) {
        guard let rows, let canvas, !rowsComplete else { return }
        let progress = try rows.pump { (pass, passIndex, row, pixels) throws(ImageError) in
            canvas.put(pass, passIndex: passIndex, row: row, pixels: pixels)
        }
        rowsComplete = progress == .complete
    }

    private mutating func handle(_ event: PNGStreamParser.Event) throws(ImageError) {
        switch event {
        case .imageData(let bytes):
            guard header != nil, !apng.sawFrameData else { throw ImageError(.badImageData) }
            if !sawImageData { try startImageData() }
            imageData?.append(contentsOf: bytes)
            guard wholeFile, let rows else {
                rows?.append(bytes)
                return
            }
            // The whole stream is here: hand it over a slice at a time and unfilter the rows
            // each completes, so the inflater's input holds about a slice, not a copy of the
            // whole stream. (A chunk whose CRC then fails fails the decode.)
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Self.oneShotSlice)
                rows.append(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                peakWorkingBytes = max(peakWorkingBytes, rows.bufferedInputBytes + rows.windowBytes + (canvas?.heldBytes ?? 0))
                try pumpRows()
                start = end
            }
        case .imageDataChunkEnded:
            break
        case .chunk(let type, let payload):
            try read(type: type, payload: payload)
        }
    }

    /// A chunk other than `IDAT`.
    private mutating func read(type: UInt32, payload: [UInt8]) throws(ImageError) {
        let range = 0..<payload.count
        guard let header else {
            guard type == PNGChunk.IHDR else { throw ImageError(.badImageData) }
            let header = try PNGHeader(payload, payload: range)
            // Checked now, before any row is decoded; the target is computed again once the
            // orientation is known (it may turn a thumbnail's box).
            _ = try options.checkDecode(source: PixelSize(width: header.width, height: header.height),
                                        streamed: !header.interlaced)
            self.header = header
            return
        }
        switch type {
        case PNGChunk.IHDR:
            throw ImageError(.badImageData)
        case PNGChunk.PLTE:
            guard !sawImageData else { throw ImageError(.badImageData) }
            try colors.readPalette(payload, payload: range, header: header)
        case PNGChunk.tRNS:
            if !sawImageData { colors.readTransparency(payload, payload: range, header: header) }
        case PNGChunk.acTL, PNGChunk.fcTL, PNGChunk.fdAT:
            try apng.read(type: type, payload: range, in: payload, canvas: header, afterImageData: sawImageData)
        case PNGChunk.eXIf:
            orientation = ExifOrientationParser.orientation(in: payload)
        case PNGColorChunks.iCCP, PNGColorChunks.sRGB, PNGColorChunks.gAMA, PNGColorChunks.cHRM, PNGColorChunks.cICP:
            if !sawImageData { colorChunks.read(type: type, payload: payload) }
        case PNGChunk.IEND:
            rows?.endData()
        default:
            guard type & 0x2000_0000 != 0 else { throw ImageError(.badImageData) }
        }
    }

    /// The first image data: the palette, transparency and (nearly always) orientation are
    /// known, and so is whether the default image is an animation's first frame.
    private mutating func startImageData() throws(ImageError) {
        guard let header else { throw ImageError(.badImageData) }
        sawImageData = true
        colorProfile = colorChunks.profile
        let gray = header.colorType == .gray || header.colorType == .grayAlpha
        converter = options.convertToSRGB ? SRGBConverter.make(for: colorProfile, gray: gray) : nil
        // An animation's frames are converted once composed (``colored(_:converted:)``).
        let rowConverter = apng.animation == nil ? converter : nil
        var stored = options
        if options.applyOrientation, orientation?.swapsAxes == true, let box = options.thumbnailPixelSize {
            // The thumbnail fits the upright image: decode the stored (turned) image into the turned box.
            stored.thumbnailPixelSize = PixelSize(width: box.height, height: box.width)
            boxTurned = true
        }
        let source = PixelSize(width: header.width, height: header.height)
        target = try stored.checkDecode(source: source, streamed: !header.interlaced)
        if let animation = apng.animation {
            // The default image's data is kept for a lazy frame 0 or a fallback to it.
            imageData = []
            guard animation.frames.first?.usesImageData == true else { return }
            if source.pixelCount <= options.maxPixelCount {
                // Frame 0 at full size: the canvas the frames compose on starts from it.
                rows = try PNGRowStream(header: header, cancellation: options.cancellation)
                canvas = PNGProgressiveCanvas(header: header, colors: colors, target: source, previews: !wholeFile,
                                              converter: rowConverter)
                return
            }
        }
        rows = try PNGRowStream(header: header, cancellation: options.cancellation)
        canvas = PNGProgressiveCanvas(header: header, colors: colors, target: target, previews: !wholeFile,
                                      converter: rowConverter)
    }
}
