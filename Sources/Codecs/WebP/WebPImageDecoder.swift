import OspreyCore

/// Decodes one coded image of a WebP file (the still image or one animation frame) to
/// full-size RGBA: a lossless bitstream by ``VP8LDecoder``; a lossy one by ``VP8Decoder``,
/// with the `ALPH` plane (when present) as its alpha.
enum WebPImageDecoder {
    /// Decodes `image` of `bytes`, which must declare `size`. With `opaque`, alpha is 255.
    /// Checks `options`' limits before allocating (thumbnail options are ignored: the result is
    /// always full size).
    static func decode(_ image: WebPImageChunks, in bytes: [UInt8], size: PixelSize, opaque: Bool,
                       options: DecodeOptions) throws(ImageError) -> PixelBuffer {
        var options = options
        options.thumbnailPixelSize = nil
        options.scaleDownLargeImages = false
        let declared = try WebPContainer.bitstreamSize(image, in: bytes)
        guard declared.size == size else { throw ImageError(.badImageData) }
        _ = try options.checkDecode(source: size, streamed: false)
        var pixels = try bytes.withUnsafeBufferPointer { (bytes) throws(ImageError) -> PixelBuffer in
            let payload = UnsafeBufferPointer(rebasing: bytes[image.bitstream])
            if image.lossless { return try VP8LDecoder.decode(payload, options: options) }
            var pixels = try VP8Decoder.decode(UnsafeRawBufferPointer(payload), options: options)
            guard pixels.width == size.width, pixels.height == size.height,
                  pixels.bytes.count == size.pixelCount * 4 else { throw ImageError(.badImageData) }
            if let alpha = image.alpha, !opaque {
                // Straight into the output's alpha bytes: no plane beside the image.
                try pixels.bytes.withUnsafeMutableBufferPointer { (rgba) throws(ImageError) in
                    try WebPAlpha.decode(UnsafeBufferPointer(rebasing: bytes[alpha]), width: size.width,
                                         height: size.height, cancellation: options.cancellation,
                                         intoAlphaOf: rgba.baseAddress!)
                }
            }
            return pixels
        }
        if opaque {
            pixels.bytes.withUnsafeMutableBufferPointer { rgba in
                for index in stride(from: 3, to: rgba.count, by: 4) { rgba[index] = 255 }
            }
        }
        return pixels
    }

    /// A thumbnail of a lossy image without alpha, shrunk while macroblock rows are converted
    /// (``VP8Decoder/decodeScaled(_:options:)``: no full-size RGBA image is made). Nil when the
    /// decoder's size differs from `target`, for the caller to take the full-size path.
    static func decodeLossyThumbnail(_ image: WebPImageChunks, in bytes: [UInt8], size: PixelSize, target: PixelSize,
                                     options: DecodeOptions) throws(ImageError) -> PixelBuffer? {
        let declared = try WebPContainer.bitstreamSize(image, in: bytes)
        guard declared.size == size else { throw ImageError(.badImageData) }
        let pixels = try bytes.withUnsafeBufferPointer { (bytes) throws(ImageError) -> PixelBuffer in
            let payload = UnsafeBufferPointer(rebasing: bytes[image.bitstream])
            return try VP8Decoder.decodeScaled(UnsafeRawBufferPointer(payload), options: options)
        }
        return pixels.size == target ? pixels : nil
    }
}
