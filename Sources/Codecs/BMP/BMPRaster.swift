import OspreyCore

/// Decodes the pixels of a parsed BMP (or an ICO entry's colour bitmap) to RGBA, full size or
/// straight to a thumbnail.
enum BMPRaster {
    /// Rows between two cancellation checks.
    static let rowsPerCheck = 64

    /// The pixels of `header` in `bytes`, `target`-sized (the header's size, or smaller for a
    /// thumbnail), with `masks` for direct colour. `rows` is the number of stored rows that
    /// make the image (an ICO entry's header counts its mask rows too).
    ///
    /// Uncompressed rows are read top to bottom straight from the file (in either storage
    /// order), so a thumbnail streams through ``StreamingResampler`` holding only the output
    /// and one row; run-length data is expanded to a full canvas first. Throws
    /// ``ImageError/Code/badImageData`` when the pixel data is shorter than the image.
    static func decode(_ header: BMPHeader, bytes: [UInt8], masks: BMPChannelMasks, target: PixelSize,
                       options: DecodeOptions) throws(ImageError) -> PixelBuffer {
        let palette = BMPPalette(header, bytes: bytes)
        if header.compression == .rle4 || header.compression == .rle8 {
            let canvas = try BMPRunLength.decode(header, bytes: bytes, palette: palette, options: options)
            return StreamingResampler.resize(canvas, to: target)
        }
        let width = header.width, height = header.height, stride = header.rowStride
        let (needed, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow, header.pixelOffset + needed <= bytes.count || lastRowFits(header, bytes: bytes) else {
            throw ImageError(.badImageData)
        }
        let expander = BMPRowExpander(header: header, palette: palette, masks: masks)
        let full = target == PixelSize(width: width, height: height)
        var output = full ? [UInt8](repeating: 0, count: width * height * 4) : []
        var resampler = full ? nil : StreamingResampler(source: PixelSize(width: width, height: height), target: target)
        var row = [UInt8](repeating: 0, count: width * 4)
        // The last stored row may lack its padding: copy it into a padded scratch row.
        var padded = [UInt8](repeating: 0, count: stride)
        try bytes.withUnsafeBufferPointer { (bytes) throws(ImageError) in
            for y in 0..<height {
                if y % rowsPerCheck == 0 { try options.checkCancellation() }
                let stored = header.topDown ? y : height - 1 - y
                let at = header.pixelOffset + stored * stride
                let base = bytes.baseAddress!
                if at + stride <= bytes.count {
                    expandRow(expander, base + at, into: &output, row: &row, y: y, width: width, full: full)
                } else {
                    let available = bytes.count - at
                    padded.withUnsafeMutableBufferPointer { padded in
                        for i in 0..<stride { padded[i] = i < available ? base[at + i] : 0 }
                    }
                    padded.withUnsafeBufferPointer { padded in
                        expandRow(expander, padded.baseAddress!, into: &output, row: &row, y: y, width: width, full: full)
                    }
                }
                if !full { row.withUnsafeBufferPointer { resampler?.addRow($0.baseAddress!) } }
            }
        }
        if let resampler { return resampler.pixels }
        return PixelBuffer(width: width, height: height, bytes: output)
    }

    /// Expands one row into the output (full size) or into `row` (for the resampler).
    @inline(__always)
    private static func expandRow(_ expander: BMPRowExpander, _ source: UnsafePointer<UInt8>,
                                  into output: inout [UInt8], row: inout [UInt8], y: Int, width: Int, full: Bool) {
        if full {
            output.withUnsafeMutableBufferPointer { expander.expand(source, into: $0.baseAddress! + y * width * 4) }
        } else {
            row.withUnsafeMutableBufferPointer { expander.expand(source, into: $0.baseAddress!) }
        }
    }

    /// Whether the data holds every pixel byte even though the last row's padding is cut off
    /// (writers that drop the final padding exist; the pixels are all there).
    private static func lastRowFits(_ header: BMPHeader, bytes: [UInt8]) -> Bool {
        let usedBits = header.width * header.bitCount
        let lastRowBytes = (usedBits + 7) / 8
        return header.pixelOffset + header.rowStride * (header.height - 1) + lastRowBytes <= bytes.count
    }
}
