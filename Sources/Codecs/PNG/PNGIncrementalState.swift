import Foundation
import OspreyCore

/// The state behind ``PNGIncrementalDecoder``: the chunk parser, what the chunks before the
/// image data said, and (from the first `IDAT` on) the row stream and the canvas.
///
/// The chunk rules are ``PNGContainer``'s: `IHDR` first and once (its size checked against
/// the limits at once), `PLTE` before the image data, `tRNS` after it ignored, `IDAT` after
/// `fdAT` rejected, unknown critical chunks rejected, `IEND` required.
struct PNGIncrementalState {
    private let options: DecodeOptions
    private var parser = PNGStreamParser()
    private var header: PNGHeader?
    private var colors = PNGColors()
    private var orientation: ImageOrientation?
    private var rows: PNGRowStream?
    private var canvas: PNGProgressiveCanvas?
    private var sawImageData = false
    private var sawFrameData = false
    /// Only a one-shot decode of the whole file gives the right final image.
    private var needsOneShot = false
    /// The first error met; no partial image is made after it.
    private var failure: ImageError?
    /// The rows and the zlib stream ended properly.
    private var rowsComplete = false

    init(options: DecodeOptions) {
        self.options = options
    }

    var inputBytesMoved: Int { rows?.inputBytesMoved ?? 0 }

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
            try pumpRows()
        } catch {
            failure = error
        }
    }

    mutating func currentImage() -> DecodedImage? {
        guard failure == nil, let canvas, let pixels = canvas.partialImage() else { return nil }
        return image(from: pixels)
    }

    mutating func finish(allBytes: Data?) throws(ImageError) -> DecodedImage {
        do throws(ImageError) {
            if let failure { throw failure }
            try options.checkCancellation()
            guard parser.sawEnd, sawImageData, let header, let rows, let canvas else { throw ImageError(.badImageData) }
            guard header.colorType != .palette || colors.paletteCount > 0 else { throw ImageError(.badImageData) }
            guard !needsOneShot else { throw ImageError(.unsupportedFormat) }
            rows.endData()
            try pumpRows()
            guard rowsComplete else { throw ImageError(.badImageData) }
            return image(from: canvas.finalImage())
        } catch {
            if error.code == .cancelled { throw error }
            failure = error
            // The one-shot decoder has the last word: it decodes what this one cannot, and
            // reports the error of a file that is bad.
            guard let allBytes else { throw error }
            return try PNGDecoder().decode(allBytes, options: options)
        }
    }

    /// The image of `pixels`, turned upright when the file says so (as ``PNGDecoder`` does).
    private func image(from pixels: PixelBuffer) -> DecodedImage {
        let image = DecodedImage(frames: [ImageFrame(pixels: pixels)], format: .png)
        let orientation = options.applyOrientation ? orientation ?? .up : .up
        guard orientation != .up else { return image }
        return image.mapFrames { orientation.apply(to: $0) } ?? image
    }

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
            guard header != nil, !sawFrameData else { throw ImageError(.badImageData) }
            if !sawImageData { try startImageData() }
            rows?.append(bytes)
        case .imageDataChunkEnded:
            break
        case .chunk(let type, let payload):
            try read(type: type, payload: payload)
        }
    }

    /// A chunk other than `IDAT`, as ``PNGContainer`` reads it.
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
        case PNGChunk.acTL, PNGChunk.fcTL:
            // An animation whose frames are wanted is composed by the one-shot decoder.
            if !options.firstFrameOnly { needsOneShot = true }
        case PNGChunk.fdAT:
            sawFrameData = true
            if !options.firstFrameOnly { needsOneShot = true }
        case PNGChunk.eXIf:
            orientation = ExifOrientationParser.orientation(in: payload)
            if sawImageData, options.applyOrientation, orientation?.swapsAxes == true,
               options.thumbnailPixelSize != nil {
                needsOneShot = true
            }
        case PNGChunk.IEND:
            rows?.endData()
        default:
            guard type & 0x2000_0000 != 0 else { throw ImageError(.badImageData) }
        }
    }

    /// The first image data: the palette and transparency are final, so the rows can start.
    private mutating func startImageData() throws(ImageError) {
        guard let header else { throw ImageError(.badImageData) }
        sawImageData = true
        var stored = options
        if options.applyOrientation, orientation?.swapsAxes == true, let box = options.thumbnailPixelSize {
            // As the one-shot decoder does: the thumbnail fits the upright image.
            stored.thumbnailPixelSize = PixelSize(width: box.height, height: box.width)
        }
        let target = try stored.checkDecode(source: PixelSize(width: header.width, height: header.height),
                                            streamed: !header.interlaced)
        rows = try PNGRowStream(header: header)
        canvas = PNGProgressiveCanvas(header: header, colors: colors, target: target)
    }
}
