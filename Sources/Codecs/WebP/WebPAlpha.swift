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
    static func decode(_ payload: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                       cancellation: DecodeCancellation?) throws(ImageError) -> [UInt8] {
        guard let header = payload.first else { throw ImageError(.badImageData) }
        let compression = Int(header & 3), filter = Int((header >> 2) & 3)
        let preprocessing = Int((header >> 4) & 3), reserved = header >> 6
        guard compression <= 1, preprocessing <= 1, reserved == 0 else { throw ImageError(.badImageData) }
        let data = UnsafeBufferPointer(rebasing: payload[1...])
        var plane: [UInt8]
        if compression == 0 {
            guard data.count >= width * height else { throw ImageError(.badImageData) }
            plane = Array(data[0..<width * height])
        } else {
            let argb = try VP8LDecoder.decodeARGB(data, width: width, height: height, cancellation: cancellation)
            plane = argb.map { UInt8(truncatingIfNeeded: $0 >> 8) }
        }
        plane.withUnsafeMutableBufferPointer { unfilter($0.baseAddress!, width: width, height: height, filter: filter) }
        return plane
    }

    /// Undoes filter 1 (horizontal: predict from the left), 2 (vertical: from above) or 3
    /// (gradient: left + above − above-left, clamped). The first row is always predicted from
    /// the left (its first pixel from 0), and the first column from above.
    static func unfilter(_ plane: UnsafeMutablePointer<UInt8>, width: Int, height: Int, filter: Int) {
        guard filter != 0, width > 0, height > 0 else { return }
        for x in 1..<max(1, width) { plane[x] &+= plane[x - 1] }
        for y in 1..<max(1, height) {
            let row = plane + y * width, top = row - width
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
    }
}
