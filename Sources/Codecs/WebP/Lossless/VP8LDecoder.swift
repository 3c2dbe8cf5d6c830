import OspreyCore

/// Decodes a WebP lossless bitstream (the payload of a `VP8L` chunk, RFC 9649), and the
/// headerless lossless stream of a compressed `ALPH` chunk.
enum VP8LDecoder {
    /// The 5-byte header of a `VP8L` payload.
    struct Header: Equatable {
        var width: Int
        var height: Int
        /// The encoder's hint that some alpha value is not 255.
        var alphaIsUsed: Bool
    }

    /// Reads the header: signature 0x2F, 14-bit width − 1 and height − 1, the alpha hint and
    /// a 3-bit version that must be 0.
    static func header(_ payload: UnsafeBufferPointer<UInt8>) throws(ImageError) -> Header {
        guard payload.count >= 5, payload[0] == 0x2F else { throw ImageError(.badImageData) }
        let bits = UInt32(payload[1]) | UInt32(payload[2]) << 8 | UInt32(payload[3]) << 16 | UInt32(payload[4]) << 24
        guard bits >> 29 == 0 else { throw ImageError(.badImageData) }
        return Header(width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1,
                      alphaIsUsed: (bits >> 28) & 1 == 1)
    }

    /// Decodes `payload` to RGBA. When the header says alpha is unused, alpha is 255 whatever
    /// the stream holds (as libwebp's features report and Pillow, the corpus reference, keeps).
    ///
    /// Checks the size against `options` (``DecodeOptions/checkDecode(source:streamed:)``)
    /// before allocating; damaged or truncated data throws ``ImageError/Code/badImageData``.
    static func decode(_ payload: UnsafeBufferPointer<UInt8>, options: DecodeOptions) throws(ImageError) -> PixelBuffer {
        let header = try header(payload)
        _ = try options.checkDecode(source: PixelSize(width: header.width, height: header.height), streamed: false)
        let argb = try decodeARGB(UnsafeBufferPointer(rebasing: payload[5...]), width: header.width,
                                  height: header.height, cancellation: options.cancellation)
        return rgba(argb, width: header.width, height: header.height, opaque: !header.alphaIsUsed)
    }

    /// Decodes a headerless image stream of `width` × `height` pixels to ARGB.
    static func decodeARGB(_ stream: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                           cancellation: DecodeCancellation?) throws(ImageError) -> [UInt32] {
        // An empty stream still gets a valid base address for the reader.
        let empty: [UInt8] = [0]
        return try empty.withUnsafeBufferPointer { (empty) throws(ImageError) in
            let base = stream.baseAddress ?? empty.baseAddress!
            var decoder = VP8LStream(reader: LSBBitReader(base: base, count: stream.count), cancellation: cancellation)
            return try decoder.decodeImage(width: width, height: height)
        }
    }

    /// ARGB words to RGBA bytes; alpha forced to 255 when `opaque`.
    static func rgba(_ argb: [UInt32], width: Int, height: Int, opaque: Bool) -> PixelBuffer {
        var bytes = [UInt8](repeating: 0, count: argb.count * 4)
        bytes.withUnsafeMutableBytes { bytes in
            argb.withUnsafeBufferPointer { argb in
                storeRGBA(argb.baseAddress!, count: argb.count, to: bytes.baseAddress!, opaque: opaque)
            }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }

    /// Writes `count` ARGB words as RGBA bytes to `out`; alpha forced to 255 when `opaque`.
    static func storeRGBA(_ argb: UnsafePointer<UInt32>, count: Int, to out: UnsafeMutableRawPointer, opaque: Bool) {
        let alphaMask: UInt32 = opaque ? 0xFF00_0000 : 0
        for index in 0..<count {
            let pixel = argb[index] | alphaMask
            // R, G, B, A in memory order: one little-endian word.
            let word = (pixel >> 16) & 0xFF | pixel & 0xFF00 | (pixel & 0xFF) << 16 | pixel & 0xFF00_0000
            out.storeBytes(of: word.littleEndian, toByteOffset: index * 4, as: UInt32.self)
        }
    }
}
