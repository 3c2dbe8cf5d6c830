import OspreyCore
/// Decodes one PNG image (the default image or an APNG frame's sub-image) from its zlib
/// data to RGBA, full size or as a thumbnail.
enum PNGRaster {
    /// The image at full size.
    static func decode(header: PNGHeader, colors: PNGColors, data: [UInt8],
                       cancellation: DecodeCancellation? = nil) throws(ImageError) -> PixelBuffer {
        let reader = try PNGScanlineReader(header: header, data: data, cancellation: cancellation)
        let expander = PNGRowExpander(header: header, colors: colors)
        let width = header.width
        let size = width * header.height * 4
        var failure: ImageError?
        // Uninitialised on purpose: the rows (of all Adam7 passes together) cover every pixel,
        // and a decode that stops early throws the buffer away.
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            let base = buffer.baseAddress!
            do throws(ImageError) {
                try reader.readRows { (pass, row, pixels) throws(ImageError) in
                    let y = pass.y + row * pass.dy
                    expander.expand(pixels, count: pass.width, into: base + (y * width + pass.x) * 4, step: pass.dx)
                }
            } catch {
                failure = error
            }
            count = size
        }
        if let failure { throw failure }
        return PixelBuffer(width: width, height: header.height, bytes: bytes)
    }

    /// The image shrunk to `target` (no larger than the image). A plain image is shrunk row
    /// band by row band as it is decoded, so only the thumbnail and a row are held; an
    /// interlaced one has to be decoded whole first, since its passes revisit every row.
    static func decodeThumbnail(header: PNGHeader, colors: PNGColors, data: [UInt8], target: PixelSize,
                                cancellation: DecodeCancellation? = nil) throws(ImageError) -> PixelBuffer {
        guard !header.interlaced else {
            let full = try decode(header: header, colors: colors, data: data, cancellation: cancellation)
            return StreamingResampler.resize(full, to: target)
        }
        let reader = try PNGScanlineReader(header: header, data: data, cancellation: cancellation)
        let expander = PNGRowExpander(header: header, colors: colors)
        var downsampler = StreamingResampler(source: PixelSize(width: header.width, height: header.height), target: target)
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: header.width * 4)
        defer { row.deallocate() }
        try reader.readRows { (pass, _, pixels) throws(ImageError) in
            expander.expand(pixels, count: pass.width, into: row, step: 1)
            downsampler.addRow(row)
        }
        return downsampler.pixels
    }
}
