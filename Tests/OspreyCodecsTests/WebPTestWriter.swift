import OspreyCore
import OspreyTestSupport

/// Writes small WebP files for tests: VP8L images whose pixels are all literals (every
/// channel coded with a flat 8-bit prefix code, no transforms, no cache, no LZ77), wrapped in
/// a simple RIFF file or, as frames, in a VP8X animation with chosen offsets, durations, blend
/// and dispose flags. The format follows RFC 9649; the tests compare the decoder's output with
/// Pillow's (libwebp) where Pillow is installed.
enum WebPTestWriter {
    /// One frame of an animation.
    struct Frame {
        var pixels: PixelBuffer
        var x = 0, y = 0
        var milliseconds = 100
        var blend = true
        var disposeToBackground = false
    }

    /// A `VP8L` payload coding `pixels` (RGBA) literally; `alphaHint` sets the header's alpha bit.
    static func vp8l(_ pixels: PixelBuffer, alphaHint: Bool = true) -> [UInt8] {
        var bits = LSBBits()
        bits.write(0x2F, 8)
        bits.write(pixels.width - 1, 14)
        bits.write(pixels.height - 1, 14)
        bits.write(alphaHint ? 1 : 0, 1)
        bits.write(0, 3)        // version
        bits.write(0, 1)        // no transform
        bits.write(0, 1)        // no colour cache
        bits.write(0, 1)        // no meta prefix codes
        flatCode(&bits, alphabet: 280)   // green + lengths
        for _ in 0..<3 { flatCode(&bits, alphabet: 256) }   // red, blue, alpha
        bits.write(1, 1); bits.write(0, 1); bits.write(0, 1); bits.write(0, 1)   // distance: simple, one symbol 0
        for pixel in stride(from: 0, to: pixels.bytes.count, by: 4) {
            // Green, red, blue, alpha; a flat 8-bit code sends symbol s as s, MSB first.
            for channel in [1, 0, 2, 3] { bits.writeCode(Int(pixels.bytes[pixel + channel]), 8) }
        }
        return bits.finish()
    }

    /// A simple lossless file (`RIFF`, `WEBP`, one `VP8L` chunk).
    static func stillFile(_ pixels: PixelBuffer, alphaHint: Bool = true) -> [UInt8] {
        riff([chunk("VP8L", vp8l(pixels, alphaHint: alphaHint))])
    }

    /// A VP8X animation of `frames` on a `canvas`, with the alpha flag `alpha` and `loops`.
    static func animationFile(canvas: PixelSize, frames: [Frame], loops: Int = 0, alpha: Bool = true) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: 10)
        header[0] = 0x02 | (alpha ? 0x10 : 0)
        put24(&header, 4, canvas.width - 1)
        put24(&header, 7, canvas.height - 1)
        var chunks = [chunk("VP8X", header), chunk("ANIM", [0xFF, 0xFF, 0xFF, 0xFF, UInt8(loops & 0xFF), UInt8(loops >> 8)])]
        for frame in frames {
            var anmf = [UInt8](repeating: 0, count: 16)
            put24(&anmf, 0, frame.x / 2)
            put24(&anmf, 3, frame.y / 2)
            put24(&anmf, 6, frame.pixels.width - 1)
            put24(&anmf, 9, frame.pixels.height - 1)
            put24(&anmf, 12, frame.milliseconds)
            anmf[15] = (frame.blend ? 0 : 0x02) | (frame.disposeToBackground ? 0x01 : 0)
            chunks.append(chunk("ANMF", anmf + chunk("VP8L", vp8l(frame.pixels))))
        }
        return riff(chunks)
    }

    /// A chunk with its header and padding.
    static func chunk(_ fourCC: String, _ payload: [UInt8]) -> [UInt8] {
        var bytes = Array(fourCC.utf8) + le32(payload.count) + payload
        if payload.count % 2 == 1 { bytes.append(0) }
        return bytes
    }

    /// `RIFF` + size + `WEBP` + the chunks.
    static func riff(_ chunks: [[UInt8]]) -> [UInt8] {
        let body = Array("WEBP".utf8) + chunks.flatMap { $0 }
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    private static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    private static func put24(_ bytes: inout [UInt8], _ offset: Int, _ value: Int) {
        for index in 0..<3 { bytes[offset + index] = UInt8((value >> (8 * index)) & 0xFF) }
    }

    /// A normal prefix code giving length 8 to the first 256 symbols of `alphabet` (0 to the
    /// rest): its code-length code has symbols 0 and 8 (one bit each), or 8 alone (zero bits).
    private static func flatCode(_ bits: inout LSBBits, alphabet: Int) {
        bits.write(0, 1)             // normal code
        bits.write(12 - 4, 4)        // 12 code-length code lengths: order 17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8
        let hasZeros = alphabet > 256
        for symbol in [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8] {
            bits.write(symbol == 8 || (symbol == 0 && hasZeros) ? 1 : 0, 3)
        }
        bits.write(0, 1)             // lengths for every symbol
        if hasZeros {
            for symbol in 0..<alphabet { bits.write(symbol < 256 ? 1 : 0, 1) }   // code 1 = length 8, 0 = length 0
        }
    }

}
