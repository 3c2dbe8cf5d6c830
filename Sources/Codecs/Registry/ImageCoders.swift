import Foundation
import OspreyCore

/// The registry of decoders and encoders, after `SDImageCodersManager`.
///
/// Decoders are tried newest first: a decoder added with ``addDecoder(_:)`` is asked before the
/// built-in ones, so an app can override how a format is decoded. Thread-safe.
public final class ImageCoders: Sendable {
    /// The registry used by the cache and the downloader unless told otherwise; it starts
    /// with Osprey's built-in coders.
    public static let shared = ImageCoders()

    /// Invariant: newest-first order; only touched inside `withLock`.
    let decoders: Locked<[any ImageDecoding]>
    /// Invariant: newest-first order; only touched inside `withLock`.
    private let encoders: Locked<[any ImageEncoding]>

    /// A registry holding `decoders` and `encoders` (tried in the given order), by default
    /// Osprey's built-in coders.
    public init(decoders: [any ImageDecoding] = ImageCoders.builtInDecoders,
                encoders: [any ImageEncoding] = ImageCoders.builtInEncoders) {
        self.decoders = Locked(decoders)
        self.encoders = Locked(encoders)
    }

    /// Adds a decoder that is tried before all present ones.
    public func addDecoder(_ decoder: any ImageDecoding) {
        decoders.withLock { $0.insert(decoder, at: 0) }
    }

    /// Adds an encoder that is tried before all present ones.
    public func addEncoder(_ encoder: any ImageEncoding) {
        encoders.withLock { $0.insert(encoder, at: 0) }
    }

    /// Whether some decoder accepts `data`.
    public func canDecode(_ data: Data) -> Bool {
        decoders.withLock { $0 }.contains { $0.canDecode(data) }
    }

    /// Decodes `data` with the first decoder that accepts it.
    ///
    /// Empty data is ``ImageError/Code/badImageData``; bytes no decoder accepts are
    /// ``ImageError/Code/unsupportedFormat``, whose ``ImageError/underlying`` is an
    /// ``UnsupportedImageFormat`` naming the format when it was recognised (HEIC, AVIF, TIFF
    /// on Linux). A decoder's image larger than ``DecodeOptions/thumbnailPixelSize`` (a
    /// plug-in that ignores it) is shrunk to it here.
    public func decode(_ data: Data, options: DecodeOptions = DecodeOptions()) throws(ImageError) -> DecodedImage {
        guard !data.isEmpty else { throw ImageError(.badImageData) }
        let candidates = decoders.withLock { $0 }
        guard let decoder = candidates.first(where: { $0.canDecode(data) }) else {
            throw UnsupportedImageFormat.error(for: data)
        }
        return Self.fittingThumbnail(try decoder.decode(data, options: options), options: options)
    }

    /// Encodes `image` as `format` with the first encoder that can write it, with that
    /// encoder's own settings.
    public func encode(_ image: DecodedImage, format: ImageFormat) throws(ImageError) -> Data {
        try withFirstEncoder(for: format) { (encoder) throws(ImageError) in try encoder.encode(image, format: format) }
    }

    /// Encodes `image` as `format` with the first encoder that can write it, as `options` ask
    /// (quality, progressive, chroma subsampling, PNG compression level or fast mode). A format
    /// no registered encoder writes is ``ImageError/Code/unsupportedFormat``.
    public func encode(_ image: DecodedImage, format: ImageFormat, options: ImageEncodeOptions) throws(ImageError) -> Data {
        try withFirstEncoder(for: format) { (encoder) throws(ImageError) in
            try encoder.encode(image, format: format, options: options)
        }
    }

    private func withFirstEncoder(for format: ImageFormat,
                                  _ body: (any ImageEncoding) throws(ImageError) -> Data) throws(ImageError) -> Data {
        let candidates = encoders.withLock { $0 }
        // An encoder that says yes may still decline with `.unsupportedFormat` (the default
        // `canEncode` says yes to everything): then the next one is asked.
        for encoder in candidates where encoder.canEncode(format) {
            do {
                return try body(encoder)
            } catch where error.code == .unsupportedFormat {
                continue
            }
        }
        throw ImageError(.unsupportedFormat)
    }
}
