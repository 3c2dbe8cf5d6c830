import Foundation
import OspreyCodecs

/// The smallest files that decode to a huge picture, one per format, for the peak-memory tests
/// and benchmark rows: each spends almost no input bytes on its pixels, so whatever memory a
/// decode takes beyond its output is the decoder's own.
///
/// Each is written directly (no encoder runs over the pixels), so making one costs milliseconds
/// even for 8192 × 8192.
public enum DecoderBombs {
    /// A bomb: its file bytes and the picture size they decode to.
    public struct Bomb: Sendable {
        /// A short name for reports ("png", "gif", …).
        public let name: String
        /// The file.
        public let bytes: [UInt8]
        /// The decoded size.
        public let width: Int, height: Int
        /// Bytes of the decoded RGBA image.
        public var outputBytes: Int { width * height * 4 }
    }

    /// Every format's bomb for a `side` × `side` picture (lossy WebP: its widest picture of as
    /// many pixels or fewer, since VP8 sides stop at 16383).
    public static func all(side: Int) -> [Bomb] {
        [png(side: side), apng(side: side), gif(side: side), webpLossless(side: side), webpLossy(pixels: side * side)]
    }

    // MARK: PNG

    /// An RGBA PNG whose rows are all filter 0 and zero bytes: one fixed-Huffman deflate block
    /// of 258-byte matches at distance 1.
    public static func png(side: Int) -> Bomb {
        Bomb(name: "png", bytes: pngFile(side: side, animated: false), width: side, height: side)
    }

    /// An APNG whose default image is its only frame (`acTL` of one frame, `fcTL` before the
    /// `IDAT`): the animation path's first frame.
    public static func apng(side: Int) -> Bomb {
        Bomb(name: "apng", bytes: pngFile(side: side, animated: true), width: side, height: side)
    }

    private static func pngFile(side: Int, animated: Bool) -> [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", be32(side) + be32(side) + [8, 6, 0, 0, 0])
        if animated {
            file += chunk("acTL", be32(1) + be32(0))
            file += chunk("fcTL", be32(0) + be32(side) + be32(side) + be32(0) + be32(0) + [0, 1, 0, 100, 0, 0])
        }
        file += chunk("IDAT", zlibZeros(count: side * (1 + side * 4)))
        file += chunk("IEND", [])
        return file
    }

    /// A zlib stream of `count` zero bytes: a literal, then matches at distance 1.
    static func zlibZeros(count: Int) -> [UInt8] {
        var bits = LSBBits()
        bits.bytes = [0x78, 0x01]
        bits.write(1, 1)   // final block
        bits.write(1, 2)   // fixed Huffman
        bits.writeCode(0x30, 8)   // literal 0
        var left = count - 1
        while left > 0 {
            // A last match shorter than 3 is sent as literals.
            if left < 3 {
                bits.writeCode(0x30, 8)
                left -= 1
                continue
            }
            var length = min(258, left)
            if (1..<3).contains(left - length) { length -= 3 }   // leave at least 3 for the last match
            writeLength(length, &bits)
            bits.writeCode(0, 5)   // distance code 0: distance 1
            left -= length
        }
        bits.writeCode(0, 7)   // end of block
        var out = bits.finish()
        let adler = UInt32(count % 65521) << 16 | 1
        out += be32(Int(adler))
        return out
    }

    /// A deflate length 3…258 as a fixed-Huffman length code and its extra bits.
    private static func writeLength(_ length: Int, _ bits: inout LSBBits) {
        if length == 258 { bits.writeCode(0xC5, 8); return }   // 285
        let bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                     131, 163, 195, 227]
        let index = bases.lastIndex { $0 <= length }!
        let extra = index < 8 ? 0 : (index - 4) / 4
        let symbol = 257 + index
        if symbol < 280 { bits.writeCode(symbol - 256, 7) } else { bits.writeCode(0xC0 + symbol - 280, 8) }
        bits.write(length - bases[index], extra)
    }

    private static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + payload
        return be32(payload.count) + body + be32(Int(crc32(body)))
    }

    private static func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) } }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    // MARK: GIF

    /// A GIF of one `side` × `side` frame of palette index 0, LZW-coded with ever longer runs
    /// (then 4095-long ones once the table is full, without clearing it).
    public static func gif(side: Int) -> Bomb {
        var file = Array("GIF89a".utf8) + le16(side) + le16(side) + [0xF1, 0, 0]
        file += [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]   // 4 colours
        file += [0x2C] + le16(0) + le16(0) + le16(side) + le16(side) + [0]
        file += [2]   // minimum code size
        let data = lzwConstant(count: side * side, minimumCodeSize: 2)
        var offset = 0
        while offset < data.count {
            let size = min(255, data.count - offset)
            file += [UInt8(size)] + data[offset..<offset + size]
            offset += size
        }
        file += [0, 0x3B]
        return Bomb(name: "gif", bytes: file, width: side, height: side)
    }

    /// LZW codes for `count` zeros, mirroring the decoder's table growth exactly: code *j* > 1
    /// is the run one longer than code *j* − 1 (the newest entry, or the one being defined).
    private static func lzwConstant(count: Int, minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        var next = clear + 2, codeSize = minimumCodeSize + 1
        var bits = LSBBits()
        bits.write(clear, codeSize)
        var left = count, previous = 0
        while left > 0 {
            let longest = next < 4096 ? previous + 1 : 4095 - clear
            let run = previous == 0 ? 1 : min(longest, left)
            bits.write(run == 1 ? 0 : clear + run, codeSize)
            if previous > 0 && next < 4096 {
                next += 1
                if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
            }
            previous = run
            left -= run
        }
        bits.write(clear + 1, codeSize)
        return bits.finish()
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

    // MARK: WebP

    /// A lossless WebP of `side` × `side` opaque black: no transforms, no colour cache, and
    /// five one-symbol prefix codes, so every pixel costs zero bits.
    public static func webpLossless(side: Int) -> Bomb {
        var bits = LSBBits()
        bits.bytes = [0x2F]
        bits.write(side - 1, 14)
        bits.write(side - 1, 14)
        bits.write(0, 1)   // alpha unused
        bits.write(0, 3)   // version
        bits.write(0, 1)   // no transform
        bits.write(0, 1)   // no colour cache
        bits.write(0, 1)   // no meta prefix codes
        for symbol in [0, 0, 0, 255, 0] {   // green, red, blue, alpha, distance
            bits.write(1, 1)   // simple code
            bits.write(0, 1)   // one symbol
            if symbol < 2 {
                bits.write(0, 1)
                bits.write(symbol, 1)
            } else {
                bits.write(1, 1)
                bits.write(symbol, 8)
            }
        }
        return Bomb(name: "webp-lossless", bytes: riff("VP8L", bits.finish()), width: side, height: side)
    }

    /// A lossy WebP of at most `pixels` pixels, 16383 wide (VP8's widest) unless that would be
    /// less than 16 rows: every macroblock DC-predicted without residual, grey.
    public static func webpLossy(pixels: Int) -> Bomb {
        let width = min(16383, pixels), height = max(1, min(16383, pixels / width))
        let columns = (width + 15) / 16, rows = (height + 15) / 16
        var modes = VP8BoolWriter()
        modes.literal(0, 1)   // colour space
        modes.literal(0, 1)   // clamping
        modes.literal(0, 1)   // no segmentation
        modes.literal(0, 1)   // normal loop filter
        modes.literal(20, 6)  // filter level
        modes.literal(0, 3)   // sharpness
        modes.literal(0, 1)   // no filter deltas
        modes.literal(0, 2)   // one token partition
        modes.literal(40, 7)  // base quantiser
        for _ in 0..<5 { modes.literal(0, 1) }   // no quantiser deltas
        modes.literal(0, 1)   // refresh entropy probs
        for probability in VP8Tables.coefficientUpdateProbabilities { modes.bit(false, Int(probability)) }
        modes.literal(1, 1)   // skip flags present
        modes.literal(1, 8)   // probability of "not skipped"
        for _ in 0..<(columns * rows) {
            modes.bit(true, 1)     // skipped
            modes.bit(true, 145)   // not B_PRED
            modes.bit(false, 156)
            modes.bit(false, 163)  // DC_PRED
            modes.bit(false, 142)  // chroma DC_PRED
        }
        let first = modes.finish()
        var payload: [UInt8] = []
        let tag = 0 | 0 << 1 | 1 << 4 | first.count << 5   // key frame, profile 0, shown
        payload += [UInt8(tag & 0xFF), UInt8((tag >> 8) & 0xFF), UInt8((tag >> 16) & 0xFF)]
        payload += [0x9D, 0x01, 0x2A] + le16(width) + le16(height)
        payload += first
        payload += [UInt8](repeating: 0, count: 16)   // the (unread) token partition
        return Bomb(name: "webp-lossy", bytes: riff("VP8 ", payload), width: width, height: height)
    }

    private static func riff(_ fourCC: String, _ payload: [UInt8]) -> [UInt8] {
        var body = Array("WEBP".utf8) + Array(fourCC.utf8) + le32(payload.count) + payload
        if payload.count % 2 == 1 { body.append(0) }
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    private static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}

/// Bits packed least significant first (deflate, GIF LZW, WebP lossless): the one bit writer
/// of the tests that build such streams by hand.
package struct LSBBits {
    package var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    /// An empty stream.
    package init() {}

    /// Writes the low `width` bits of `value`, lowest first.
    package mutating func write(_ value: Int, _ width: Int) {
        guard width > 0 else { return }
        buffer |= UInt64(value & ((1 << width) - 1)) << UInt64(count)
        count += width
        while count >= 8 {
            bytes.append(UInt8(buffer & 0xFF))
            buffer >>= 8
            count -= 8
        }
    }

    /// Writes a Huffman code, most significant bit first (as deflate packs them).
    package mutating func writeCode(_ code: Int, _ width: Int) {
        var reversed = 0
        for bit in 0..<width { reversed |= ((code >> bit) & 1) << (width - 1 - bit) }
        write(reversed, width)
    }

    /// The bytes written, the last one padded with zero bits.
    package mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(buffer & 0xFF)) }
        buffer = 0
        count = 0
        return bytes
    }
}

/// VP8's boolean entropy coder (RFC 6386 §7.3), the writing side.
private struct VP8BoolWriter {
    private var output: [UInt8] = []
    private var range: UInt32 = 255
    private var bottom: UInt32 = 0
    private var bitCount = 24

    /// Writes `value` with `probability` (out of 256) of it being false.
    mutating func bit(_ value: Bool, _ probability: Int) {
        let split = 1 + (((range - 1) * UInt32(probability)) >> 8)
        if value {
            bottom &+= split
            range -= split
        } else {
            range = split
        }
        while range < 128 {
            range <<= 1
            if bottom & (1 << 31) != 0 { carry() }
            bottom <<= 1
            bitCount -= 1
            if bitCount == 0 {
                output.append(UInt8(truncatingIfNeeded: bottom >> 24))
                bottom &= (1 << 24) - 1
                bitCount = 8
            }
        }
    }

    /// An unsigned `width`-bit literal, most significant bit first, each at probability ½.
    mutating func literal(_ value: Int, _ width: Int) {
        for bit in stride(from: width - 1, through: 0, by: -1) { self.bit((value >> bit) & 1 == 1, 128) }
    }

    private mutating func carry() {
        var index = output.count - 1
        while index >= 0 && output[index] == 255 {
            output[index] = 0
            index -= 1
        }
        if index >= 0 { output[index] += 1 }
    }

    /// Flushes the coder, padded so the reader never runs out inside the partition.
    /// The bytes written, the last one padded with zero bits.
    package mutating func finish() -> [UInt8] {
        for _ in 0..<32 { bit(false, 128) }
        return output + [UInt8](repeating: 0, count: 8)
    }
}
