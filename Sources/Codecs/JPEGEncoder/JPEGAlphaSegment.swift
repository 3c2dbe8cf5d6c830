import OspreyCore

/// Alpha for JPEG cache entries: the alpha plane, deflated, in private APP15 segments.
///
/// A transformed photo with a few transparent pixels (round corners) would otherwise have to
/// be a PNG ten times the size of its source. Here the colour is an ordinary JPEG (not
/// flattened, so the colour under partly transparent pixels survives) and the alpha plane is
/// kept exactly: mostly 255 with a few runs, it deflates to a few kilobytes. Other decoders skip
/// an APPn segment they do not know, so the file stays a valid JPEG (without the transparency);
/// Osprey's decoder puts the alpha back.
///
/// Layout: each segment's payload is ``signature``, a big-endian 16-bit index (from 0) and
/// count, then a part of the stream. The stream is the plane's width and height (32-bit
/// big-endian each) followed by a zlib stream of `width × height` alpha bytes, row by row.
enum JPEGAlphaSegment {
    /// APP15: unassigned by JFIF, EXIF, ICC, Adobe or JPEG XT, and tagged besides.
    static let marker: UInt8 = 0xEF
    /// Identifies the segment among other APP15 users.
    static let signature: [UInt8] = Array("OSPREY-ALPHA".utf8) + [0]
    /// Stream bytes per segment: the 65 533 payload bytes less the signature, index and count.
    static let chunk = 65_533 - 13 - 4

    /// Appends the segments for `pixels`' alpha to `writer`; nothing when every pixel is opaque.
    static func write(_ pixels: PixelBuffer, into writer: inout JPEGBitWriter) {
        let count = pixels.width * pixels.height
        var opaque = true
        let plane = [UInt8](unsafeUninitializedCapacity: count) { plane, initialized in
            pixels.bytes.withUnsafeBufferPointer { rgba in
                var all: UInt8 = 0xFF
                for i in 0..<count {
                    let a = rgba[i &* 4 &+ 3]
                    plane[i] = a
                    all &= a
                }
                opaque = all == 0xFF
            }
            initialized = count
        }
        guard !opaque else { return }
        var stream = bigEndian32(pixels.width) + bigEndian32(pixels.height)
        // Level 1: greedy matching; long runs of 255 make long matches, so this is quick and
        // nearly as small as a searching level.
        stream += Deflater.compress(plane, level: 1)
        let segments = (stream.count + chunk - 1) / chunk
        for index in 0..<segments {
            let part = stream[index * chunk..<min(stream.count, (index + 1) * chunk)]
            let header = signature + [UInt8(index >> 8), UInt8(index & 0xFF), UInt8(segments >> 8), UInt8(segments & 0xFF)]
            writer.appendSegment(marker, header + part)
        }
    }

    /// Puts the alpha stored in `file`'s segments into `pixels`, the decoded image of a frame
    /// `frameWidth` × `frameHeight`. The plane must be the frame's size; a smaller output (a
    /// thumbnail) takes the nearest alpha sample. Nothing happens when the file has no such
    /// segments, or they are incomplete or damaged: the colour is still the image.
    static func restore(from file: UnsafeBufferPointer<UInt8>, frameWidth: Int, frameHeight: Int,
                        into pixels: inout PixelBuffer) {
        guard let stream = stream(in: file), stream.count > 8 else { return }
        let width = Int(stream[0]) << 24 | Int(stream[1]) << 16 | Int(stream[2]) << 8 | Int(stream[3])
        let height = Int(stream[4]) << 24 | Int(stream[5]) << 16 | Int(stream[6]) << 8 | Int(stream[7])
        // Only the frame's own size: the allocation below is then bounded by what the decode
        // already accepted.
        guard width == frameWidth, height == frameHeight, width > 0, height > 0,
              pixels.width > 0, pixels.height > 0,
              let plane = try? Inflater.decompress(zlib: stream[8...], size: width * height) else { return }
        let outWidth = pixels.width, outHeight = pixels.height
        pixels.bytes.withUnsafeMutableBufferPointer { rgba in
            if outWidth == width, outHeight == height {
                for i in 0..<width * height { rgba[i &* 4 &+ 3] = plane[i] }
                return
            }
            for y in 0..<outHeight {
                let row = (y * height / outHeight) * width
                for x in 0..<outWidth {
                    rgba[(y &* outWidth &+ x) &* 4 &+ 3] = plane[row &+ x &* width / outWidth]
                }
            }
        }
    }

    /// The stream gathered from the segments before the first scan, in index order; nil when
    /// there are none, or their indices or counts disagree.
    static func stream(in file: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var parts: [Int: Range<Int>] = [:]
        var expected: Int?
        var offset = 2
        let end = file.count
        guard end >= 4, file[0] == 0xFF, file[1] == 0xD8 else { return nil }
        while offset + 4 <= end, file[offset] == 0xFF {
            let code = file[offset + 1]
            if code == 0xFF { offset += 1; continue }          // fill byte
            // Stop at the first scan or frame-less marker: the segments come before the scan.
            if code == 0xDA || code == 0xD9 || (0xD0...0xD7).contains(code) || code == 0x01 { break }
            let length = Int(file[offset + 2]) << 8 | Int(file[offset + 3])
            guard length >= 2, offset + 2 + length <= end else { break }
            let payload = offset + 4, payloadEnd = offset + 2 + length
            if code == marker, payloadEnd - payload >= signature.count + 4,
               file[payload..<payload + signature.count].elementsEqual(signature) {
                let at = payload + signature.count
                let index = Int(file[at]) << 8 | Int(file[at + 1])
                let count = Int(file[at + 2]) << 8 | Int(file[at + 3])
                guard expected == nil || expected == count, index < count, parts[index] == nil else { return nil }
                expected = count
                parts[index] = at + 4..<payloadEnd
            }
            offset = payloadEnd
        }
        guard let expected, parts.count == expected else { return nil }
        var stream: [UInt8] = []
        for index in 0..<expected {
            guard let range = parts[index] else { return nil }
            stream += file[range]
        }
        return stream
    }

    private static func bigEndian32(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
         UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}
