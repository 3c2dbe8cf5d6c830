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
    /// The rows go straight into the RGBA output as ``VP8LBandDecoder`` finishes them, so the
    /// output is the only full-size buffer.
    static func decode(_ payload: UnsafeBufferPointer<UInt8>, options: DecodeOptions) throws(ImageError) -> PixelBuffer {
        let header = try header(payload)
        let width = header.width, height = header.height, opaque = !header.alphaIsUsed
        _ = try options.checkDecode(source: PixelSize(width: width, height: height), streamed: false)
        let size = width * height * 4
        var failure: ImageError?
        // Uninitialised on purpose: the bands cover every row, and a failed decode throws the
        // buffer away.
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            let out = UnsafeMutableRawPointer(buffer.baseAddress!)
            do throws(ImageError) {
                try VP8LBandDecoder.decode(UnsafeBufferPointer(rebasing: payload[5...]), width: width, height: height,
                                           cancellation: options.cancellation) { firstRow, rows, argb in
                    storeRGBA(argb, count: rows * width, to: out + firstRow * width * 4, opaque: opaque)
                }
            } catch {
                failure = error
            }
            count = size
        }
        if let failure { throw failure }
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
