import OspreyCore
/// Decodes one PNG image whose zlib data is all there (an APNG frame's sub-image, or a default
/// image kept aside while an animation was read) to RGBA, full size or as a thumbnail, through
/// the one row engine (``PNGRowStream``) and canvas (``PNGProgressiveCanvas``) of the decoder.
enum PNGRaster {
    /// The image at full size.
    static func decode(header: PNGHeader, colors: PNGColors, data: [UInt8],
                       cancellation: DecodeCancellation? = nil) throws(ImageError) -> PixelBuffer {
        try decode(header: header, colors: colors, data: data,
                   target: PixelSize(width: header.width, height: header.height), cancellation: cancellation)
    }

    /// The image shrunk to `target` (no larger than the image) while its rows are decoded, so
    /// only the thumbnail and a few rows (or, for Adam7, the thumbnail's sums) are held.
    static func decode(header: PNGHeader, colors: PNGColors, data: [UInt8], target: PixelSize,
                       cancellation: DecodeCancellation? = nil) throws(ImageError) -> PixelBuffer {
        let rows = try PNGRowStream(header: header, zlib: data, cancellation: cancellation)
        let canvas = PNGProgressiveCanvas(header: header, colors: colors, target: target, previews: false)
        try rows.readAll { (pass, passIndex, row, pixels) throws(ImageError) in
            canvas.put(pass, passIndex: passIndex, row: row, pixels: pixels)
        }
        return canvas.finalImage()
    }
}
