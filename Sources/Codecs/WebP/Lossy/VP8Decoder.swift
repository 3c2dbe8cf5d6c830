import OspreyCore

/// Decodes one VP8 key frame: the payload of a WebP `VP8 ` chunk (or of an `ANMF` frame's
/// `VP8 ` sub-chunk), from its 10-byte frame header on.
///
/// This is the seam between the WebP container (`Sources/Codecs/WebP/`) and the lossy
/// decoder (`Sources/Codecs/WebP/Lossy/`): the container finds the chunk, checks limits and
/// combines the result with `ALPH`; this type turns the VP8 bits into pixels.
enum VP8Decoder {
    /// Decodes `payload` to opaque RGBA (alpha 255) exactly as libwebp does, with its
    /// "fancy" 4:2:0 upsampling and fixed-point YUV → RGB conversion.
    ///
    /// Checks `options` (pixel limit, work budget, cancellation) before allocating.
    /// Throws `.badImageData` for a payload with nothing decodable.
    static func decode(_ payload: UnsafeRawBufferPointer, options: DecodeOptions) throws(ImageError) -> PixelBuffer {
        throw ImageError(.unsupportedFormat, underlying: VP8NotYetAvailable())
    }
}

/// Lossy WebP is not decoded yet.
struct VP8NotYetAvailable: Error, CustomStringConvertible {
    var description: String { "lossy WebP (VP8) decoding is not available yet" }
}
