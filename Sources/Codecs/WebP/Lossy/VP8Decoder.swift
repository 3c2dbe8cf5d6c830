import OspreyCore

/// Decodes one VP8 key frame: the payload of a WebP `VP8 ` chunk (or of an `ANMF` frame's
/// `VP8 ` sub-chunk), from its 10-byte frame header on.
///
/// This is the seam between the WebP container (`Sources/Codecs/WebP/`) and the lossy
/// decoder (`Sources/Codecs/WebP/Lossy/`): the container finds the chunk, checks limits and
/// combines the result with `ALPH`; this type turns the VP8 bits into pixels.
enum VP8Decoder {
    /// The picture size and first-partition size from the 10-byte frame header, without
    /// decoding anything (for limit checks and the canvas-size cross-check).
    static func pictureInfo(_ payload: UnsafeRawBufferPointer) throws(ImageError) -> VP8PictureInfo {
        try VP8PictureInfo(payload)
    }

    /// Decodes `payload` to opaque RGBA (alpha 255) exactly as libwebp does, with its
    /// "fancy" 4:2:0 upsampling and fixed-point YUV → RGB conversion.
    ///
    /// Always full size (``DecodeOptions/thumbnailPixelSize`` is not applied here; see
    /// ``decodeScaled(_:options:)``). Checks `options` (pixel limit, work budget) before
    /// allocating and `options.cancellation` once per macroblock row.
    /// Throws `.badImageData` for a damaged or truncated payload (as libwebp fails on them),
    /// `.unsupportedFormat` for an inter frame, `.imageTooLarge`, `.cancelled`.
    ///
    /// The planes are a sliding window of macroblock rows; `windowRows` sets its size (tests).
    static func decode(_ payload: UnsafeRawBufferPointer, options: DecodeOptions,
                       windowRows: Int? = nil) throws(ImageError) -> PixelBuffer {
        let info = try VP8PictureInfo(payload)
        let size = PixelSize(width: info.width, height: info.height)
        var fullSize = options
        fullSize.thumbnailPixelSize = nil
        fullSize.scaleDownLargeImages = false
        _ = try fullSize.checkDecode(source: size, streamed: false)
        let frame = VP8ResumableFrame(info: info, size: payload.count,
                                      output: VP8RGBAWriter(width: info.width, height: info.height),
                                      windowRows: windowRows)
        return try finish(frame, payload: payload, options: options).pixels
    }

    /// Decodes `payload` straight to ``DecodeOptions/targetSize(for:)`` (a thumbnail, or a
    /// scaled-down large image), converting and downsampling pixel rows as macroblock rows are
    /// finished, so no full-size RGBA image is ever held. Returns the full-size image when the
    /// target is the source size.
    ///
    /// When the target is at most a quarter of the source in both directions, the thumbnail is made
    /// the cheap way, as libwebp's own speed options allow: no loop filter
    /// (`bypass_filtering`), no full-size planes and no chroma upsampling. Each macroblock is
    /// box-averaged in YUV by the largest power of two (2…16) that keeps at least the target
    /// size (``VP8MacroblockReducer``) as soon as it is reconstructed, and the resampler
    /// shrinks the rest of the way. Close to, not bit-exact with, the box-filtered full
    /// decode. `exact` forces the exact path (for tests comparing the two).
    static func decodeScaled(_ payload: UnsafeRawBufferPointer, options: DecodeOptions,
                             exact: Bool = false) throws(ImageError) -> PixelBuffer {
        let info = try VP8PictureInfo(payload)
        let size = PixelSize(width: info.width, height: info.height)
        let target = try options.checkDecode(source: size, streamed: true)
        guard target != size else { return try decode(payload, options: options) }
        let frame = try scaledFrame(info, payloadSize: payload.count, target: target, options: options, exact: exact)
        return try finish(frame, payload: payload, options: options).pixels
    }

    /// The resumable decoder of a `payloadSize`-byte frame whose header is `info`, making a
    /// `target`-sized thumbnail as ``decodeScaled(_:options:exact:)`` describes; checks
    /// `options`' limits first.
    static func scaledFrame(_ info: VP8PictureInfo, payloadSize: Int, target: PixelSize, options: DecodeOptions,
                            exact: Bool = false) throws(ImageError) -> VP8ResumableFrame<VP8ResamplingWriter> {
        let size = PixelSize(width: info.width, height: info.height)
        if !exact, min(size.width, size.height) >= Self.previewMinimumSide,
           target.width * Self.cheapShrink <= size.width, target.height * Self.cheapShrink <= size.height {
            let factor = VP8MacroblockReducer.factor(source: size, target: target)
            // Held besides the output: the reducer's macroblock row and the resampler's rows.
            let reducer = VP8MacroblockReducer(pictureWidth: info.width, pictureHeight: info.height,
                                               columns: info.macroblockColumns, factor: factor)
            let output = VP8ResamplingWriter(source: PixelSize(width: reducer.width, height: reducer.height),
                                             target: target)
            return VP8ResumableFrame(info: info, size: payloadSize, output: output, reducer: reducer)
        }
        // VP8 predicts from reconstructed pixels, so Y, U and V planes (1.5 bytes a pixel) are
        // held, as a sliding window of macroblock rows: count them, in RGBA pixels, with the output.
        let planeBytes = info.macroblockColumns * VP8FrameDecoder.slidingPlaneRows(info) * 384
        guard planeBytes / 4 + target.pixelCount <= options.maxPixelCount else { throw ImageError(.imageTooLarge) }
        return VP8ResumableFrame(info: info, size: payloadSize, output: VP8ResamplingWriter(source: size, target: target))
    }

    /// `frame` given the whole `payload`: its output, or its error.
    private static func finish<Output>(_ frame: VP8ResumableFrame<Output>, payload: UnsafeRawBufferPointer,
                                       options: DecodeOptions) throws(ImageError) -> Output {
        frame.append(payload)
        frame.advance(cancellation: options.cancellation)
        if let failure = frame.failure { throw failure }
        guard frame.isComplete else { throw ImageError(.badImageData) }
        return frame.output
    }

    /// The cheap thumbnail path is for thumbnails at most this fraction of the source along
    /// each axis. Skipping the loop filter costs 33 dB at 1/2 on the strongest-filtered fixture
    /// (`lossy_q0_f100.webp`), over 36 dB from 1/4 on; from 1/4 on, every vendored fixture
    /// stays above 35 dB of the exact thumbnail.
    static let cheapShrink = 4

    /// The cheap thumbnail path is for pictures at least this tall and wide: on tiny ones
    /// the reduced grid's cut edge column or row would weigh visibly, and the exact path
    /// costs next to nothing.
    static let previewMinimumSide = 64
}

/// Lossy WebP is not decoded yet.
struct VP8NotYetAvailable: Error, CustomStringConvertible {
    var description: String { "lossy WebP (VP8) decoding is not available yet" }
}
