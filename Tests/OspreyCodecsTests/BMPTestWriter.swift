import Foundation
import OspreyCore

/// Writes small BMP and ICO files for tests: a file header, a BITMAPINFOHEADER (or a larger
/// one with masks), a palette and the rows or runs given.
enum BMPTestWriter {
    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func le32(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)]
    }

    /// A DIB header of `size` bytes (40, 56, 108 or 124) with `masks` in it when it has room.
    static func infoHeader(size: Int = 40, width: Int, height: Int, bitCount: Int, compression: Int,
                           colors: Int = 0, masks: [UInt32] = []) -> [UInt8] {
        var header = le32(size) + le32(width) + le32(height) + le16(1) + le16(bitCount) + le32(compression)
            + le32(0) + le32(2835) + le32(2835) + le32(colors) + le32(0)
        if size > 40 {
            for index in 0..<4 { header += le32(Int(index < masks.count ? masks[index] : 0)) }
        }
        header += [UInt8](repeating: 0, count: size - header.count)
        return header
    }

    /// A whole BMP: file header, `header`, `afterHeader` (masks of a 40-byte header), the
    /// palette (BGRA quads) and `pixels`, with the pixel offset pointing at them.
    static func file(header: [UInt8], afterHeader: [UInt8] = [], palette: [UInt8] = [], pixels: [UInt8]) -> Data {
        let offset = 14 + header.count + afterHeader.count + palette.count
        return Data(Array("BM".utf8) + le32(offset + pixels.count) + le32(0) + le32(offset)
            + header + afterHeader + palette + pixels)
    }

    /// Stored rows for `rows` (top row first), bottom-up unless `topDown`, each padded to 4 bytes.
    static func stored(_ rows: [[UInt8]], topDown: Bool = false) -> [UInt8] {
        (topDown ? rows : rows.reversed()).flatMap { row in row + [UInt8](repeating: 0, count: (4 - row.count % 4) % 4) }
    }

    /// A 24-bit BMP of `pixels` (RGBA; alpha ignored).
    static func rgb24(_ pixels: PixelBuffer, topDown: Bool = false) -> Data {
        var rows: [[UInt8]] = []
        for y in 0..<pixels.height {
            var row: [UInt8] = []
            for x in 0..<pixels.width {
                let p = pixels[x, y]
                row += [p.b, p.g, p.r]
            }
            rows.append(row)
        }
        let header = infoHeader(width: pixels.width, height: topDown ? -pixels.height : pixels.height,
                                bitCount: 24, compression: 0)
        return file(header: header, pixels: stored(rows, topDown: topDown))
    }

    /// An opaque test pattern of `width` × `height`.
    static func pattern(width: Int, height: Int) -> PixelBuffer {
        var pixels = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                pixels[x, y] = (UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)),
                                UInt8((x ^ y) & 0xFF), 255)
            }
        }
        return pixels
    }

    /// An ICO (or CUR) directory over `entries` (size stated, bit count, bytes), in order.
    static func icon(_ entries: [(width: Int, height: Int, bitCount: Int, bytes: [UInt8])], cursor: Bool = false) -> Data {
        var directory = le16(0) + le16(cursor ? 2 : 1) + le16(entries.count)
        var offset = 6 + 16 * entries.count
        var body: [UInt8] = []
        for entry in entries {
            directory += [UInt8(entry.width & 0xFF), UInt8(entry.height & 0xFF), 0, 0]
                + le16(cursor ? 0 : 1) + le16(cursor ? 0 : entry.bitCount) + le32(entry.bytes.count) + le32(offset)
            offset += entry.bytes.count
            body += entry.bytes
        }
        return Data(directory + body)
    }

    /// A BMP icon entry: a DIB of `pixels` at `bitCount` 32 (BGRA) or 24 (BGR), then the AND
    /// mask (`masked(x, y)` true = transparent).
    static func iconBitmap(_ pixels: PixelBuffer, bitCount: Int, masked: (Int, Int) -> Bool) -> [UInt8] {
        var colour: [[UInt8]] = [], mask: [[UInt8]] = []
        for y in 0..<pixels.height {
            var row: [UInt8] = []
            var bits = [UInt8](repeating: 0, count: (pixels.width + 7) / 8)
            for x in 0..<pixels.width {
                let p = pixels[x, y]
                row += bitCount == 32 ? [p.b, p.g, p.r, p.a] : [p.b, p.g, p.r]
                if masked(x, y) { bits[x / 8] |= 0x80 >> UInt8(x % 8) }
            }
            colour.append(row)
            mask.append(bits)
        }
        let header = infoHeader(width: pixels.width, height: pixels.height * 2, bitCount: bitCount, compression: 0)
        return header + stored(colour) + stored(mask)
    }
}
