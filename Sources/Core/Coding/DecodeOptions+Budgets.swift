/// The checks a decoder makes before it works or allocates, so that the limits in
/// ``DecodeOptions`` hold for every format in the same way.
extension DecodeOptions {
    /// Pixels' worth (4 bytes each) of memory a streaming thumbnail decode holds per source
    /// column, counted against ``maxPixelCount`` with the output: 12, i.e. 48 bytes, covering
    /// the expanded RGBA row (4), two filtered rows in the inflate window and two in the
    /// unfilter scratch (up to 8 bytes a pixel each: 32), and the resampler's column table (8).
    public static let streamingPixelsPerSourceColumn = 12

    /// Checks a decode of one `source`-sized image before it starts, and returns the size it
    /// decodes to (``targetSize(for:)``).
    ///
    /// - `streamed`: whether the decoder can shrink the image row band by row band, holding
    ///   only the output and a few rows (PNG without interlacing). Otherwise it needs the
    ///   full source canvas whenever the target is smaller.
    /// - Throws ``ImageError/Code/badImageData`` for an empty source;
    ///   ``ImageError/Code/imageTooLarge`` when a canvas it allocates would exceed
    ///   ``maxPixelCount`` or its source pixels exceed ``decodeWorkBudget``.
    public func checkDecode(source: PixelSize, streamed: Bool) throws(ImageError) -> PixelSize {
        guard source.width > 0, source.height > 0 else { throw ImageError(.badImageData) }
        let target = targetSize(for: source)
        let allocated: Int
        if target == source || !streamed {
            allocated = source.pixelCount
        } else {
            let (rows, rowsOverflow) = source.width.multipliedReportingOverflow(by: Self.streamingPixelsPerSourceColumn)
            let (sum, sumOverflow) = target.pixelCount.addingReportingOverflow(rows)
            allocated = rowsOverflow || sumOverflow ? Int.max : sum
        }
        guard allocated <= maxPixelCount, source.pixelCount <= decodeWorkBudget else {
            throw ImageError(.imageTooLarge)
        }
        return target
    }

    /// Throws ``ImageError/Code/cancelled`` once ``cancellation`` was cancelled. Decoders call
    /// it between frames and row bands.
    @inline(__always)
    public func checkCancellation() throws(ImageError) {
        try cancellation?.check()
    }
}
