import Foundation
import OspreyTestTraits
import Testing
@testable import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// ``JPEGSkipTable`` must read exactly the bits the per-symbol loop reads (a thumbnail's DC
/// values depend on it), on valid data and on any bits at all.
@Suite("JPEG multi-symbol AC skip", .offCooperativePool)
struct JPEGSkipTableTests {
    /// An AC code with the length counts of T.81 Table K.5 (luminance AC) over every symbol a
    /// sequential scan may use: EOB, ZRL and run/size pairs with sizes 1…10 (162 in all).
    static let counts = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 125]
    static let symbols: [UInt8] = {
        var list: [UInt8] = [0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61,
                             0x07, 0x22, 0x71, 0xF0]
        for run in 0..<16 {
            for size in 1...10 where !list.contains(UInt8(run << 4 | size)) { list.append(UInt8(run << 4 | size)) }
        }
        return list
    }()

    /// The per-symbol skip the table replaces (the loop of the sequential block decode, values
    /// read and dropped).
    static func referenceSkip(_ decoder: HuffmanDecoder, _ reader: inout MSBBitReader) {
        var k = 1
        while k < 64 {
            let rs = decoder.symbol(&reader)
            let r = rs >> 4, s = rs & 15
            if s == 0 {
                if r != 15 { break }
                k += 16
                continue
            }
            k += r + 1
            _ = reader.receiveExtend(s)
        }
    }

    /// Skips `blocks` blocks of `bytes` both ways, reading 11 bits (a DC-sized read) after each,
    /// and expects the same reads: the two stay at the same bit throughout.
    static func expectSameBits(_ bytes: [UInt8], blocks: Int) throws {
        #expect(counts.reduce(0, +) == symbols.count)
        let decoder = try HuffmanDecoder.jpeg(counts: counts, symbols: symbols)
        let skip = UnsafeMutablePointer<UInt16>.allocate(capacity: JPEGSkipTable.size)
        let fast = UnsafeMutablePointer<Int32>.allocate(capacity: JPEGFastAC.size)
        defer { skip.deallocate(); fast.deallocate() }
        JPEGSkipTable.fill(skip, counts: counts, symbols: symbols)
        JPEGFastAC.fill(fast, counts: counts, symbols: symbols)
        var expected = MSBBitReader(bytes), actual = MSBBitReader(bytes)
        decoder.entries.withUnsafeBufferPointer { ac in
            for _ in 0..<blocks {
                referenceSkip(decoder, &expected)
                actual.refill()
                actual.bits = JPEGSkipTable.skipAC(UnsafePointer(skip), UnsafePointer(fast), ac.baseAddress!,
                                                   actual.bits, &actual)
                #expect(expected.read(11) == actual.read(11))
                #expect(expected.paddingBitsConsumed == actual.paddingBitsConsumed)
            }
        }
    }

    @Test("valid blocks: the same bits as the per-symbol loop")
    func validBlocks() throws {
        var generator = SeededGenerator(seed: 13)
        // Encode random blocks with the same canonical code: codes, magnitude bits, EOB.
        var code = 0, codes: [UInt8: (Int, Int)] = [:], index = 0
        for (length, count) in zip(1..., Self.counts) {
            for _ in 0..<count { codes[Self.symbols[index]] = (code, length); code += 1; index += 1 }
            code <<= 1
        }
        var bits: [Bool] = []
        func put(_ value: Int, _ length: Int) { for i in (0..<length).reversed() { bits.append(value >> i & 1 == 1) } }
        for _ in 0..<2000 {
            var k = 1
            while k < 64 {
                if Int.random(in: 0..<8, using: &generator) == 0 { let (c, l) = codes[0x00]!; put(c, l); break }
                let run = Int.random(in: 0..<(Int.random(in: 0..<4, using: &generator) == 0 ? 16 : 3), using: &generator)
                let size = Int.random(in: 1...(Int.random(in: 0..<6, using: &generator) == 0 ? 10 : 3), using: &generator)
                guard k + run < 64 else { let (c, l) = codes[0x00]!; put(c, l); break }
                let (c, l) = codes[UInt8(run << 4 | size)]!
                put(c, l)
                put(Int.random(in: 0..<(1 << size), using: &generator), size)
                k += run + 1
            }
            put(Int.random(in: 0..<2048, using: &generator), 11)
        }
        var bytes: [UInt8] = []
        for start in stride(from: 0, to: bits.count, by: 8) {
            var byte: UInt8 = 0
            for i in 0..<8 { byte = byte << 1 | (start + i < bits.count && bits[start + i] ? 1 : 0) }
            bytes.append(byte)
            if byte == 0xFF { bytes.append(0x00) }   // stuffing
        }
        try Self.expectSameBits(bytes, blocks: 2000)
    }

    @Test("random bits and the end of the data: the same bits as the per-symbol loop")
    func randomBits() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<20 {
            let bytes = (0..<4096).map { _ in UInt8.random(in: 0...0xFE, using: &generator) }
            try Self.expectSameBits(bytes, blocks: 3000)
        }
    }
}
