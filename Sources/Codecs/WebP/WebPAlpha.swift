import OspreyCore

/// Decodes an `ALPH` chunk (WebP container spec, "Alpha") to a plane of `width` × `height`
/// alpha values: a header byte (compression, filter, pre-processing, reserved bits), then the
/// raw plane or a headerless lossless stream whose green channel is the plane, then the
/// spatial filter (none, horizontal, vertical, gradient) undone. The pre-processing flag (a
/// hint about quantisation) changes nothing in decoding.
///
/// An unknown compression or filter, reserved bits set, a raw plane too short or a damaged
/// lossless stream throw ``ImageError/Code/badImageData`` (as libwebp rejects them).
enum WebPAlpha {
    /// The plane, `width` × `height` bytes.
    static func decode(_ payload: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                       cancellation: DecodeCancellation?) throws(ImageError) -> [UInt8] {
        var plane = [UInt8](repeating: 0, count: width * height)
        try plane.withUnsafeMutableBufferPointer { (plane) throws(ImageError) in
            let base = plane.baseAddress!
            try decodeRows(payload, width: width, height: height, cancellation: cancellation) { y, row in
                (base + y * width).update(from: row, count: width)
            }
        }
        return plane
    }

    /// Writes the plane into the alpha bytes of `rgba` (`width` × `height` RGBA pixels) row by
    /// row, without a plane of its own.
    static func decode(_ payload: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                       cancellation: DecodeCancellation?, intoAlphaOf rgba: UnsafeMutablePointer<UInt8>) throws(ImageError) {
        try decodeRows(payload, width: width, height: height, cancellation: cancellation) { y, row in
            let out = rgba + y * width * 4 + 3
            for x in 0..<width { out[x * 4] = row[x] }
        }
    }

    /// Calls `body` with each row of alpha values, top to bottom (valid during the call only):
    /// filtered rows come from the raw plane or, band by band, from the green channel of the
    /// lossless stream, and are unfiltered against the row before.
    private static func decodeRows(_ payload: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                                   cancellation: DecodeCancellation?,
                                   body: (Int, UnsafePointer<UInt8>) -> Void) throws(ImageError) {
        guard let header = payload.first else { throw ImageError(.badImageData) }
        let compression = Int(header & 3), filter = Int((header >> 2) & 3)
        let preprocessing = Int((header >> 4) & 3), reserved = header >> 6
        guard compression <= 1, preprocessing <= 1, reserved == 0 else { throw ImageError(.badImageData) }
        let data = UnsafeBufferPointer(rebasing: payload[1...])
        if compression == 0 { guard data.count >= width * height else { throw ImageError(.badImageData) } }
        guard width > 0, height > 0 else { return }
        // Two rows: the one above (unfiltered) and the current one.
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * width)
        defer { rows.deallocate() }
        var above = rows, current = rows + width
        func emit(_ y: Int) {
            unfilter(current, above: y == 0 ? nil : UnsafePointer(above), width: width, filter: filter)
            body(y, current)
            swap(&above, &current)
        }
        if compression == 0 {
            for y in 0..<height {
                current.update(from: data.baseAddress! + y * width, count: width)
                emit(y)
            }
            return
        }
        try VP8LBandDecoder.decode(data, width: width, height: height, cancellation: cancellation) { firstRow, count, argb in
            for row in 0..<count {
                let source = argb + row * width
                for x in 0..<width { current[x] = UInt8(truncatingIfNeeded: source[x] >> 8) }
                emit(firstRow + row)
            }
        }
    }

    /// Undoes the filter on one row, given the unfiltered row above (nil for the first row).
    private static func unfilter(_ row: UnsafeMutablePointer<UInt8>, above top: UnsafePointer<UInt8>?, width: Int,
                                 filter: Int) {
        guard filter != 0 else { return }
        guard let top else {
            for x in 1..<max(1, width) { row[x] &+= row[x - 1] }
            return
        }
        switch filter {
        case 1:
            row[0] &+= top[0]
            for x in 1..<max(1, width) { row[x] &+= row[x - 1] }
        case 2:
            for x in 0..<width { row[x] &+= top[x] }
        default:
            row[0] &+= top[0]
            for x in 1..<max(1, width) {
                let gradient = Int(row[x - 1]) + Int(top[x]) - Int(top[x - 1])
                row[x] &+= UInt8(min(255, max(0, gradient)))
            }
        }
    }

    /// Undoes filter 1 (horizontal: predict from the left), 2 (vertical: from above) or 3
    /// (gradient: left + above − above-left, clamped). The first row is always predicted from
    /// the left (its first pixel from 0), and the first column from above.
    static func unfilter(_ plane: UnsafeMutablePointer<UInt8>, width: Int, height: Int, filter: Int) {
        guard width > 0 else { return }
        for y in 0..<height {
            unfilter(plane + y * width, above: y == 0 ? nil : UnsafePointer(plane + (y - 1) * width), width: width,
                     filter: filter)
        }
    }
}
