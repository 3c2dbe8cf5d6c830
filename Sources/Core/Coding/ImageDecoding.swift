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
}

extension ImageEncoding {
    /// Default: every format. An encoder written to the one-method shape (only `encode`) is
    /// then tried for every format and declines the ones it cannot write by throwing
    /// ``ImageError/Code/unsupportedFormat``, after which ``ImageCoders`` tries the next
    /// encoder. (The old default, `false`, meant such an encoder was never chosen.) Override it
    /// to skip the attempt cheaply.
    public func canEncode(_ format: ImageFormat) -> Bool { true }
}

/// How to decode: target size, frames, orientation and the safety limit.
public struct DecodeOptions: Sendable, Hashable {
    /// The default pixel limit per frame canvas: 8192 × 8192 = 67,108,864 pixels
    /// (256 MiB as RGBA). Large enough for any camera photo (a 100 MP sensor is the
    /// exception, pass a larger limit for it), small enough that one hostile header cannot
    /// make a 2-core, phone-sized process allocate gigabytes.
    public static let defaultMaxPixelCount = 8192 * 8192

    /// Decode straight to at most this size (as in SDWebImage's thumbnail decoding); nil =
    /// full size. Images already smaller are not enlarged.
    public var thumbnailPixelSize: PixelSize?
    /// With ``thumbnailPixelSize``: keep the aspect ratio, fitting inside the size. Default true.
    public var preserveAspectRatio: Bool = true
    /// Decode only the first frame of an animated image. Default false.
    public var firstFrameOnly: Bool = false
    /// Apply EXIF orientation so the pixels come out upright. Default true.
    public var applyOrientation: Bool = true
    /// Images whose canvas has more pixels than this are rejected with
    /// ``ImageError/Code/imageTooLarge`` before any pixel buffer is allocated.
    /// Default ``defaultMaxPixelCount``.
    public var maxPixelCount: Int = DecodeOptions.defaultMaxPixelCount

    /// Full-size decoding of every frame, upright, with the default limit.
    public init() {}

    /// The options one load asks for: the context's thumbnail settings and the
    /// first-frame flag from `options`.
    public init(options: ImageOptions, context: ImageContext) {
        thumbnailPixelSize = context.thumbnailPixelSize
        preserveAspectRatio = context.preserveAspectRatio
        firstFrameOnly = options.contains(.decodeFirstFrameOnly)
    }

    /// The size to decode an image of `size` to: `size` itself without a thumbnail size or
    /// when the image already fits; otherwise scaled down (fitted when the aspect ratio is
    /// preserved, exactly the thumbnail size when not). Never smaller than 1 × 1.
    public func targetSize(for size: PixelSize) -> PixelSize {
        guard let limit = thumbnailPixelSize, limit.width > 0, limit.height > 0,
              size.width > limit.width || size.height > limit.height else { return size }
        guard preserveAspectRatio else {
            return PixelSize(width: min(size.width, limit.width), height: min(size.height, limit.height))
        }
        return Self.fitting(size, inside: limit)
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
