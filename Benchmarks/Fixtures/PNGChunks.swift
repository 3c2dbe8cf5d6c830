import Foundation

/// Just enough PNG chunk reading for the benchmark: the IHDR color type and the zlib
/// stream (concatenated IDAT data), which the inflate scenario feeds to each decompressor.
enum PNGChunks {
    static func colorType(of png: Data) -> Int? {
        let bytes = [UInt8](png.prefix(26))
        return bytes.count == 26 ? Int(bytes[25]) : nil
    }

    /// Bytes the zlib stream inflates to (filter byte + packed samples per row), for a
    /// non-interlaced image; nil for anything else.
    static func inflatedSize(of png: Data) -> Int? {
        let b = [UInt8](png.prefix(29))
        guard b.count == 29, b[28] == 0 else { return nil }
        let width = Int(b[16]) << 24 | Int(b[17]) << 16 | Int(b[18]) << 8 | Int(b[19])
        let height = Int(b[20]) << 24 | Int(b[21]) << 16 | Int(b[22]) << 8 | Int(b[23])
        let channels: Int
        switch b[25] {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: return nil
        }
        return height * (1 + (width * channels * Int(b[24]) + 7) / 8)
    }

    /// A grey 8-bit PNG turned into a palette PNG: IHDR's color type becomes 3 and a PLTE
    /// chunk follows it; the image data is unchanged (both store one byte per pixel).
    static func relabelGreyAsPalette(_ png: Data, palette: [[UInt8]]) -> Data {
        var bytes = [UInt8](png)
        bytes[25] = 3
        let crc = CRC32.checksum(bytes[12..<29])
        bytes.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        let body = palette.flatMap { $0 }
        var chunk: [UInt8] = [UInt8(body.count >> 24), UInt8(body.count >> 16 & 0xFF), UInt8(body.count >> 8 & 0xFF), UInt8(body.count & 0xFF)]
        let typed = Array("PLTE".utf8) + body
        let plteCRC = CRC32.checksum(typed[...])
        chunk += typed + [UInt8(plteCRC >> 24), UInt8(plteCRC >> 16 & 0xFF), UInt8(plteCRC >> 8 & 0xFF), UInt8(plteCRC & 0xFF)]
        bytes.insert(contentsOf: chunk, at: 33)
        return Data(bytes)
    }

    /// The concatenated IDAT payloads: one zlib stream.
    static func zlibStream(of png: Data) -> Data {
        let bytes = [UInt8](png)
        var out = Data()
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8
            guard start + length + 4 <= bytes.count else { break }
            if type == "IDAT" { out.append(contentsOf: bytes[start..<(start + length)]) }
            offset = start + length + 4
        }
        return out
    }
}

/// CRC-32 (ISO 3309, as PNG chunks use), bitwise: the benchmark relabels one header.
enum CRC32 {
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
