import Foundation
import OspreyCore

/// CRC-32 (ISO-HDLC, the polynomial of PNG chunks, zlib and gzip), slicing by eight.
///
/// PNG verifies a CRC on every chunk, so this runs over every byte of every file. Slicing by
/// eight consumes eight bytes per step with eight table lookups instead of one lookup per
/// byte, which is several times faster than the textbook loop.
package enum CRC32 {
    /// Eight 256-entry tables: `tables[k * 256 + b]` is the CRC of byte `b` followed by `k`
    /// zero bytes. Built once, on first use (a `static let` initialises thread-safely).
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            tables[byte] = crc
        }
        for byte in 0..<256 {
            var crc = tables[byte]
            for slice in 1..<8 {
                crc = tables[Int(crc & 0xFF)] ^ (crc >> 8)
                tables[slice * 256 + byte] = crc
            }
        }
        return tables
    }()

    /// The CRC of `bytes`, continuing from `crc` (the CRC of the bytes before, 0 to start).
    package static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
        return tables.withUnsafeBufferPointer { table -> UInt32 in
            let t = table.baseAddress!
            var c = ~crc
            var p = base
            var remaining = bytes.count
            while remaining >= 8 {
                let low = c ^ UInt32(littleEndian: p.loadUnaligned(as: UInt32.self))
                let high = UInt32(littleEndian: (p + 4).loadUnaligned(as: UInt32.self))
                c = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                p += 8
                remaining -= 8
            }
            while remaining > 0 {
                c = t[Int((c ^ UInt32(p.load(as: UInt8.self))) & 0xFF)] ^ (c >> 8)
                p += 1
                remaining -= 1
            }
            return ~c
        }
    }

    /// The CRC of `bytes`, continuing from `crc`.
    package static func checksum<Bytes: ContiguousBytes>(_ bytes: Bytes, continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0, continuing: crc) }
    }
}
