import OspreyCore

/// Decodes one coded image of a WebP file whose bytes are all there (an animation frame) to
/// full-size RGBA: a ``WebPImageStream`` given every byte at once.
enum WebPImageDecoder {
    /// Decodes `image` of `bytes`, which must declare `size`. With `opaque`, alpha is 255.
    /// Checks `options`' limits before allocating (thumbnail options are ignored: the result is
    /// always full size).
    static func decode(_ image: WebPImageChunks, in bytes: [UInt8], size: PixelSize, opaque: Bool,
                       options: DecodeOptions) throws(ImageError) -> PixelBuffer {
        let stream = WebPImageStream(image, declared: size, opaque: opaque, scales: false, options: options)
        bytes.withUnsafeBufferPointer { stream.advance($0) }
        return try stream.result()
    }
}
