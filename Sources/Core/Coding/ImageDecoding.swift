import Foundation

/// A decoder for one or more image formats, after `SDImageCoder`.
///
/// Thread-safety contract: `decode` is called concurrently from many threads, so a decoder
/// keeps no mutable state between calls. It must never trap, hang or allocate without bound on
/// hostile input: it checks the pixel count against ``DecodeOptions/maxPixelCount`` before
/// allocating pixels, and throws ``ImageError`` (`.badImageData`, `.imageTooLarge`,
/// `.unsupportedFormat`) instead.
public protocol ImageDecoding: Sendable {
    /// Whether this decoder understands `data` (usually by its magic bytes). Cheap.
    func canDecode(_ data: Data) -> Bool
    /// Decodes `data` to RGBA frames as `options` say.
    func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage
}

/// An encoder that turns a ``DecodedImage`` into bytes of a format.
public protocol ImageEncoding: Sendable {
    /// Whether this encoder can write `format`.
    func canEncode(_ format: ImageFormat) -> Bool
    /// Encodes `image` as `format`; throws ``ImageError/Code/unsupportedFormat`` for others.
    func encode(_ image: DecodedImage, format: ImageFormat) throws(ImageError) -> Data
    /// Encodes `image` as `format` the way `options` ask (quality, progressive, subsampling,
    /// compression level). The default ignores the options and calls
    /// ``encode(_:format:)``, so an encoder written to the one-method shape keeps working.
    func encode(_ image: DecodedImage, format: ImageFormat, options: ImageEncodeOptions) throws(ImageError) -> Data
}

extension ImageEncoding {
    /// Default: every format. An encoder written to the one-method shape (only `encode`) is
    /// then tried for every format and declines the ones it cannot write by throwing
    /// ``ImageError/Code/unsupportedFormat``, after which ``ImageCoders`` tries the next
    /// encoder. (The old default, `false`, meant such an encoder was never chosen.) Override it
    /// to skip the attempt cheaply.
    public func canEncode(_ format: ImageFormat) -> Bool { true }

    /// Default: the options are ignored.
    public func encode(_ image: DecodedImage, format: ImageFormat, options: ImageEncodeOptions) throws(ImageError) -> Data {
        try encode(image, format: format)
    }
}

/// How to decode: target size, frames, orientation, and the limits a hostile file meets.
///
/// The limits, all checked *before* the work or allocation they bound (see
/// `DecodeOptions+Budgets.swift`):
/// - ``maxPixelCount``: pixels of any one canvas a decoder allocates (the output, or a
///   full-size working canvas when the format needs one).
/// - ``decodeWorkBudget``: pixels a decode may process in all (source pixels decoded, frame
///   rectangles composed, canvases read out per output frame).
/// - ``animationMemoryBudget``: bytes one animated decode may hold (canvas, frames, scratch);
///   past it only the first frame is decoded (``DecodedImage/framesDroppedByBudget``).
/// - ``cancellation``: a flag the decoder checks between frames and row bands.
///
/// Equality and hashing ignore ``cancellation``: two loads with the same options decode the
/// same pixels, whoever may cancel them. A new stored property must be added to `==` and
/// `hash(into:)`.
public struct DecodeOptions: Sendable, Hashable {
    /// The default pixel limit per canvas: 8192 × 8192 = 67,108,864 pixels
    /// (256 MiB as RGBA). Large enough for any camera photo (a 100 MP sensor is the
    /// exception, pass a larger limit for it), small enough that one hostile header cannot
    /// make a 2-core, phone-sized process allocate gigabytes.
    public static let defaultMaxPixelCount = 8192 * 8192
    /// The default ``scaleDownPixelCount``: 4096 × 4096 = 16,777,216 pixels (64 MiB as RGBA),
    /// close to SDWebImage's 60 MB scale-down limit.
    public static let defaultScaleDownPixelCount = 4096 * 4096
    /// The default ``decodeWorkBudget``: 8 × 8192 × 8192 = 536,870,912 pixels, one to two
    /// seconds of one core in a release build (measured: a 1600² animation of 100 frames
    /// decoded to a 64 × 64 thumbnail, 512 M pixels of work, took 1.4 s). Eight maximal stills'
    /// worth, or 250 frames of a 1000 × 1000 animation; an animation needing more falls back to
    /// its first frame.
    public static let defaultDecodeWorkBudget = 8 * defaultMaxPixelCount
    /// The default ``animationMemoryBudget``: 128 MiB, what a phone app can give one image
    /// (e.g. 100 frames of 560 × 560, or 28 of 1024 × 1024, with the working canvas).
    public static let defaultAnimationMemoryBudget = 128 * 1024 * 1024
    /// The default ``lazyAnimationThreshold``: 16 MiB of composed frames, e.g. 56 frames of
    /// 300 × 250 or 24 of 420 × 420. Smaller animations (most stickers and icons) are held
    /// composed, which costs nothing to play; larger ones are composed on demand.
    public static let defaultLazyAnimationThreshold = 16 * 1024 * 1024

    /// Decode straight to at most this size (as in SDWebImage's thumbnail decoding); nil =
    /// full size. Images already smaller are not enlarged.
    public var thumbnailPixelSize: PixelSize?
    /// With ``thumbnailPixelSize``: keep the aspect ratio, fitting inside the size. Default true.
    public var preserveAspectRatio: Bool = true
    /// Decode only the first frame of an animated image. Default false.
    public var firstFrameOnly: Bool = false
    /// Apply EXIF orientation so the pixels come out upright. Default true.
    public var applyOrientation: Bool = true
    /// The most pixels one canvas the decoder allocates may have: the output canvas, and a
    /// full-size working canvas where the format needs one (an animation's composition
    /// canvas, an interlaced image shrunk to a thumbnail). A thumbnail streamed from a plain
    /// image allocates only the output plus a few rows, so its source may be larger (the source
    /// still counts against ``decodeWorkBudget``). Past it: ``ImageError/Code/imageTooLarge``,
    /// before any pixel buffer is allocated. Default ``defaultMaxPixelCount``.
    public var maxPixelCount: Int = DecodeOptions.defaultMaxPixelCount
    /// Decode an image with more than ``scaleDownPixelCount`` pixels scaled down to fit that
    /// count (aspect ratio kept), through the thumbnail path, instead of at full size
    /// (SDWebImage's `scaleDownLargeImages`). Default false.
    public var scaleDownLargeImages: Bool = false
    /// With ``scaleDownLargeImages``: the most pixels the decoded image may have.
    /// Default ``defaultScaleDownPixelCount``.
    public var scaleDownPixelCount: Int = DecodeOptions.defaultScaleDownPixelCount
    /// The most pixels a decode may process: every source pixel decoded, every frame
    /// rectangle composed, and the whole canvas once per output frame (copied, or read
    /// by the thumbnail resampler). Checked before the work starts: a still image over it is
    /// ``ImageError/Code/imageTooLarge``; an animation over it decodes its first frame only.
    /// Default ``defaultDecodeWorkBudget``.
    public var decodeWorkBudget: Int = DecodeOptions.defaultDecodeWorkBudget
    /// The most bytes one animated decode may hold: all output frames, the composition
    /// canvas and the frame scratch buffers. Past it the decoder decodes only the first frame
    /// and sets ``DecodedImage/framesDroppedByBudget``, rather than fail or allocate.
    /// Default ``defaultAnimationMemoryBudget``.
    public var animationMemoryBudget: Int = DecodeOptions.defaultAnimationMemoryBudget
    /// Bytes of composed frames (width × height × 4 × frames, at the decoded size) above which an
    /// animation decodes **lazily**: the ``DecodedImage`` keeps the encoded frames and composes
    /// frame *n* when asked (``AnimationFrameSource``), holding composition canvases (cursors
    /// and keyframes: ``LazyAnimationKeyframes``), the first frame and a window of recent frames
    /// instead of all of them. Every built-in animation format (GIF, APNG, WebP) does so. An animation whose
    /// composed frames would not fit ``animationMemoryBudget`` is also decoded lazily (before,
    /// it fell back to its first frame); only when even the lazy state does not fit, or one pass
    /// over the frames exceeds ``decodeWorkBudget``, is the first frame all that is decoded.
    /// 0 makes every animation lazy, `Int.max` none. Does not change pixels (not in cache keys).
    /// Default ``defaultLazyAnimationThreshold``.
    public var lazyAnimationThreshold: Int = DecodeOptions.defaultLazyAnimationThreshold
    /// Lets the caller stop a decode in progress: decoders check it between frames and row
    /// bands and throw ``ImageError/Code/cancelled``. Not part of equality or hashing.
    /// Default nil (never cancelled).
    public var cancellation: DecodeCancellation?
    /// Convert the pixels from the image's embedded colour profile (ICC, or PNG `gAMA`/`cHRM`/
    /// `cICP`) to sRGB, relative colorimetric intent, while decoding. Images without colour
    /// information, sRGB-tagged ones, gray and CMYK images, and profiles that cannot be read are
    /// left as they are (bit-identical to a decode without it). The converted image's
    /// ``DecodedImage/colorProfile`` is ``ImageColorProfile/sRGB``. Default false: pixels stay
    /// in the file's colour space and the profile travels with the image.
    public var convertToSRGB: Bool = false

    /// Full-size decoding of every frame, upright, with the default limit.
    public init() {}

    /// The options one load asks for. This is the only mapping from a load's options and
    /// context to decode options: the downloader, the disk tier and the manager all call it,
    /// and ``CacheKey`` derives the key from its result, so an image is always stored under
    /// a key that names how it was decoded.
    ///
    /// - ``ImageContext/thumbnailPixelSize`` and ``ImageContext/preserveAspectRatio`` → the
    ///   thumbnail settings;
    /// - ``ImageOptions/decodeFirstFrameOnly`` → ``firstFrameOnly``;
    /// - ``ImageOptions/scaleDownLargeImages`` → ``scaleDownLargeImages``;
    /// - ``ImageContext/maxPixelCount`` → ``maxPixelCount`` (when set);
    /// - ``ImageContext/convertToSRGB`` → ``convertToSRGB``.
    ///
    /// ``ImageOptions/avoidDecodeImage`` is not mapped: it decides whether to decode at all,
    /// which the caller checks before asking how.
    ///
    /// `context` is borrowed: an initializer takes its arguments owned by default, which made
    /// every memory hit copy the whole context (and retain each of its references) just to
    /// read four fields from it.
    public init(options: ImageOptions, context: borrowing ImageContext) {
        thumbnailPixelSize = context.thumbnailPixelSize
        preserveAspectRatio = context.preserveAspectRatio
        firstFrameOnly = options.contains(.decodeFirstFrameOnly)
        scaleDownLargeImages = options.contains(.scaleDownLargeImages)
        if let limit = context.maxPixelCount { maxPixelCount = limit }
        convertToSRGB = context.convertToSRGB
    }

    /// The size to decode an image of `size` to: `size` itself without a thumbnail size or
    /// when the image already fits; otherwise scaled down (fitted when the aspect ratio is
    /// preserved, exactly the thumbnail size when not). Then, with ``scaleDownLargeImages``,
    /// scaled down further to at most ``scaleDownPixelCount`` pixels. Never smaller than 1 × 1.
    public func targetSize(for size: PixelSize) -> PixelSize {
        var target = size
        if let limit = thumbnailPixelSize, limit.width > 0, limit.height > 0,
           size.width > limit.width || size.height > limit.height {
            target = preserveAspectRatio ? Self.fitting(size, inside: limit)
                : PixelSize(width: min(size.width, limit.width), height: min(size.height, limit.height))
        }
        if scaleDownLargeImages, target.pixelCount > max(scaleDownPixelCount, 1) {
            target = Self.scaledDown(target, toAtMost: max(scaleDownPixelCount, 1))
        }
        return target
    }

    /// `size` shrunk, aspect ratio kept, to the largest size with at most `pixelCount`
    /// pixels (each side ≥ 1, so a 1-pixel-high strip keeps its height and shrinks in width).
    public static func scaledDown(_ size: PixelSize, toAtMost pixelCount: Int) -> PixelSize {
        guard size.width > 0, size.height > 0, size.pixelCount > pixelCount, pixelCount >= 1 else { return size }
        let ratio = (Double(pixelCount) / Double(size.width) / Double(size.height)).squareRoot()
        // The epsilon keeps an exact fit (9000² into 4096²) from flooring to one pixel less.
        var width = max(1, min(size.width, Int(Double(size.width) * ratio + 1e-6)))
        var height = max(1, min(size.height, Int(Double(size.height) * ratio + 1e-6)))
        // A side clamped to 1 leaves the other to take the whole count; otherwise floating
        // point may land a pixel or two over, so trim the longer side.
        if height == 1 { width = min(width, pixelCount) }
        if width == 1 { height = min(height, pixelCount) }
        while width * height > pixelCount {
            if (width >= height && width > 1) || height == 1 { width -= 1 } else { height -= 1 }
        }
        return PixelSize(width: width, height: height)
    }

    /// `size` scaled (up or down) to fit inside `box`, aspect ratio kept, each side ≥ 1.
    public static func fitting(_ size: PixelSize, inside box: PixelSize) -> PixelSize {
        guard size.width > 0, size.height > 0 else { return box }
        let ratio = min(Double(box.width) / Double(size.width), Double(box.height) / Double(size.height))
        return PixelSize(width: max(1, min(box.width, Int((Double(size.width) * ratio).rounded()))),
                         height: max(1, min(box.height, Int((Double(size.height) * ratio).rounded()))))
    }

    /// Throws ``ImageError/Code/imageTooLarge`` when a `width` × `height` canvas exceeds
    /// ``maxPixelCount``, and ``ImageError/Code/badImageData`` for an empty one. Decoders call
    /// it on the header, before allocating.
    public func checkPixelCount(width: Int, height: Int) throws(ImageError) {
        guard width > 0, height > 0 else { throw ImageError(.badImageData) }
        guard PixelSize(width: width, height: height).pixelCount <= maxPixelCount else {
            throw ImageError(.imageTooLarge)
        }
    }
}

extension DecodeOptions {
    /// Equal when every option that changes the decoded pixels or the limits is equal;
    /// ``cancellation`` is ignored.
    public static func == (lhs: DecodeOptions, rhs: DecodeOptions) -> Bool {
        lhs.thumbnailPixelSize == rhs.thumbnailPixelSize && lhs.preserveAspectRatio == rhs.preserveAspectRatio
            && lhs.firstFrameOnly == rhs.firstFrameOnly && lhs.applyOrientation == rhs.applyOrientation
            && lhs.maxPixelCount == rhs.maxPixelCount && lhs.scaleDownLargeImages == rhs.scaleDownLargeImages
            && lhs.scaleDownPixelCount == rhs.scaleDownPixelCount && lhs.decodeWorkBudget == rhs.decodeWorkBudget
            && lhs.animationMemoryBudget == rhs.animationMemoryBudget
            && lhs.lazyAnimationThreshold == rhs.lazyAnimationThreshold
            && lhs.convertToSRGB == rhs.convertToSRGB
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(thumbnailPixelSize)
        hasher.combine(preserveAspectRatio)
        hasher.combine(firstFrameOnly)
        hasher.combine(applyOrientation)
        hasher.combine(maxPixelCount)
        hasher.combine(scaleDownLargeImages)
        hasher.combine(scaleDownPixelCount)
        hasher.combine(decodeWorkBudget)
        hasher.combine(animationMemoryBudget)
        hasher.combine(lazyAnimationThreshold)
        hasher.combine(convertToSRGB)
    }
}
