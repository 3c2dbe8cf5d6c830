import Foundation

/// A gzip body that inflates to many zero bytes, for "decompression bomb" tests: the client
/// sees a small `Content-Length` but receives `decodedBytes` bytes once it decodes the
/// `Content-Encoding: gzip` body.
///
/// One fixed-Huffman DEFLATE block (RFC 1951 §3.2.6): a literal zero, then back-references of
/// length 258 at distance 1 (13 bits each, about 160:1), a few trailing literals and the end
/// code; inside a gzip member (RFC 1952). The CRC-32 in the trailer is computed only up to
/// 16 MiB (a bigger body is meant to be refused before its end; its trailer says 0).
public enum GzipZeros {
    /// The gzip member for `decodedBytes` zero bytes (at least 1).
    public static func member(decodedBytes: Int) -> Data {
        precondition(decodedBytes >= 1)
        var writer = BitWriter()
        writer.write(bits: 1, count: 1)         // BFINAL
        writer.write(bits: 1, count: 2)         // BTYPE = 01, fixed Huffman
        writer.writeCode(0x30, length: 8)       // literal 0x00
        var remaining = decodedBytes - 1
        while remaining >= 258 {
            writer.writeCode(0b1100_0101, length: 8)  // length code 285 = 258 bytes
            writer.writeCode(0, length: 5)            // distance code 0 = distance 1
            remaining -= 258
        }
        for _ in 0..<remaining { writer.writeCode(0x30, length: 8) }
        writer.writeCode(0, length: 7)          // end of block (256)
        var data = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF])
        data.append(contentsOf: writer.finish())
        let crc = decodedBytes <= 16 << 20 ? crc32OfZeros(decodedBytes) : 0
        let size = UInt32(truncatingIfNeeded: decodedBytes)
        for shift in stride(from: 0, to: 32, by: 8) { data.append(UInt8(truncatingIfNeeded: crc >> UInt32(shift))) }
        for shift in stride(from: 0, to: 32, by: 8) { data.append(UInt8(truncatingIfNeeded: size >> UInt32(shift))) }
        return data
    }

    private static func crc32OfZeros(_ count: Int) -> UInt32 {
        var table = [UInt32](repeating: 0, count: 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            table[index] = value
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for _ in 0..<count { crc = table[Int(crc & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// DEFLATE's bit order: values LSB first, Huffman codes MSB first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var buffer: UInt64 = 0
        var filled = 0

        mutating func write(bits: UInt32, count: Int) {
            buffer |= UInt64(bits) << UInt64(filled)
            filled += count
            while filled >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                filled -= 8
            }
        }

        mutating func writeCode(_ code: UInt32, length: Int) {
            var reversed: UInt32 = 0
            for bit in 0..<length where code & (1 << UInt32(length - 1 - bit)) != 0 {
                reversed |= 1 << UInt32(bit)
            }
            write(bits: reversed, count: length)
        }

        mutating func finish() -> [UInt8] {
            if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
            return bytes
        }
    }
}

extension Route {
    /// 200 with a gzip body that inflates to `decodedBytes` zero bytes, sent with
    /// `Content-Encoding: gzip` and the (small) compressed `Content-Length`.
    public static func gzipZeros(decodedBytes: Int, contentType: String? = "image/png") -> Route {
        Route(status: 200, body: GzipZeros.member(decodedBytes: decodedBytes), contentType: contentType,
              headers: ["Content-Encoding": "gzip"])
    }
}
