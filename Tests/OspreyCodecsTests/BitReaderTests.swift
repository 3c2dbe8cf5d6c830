import Foundation
import OspreyTestTraits
import Testing
@testable import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

@Suite("Toolkit bit and byte readers", .offCooperativePool)
struct BitReaderTests {
    /// Bits packed LSB first, as deflate, GIF LZW and WebP lossless write them.
    static func packLSB(_ fields: [(value: Int, bits: Int)]) -> [UInt8] {
        var bytes: [UInt8] = [], buffer = 0, count = 0
        for (value, bits) in fields {
            buffer |= value << count
            count += bits
            while count >= 8 { bytes.append(UInt8(buffer & 0xFF)); buffer >>= 8; count -= 8 }
        }
        if count > 0 { bytes.append(UInt8(buffer & 0xFF)) }
        return bytes
    }

    @Test("LSB-first: seeded fields of 1–24 bits read back, and reading past the end throws")
    func lsbRoundTrip() throws {
        var generator = SeededGenerator(seed: 12)
        let fields = (0..<2000).map { _ -> (Int, Int) in
            let bits = Int.random(in: 1...24, using: &generator)
            return (Int.random(in: 0..<(1 << bits), using: &generator), bits)
        }
        let bytes = Self.packLSB(fields)
        try bytes.withUnsafeBufferPointer { (input) throws in
            var reader = LSBBitReader(base: input.baseAddress!, count: input.count)
            for (value, bits) in fields { #expect(try reader.read(bits) == value) }
            let left = input.count * 8 - fields.reduce(0) { $0 + $1.1 }
            #expect(left < 8)
            #expect(throws: ImageError.self) { _ = try reader.read(left + 1) }
        }
    }

    @Test("MSB-first: FF 00 is a stuffed FF, fill FFs are skipped, a marker stops the data")
    func msbStuffingAndMarkers() {
        // 0xA5, stuffed 0xFF, 0x3C, then fill FF FF and RST3 (FF D3), then 0x81 after it.
        var reader = MSBBitReader([0xA5, 0xFF, 0x00, 0x3C, 0xFF, 0xFF, 0xD3, 0x81])
        #expect(reader.read(4) == 0xA)
        #expect(reader.read(8) == 0x5F)
        #expect(reader.read(12) == 0xF3C)
        #expect(reader.marker == 0xD3)
        #expect(reader.dataBitsLeft == 0)
        #expect(reader.paddingBitsConsumed == 0)
        // Past the marker: zeros, counted as padding.
        #expect(reader.read(5) == 0)
        #expect(reader.paddingBitsConsumed == 5)
        // Taking the marker resumes after it.
        #expect(reader.takeMarker() == 0xD3)
        #expect(reader.read(8) == 0x81)
    }

    @Test("MSB-first: long seeded segments (whole-word refills) read as the byte-by-byte definition says")
    func msbLongSegments() {
        // Data bytes with 0xFF sprinkled in (written as FF 00, sometimes after fill FFs), then a
        // marker: long plain runs take the 8-byte refill, the FFs the byte loop, in every
        // alignment the random read widths give.
        var random = SeededGenerator(seed: 0x4D53_4252)
        for _ in 0..<200 {
            var data: [UInt8] = [], encoded: [UInt8] = []
            for _ in 0..<random.next(below: 300) {
                let byte: UInt8 = random.next(below: 12) == 0 ? 0xFF : UInt8(truncatingIfNeeded: random.next())
                data.append(byte)
                if byte == 0xFF {
                    encoded += random.next(below: 4) == 0 ? [0xFF, 0xFF, 0x00] : [0xFF, 0x00]
                } else {
                    encoded.append(byte)
                }
            }
            encoded += [0xFF, 0xD9, 0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE, 0xF0]
            var reader = MSBBitReader(encoded)
            var bit = 0   // the next bit of `data` to compare
            while bit < data.count * 8 + 40 {
                let width = 1 + random.next(below: 32)
                var expected = 0
                for i in bit..<(bit + width) {   // bits past the data are zero padding
                    let value = i < data.count * 8 ? Int(data[i / 8] >> (7 - i % 8)) & 1 : 0
                    expected = expected << 1 | value
                }
                #expect(reader.read(width) == expected)
                bit += width
            }
            #expect(reader.marker == 0xD9)
            #expect(reader.paddingBitsConsumed == bit - data.count * 8)
        }
    }

    @Test("MSB-first: signed magnitude values (JPEG EXTEND) and 16-bit reads across bytes")
    func msbSigned() {
        // 3 bits 010 = 2 → −5; 3 bits 110 = 6 → 6; then 0x1234 over a byte boundary.
        let bits = "010" + "110" + String(0x1234, radix: 2).leftPadded(16) + "00"
        var reader = MSBBitReader(Self.jpegBytes(fromBits: bits))
        #expect(reader.readSigned(3) == -5)
        #expect(reader.readSigned(3) == 6)
        #expect(reader.read(16) == 0x1234)
        #expect(reader.readSigned(0) == 0)
    }

    @Test("MSB-first at the end of data: zero padding, counted; a scan ending exactly at a marker is not short")
    func msbEnd() {
        var exact = MSBBitReader([0xC3, 0xFF, 0xD9])
        #expect(exact.read(8) == 0xC3)
        #expect(exact.paddingBitsConsumed == 0 && exact.marker == 0xD9)
        var short = MSBBitReader([0x80])
        #expect(short.read(16) == 0x8000)
        #expect(short.paddingBitsConsumed == 8)
    }

    @Test("byte reader: both byte orders, seek and every overrun throws")
    func byteReader() throws {
        var reader = ByteReader([0x12, 0x34, 0x56, 0x78, 0x9A])
        #expect(try reader.u16be() == 0x1234)
        try reader.seek(to: 0)
        #expect(try reader.u16le() == 0x3412)
        try reader.seek(to: 0)
        #expect(try reader.u32be() == 0x1234_5678)
        try reader.seek(to: 1)
        #expect(try reader.u32le() == 0x9A78_5634)
        #expect(reader.remaining == 0)
        #expect(throws: ImageError.self) { _ = try reader.u8() }
        #expect(throws: ImageError.self) { try reader.seek(to: 6) }
        #expect(throws: ImageError.self) { try reader.skip(-1) }
        reader.bigEndian = false
        try reader.seek(to: 3)
        #expect(try reader.u16() == 0x9A78)
        try reader.seek(to: 4)
        #expect(throws: ImageError.self) { _ = try reader.u16() }
        #expect(reader.position == 4, "a failed read does not move the reader")
    }

    /// `bits` packed MSB first as a JPEG scan: every FF data byte is stuffed as FF 00.
    static func jpegBytes(fromBits bits: String) -> [UInt8] {
        bytes(fromBits: bits).flatMap { $0 == 0xFF ? [0xFF, 0x00] : [$0] }
    }

    static func bytes(fromBits bits: String) -> [UInt8] {
        let padded = bits + String(repeating: "0", count: (8 - bits.count % 8) % 8)
        return stride(from: 0, to: padded.count, by: 8).map { start in
            let slice = padded.dropFirst(start).prefix(8)
            return UInt8(slice, radix: 2)!
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
