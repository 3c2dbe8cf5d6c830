import Foundation
import OspreyTestTraits
import Testing
@testable import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

@Suite("Toolkit canonical Huffman", .offCooperativePool)
struct HuffmanTableTests {
    @Test("code assignment follows RFC 1951's example (lengths 3,3,3,3,3,2,4,4)")
    func rfcExample() {
        let codes = CanonicalHuffman.codes(lengths: [3, 3, 3, 3, 3, 2, 4, 4] as [UInt8])
        #expect(codes == [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111])
        #expect(CanonicalHuffman.fill(counts: CanonicalHuffman.lengthCounts([3, 3, 3, 3, 3, 2, 4, 4] as [UInt8])) == .complete)
        #expect(CanonicalHuffman.fill(counts: CanonicalHuffman.lengthCounts([1, 1, 1] as [UInt8])) == .oversubscribed)
        #expect(CanonicalHuffman.fill(counts: CanonicalHuffman.lengthCounts([1, 2] as [UInt8])) == .incomplete)
    }

    @Test("the encoder's codes are the shared assignment, bit-reversed")
    func encoderUsesSharedCodes() {
        let lengths: [UInt8] = [3, 3, 3, 3, 3, 2, 4, 4]
        let reversed = HuffmanCodeBuilder.codes(lengths: lengths)
        let shared = CanonicalHuffman.codes(lengths: lengths)
        for symbol in lengths.indices {
            #expect(Int(reversed[symbol]) == CanonicalHuffman.reversed(shared[symbol], bits: Int(lengths[symbol])))
        }
    }

    /// Random complete (or, for JPEG, incomplete) length sets, encoded and decoded both ways.
    @Test("seeded alphabets up to 2,328 symbols (WebP 280 + colour cache) and lengths up to 16 decode in both bit orders",
          arguments: [HuffmanBitOrder.lsbFirst, .msbFirst])
    func roundTrip(order: HuffmanBitOrder) throws {
        var generator = SeededGenerator(seed: order == .lsbFirst ? 1 : 2)
        for round in 0..<24 {
            let alphabet = [19, 162, 280, 288, 2328][round % 5]
            let frequencies = (0..<alphabet).map { _ in Int.random(in: 0...3, using: &generator) == 0 ? 0 : Int.random(in: 1...1000, using: &generator) }
            let lengths = HuffmanCodeBuilder.lengths(frequencies: frequencies, limit: round % 2 == 0 ? 15 : 16)
            #expect(lengths.allSatisfy { $0 <= 16 })
            let decoder = try HuffmanDecoder(lengths: lengths, rootBits: 8, order: order)
            let symbols = (0..<500).compactMap { _ -> Int? in
                let symbol = Int.random(in: 0..<alphabet, using: &generator)
                return lengths[symbol] > 0 ? symbol : nil
            }
            let codes = CanonicalHuffman.codes(lengths: lengths)
            let fields = symbols.map { (codes[$0], Int(lengths[$0])) }
            if order == .lsbFirst {
                let bytes = BitReaderTests.packLSB(fields.map { (CanonicalHuffman.reversed($0.0, bits: $0.1), $0.1) })
                try bytes.withUnsafeBufferPointer { (input) throws in
                    var reader = LSBBitReader(base: input.baseAddress!, count: input.count)
                    for symbol in symbols { #expect(try decoder.decode(&reader) == symbol) }
                }
            } else {
                let bits = fields.map { String($0.0, radix: 2).leftPadded($0.1) }.joined()
                var reader = MSBBitReader(BitReaderTests.jpegBytes(fromBits: bits))
                for symbol in symbols { #expect(try decoder.decode(&reader) == symbol) }
            }
        }
    }

    @Test("JPEG-style incomplete tables decode, the unused all-ones code is invalid; deflate rejects them")
    func incompleteTables() throws {
        // The DC luminance table of ITU T.81 Table K.3: 12 symbols, lengths 2–9.
        let lengths: [UInt8] = [2, 3, 3, 3, 3, 3, 4, 5, 6, 7, 8, 9]
        let decoder = try HuffmanDecoder(lengths: lengths, rootBits: 9, order: .msbFirst, allowIncomplete: true)
        // 00 010 011 111111110 111111111, with each FF data byte stuffed as FF 00.
        var reader = MSBBitReader([0b0001_0011, 0xFF, 0x00, 0b0111_1111, 0xFF, 0x00])
        #expect(try decoder.decode(&reader) == 0)        // 00
        #expect(try decoder.decode(&reader) == 1)        // 010
        #expect(try decoder.decode(&reader) == 2)        // 011
        #expect(try decoder.decode(&reader) == 11)       // 111111110
        #expect(throws: ImageError.self) { _ = try decoder.decode(&reader) }   // 111111111: unused
        #expect(throws: ImageError.self) { _ = try HuffmanDecoder(lengths: lengths, rootBits: 9, order: .lsbFirst) }
        #expect(throws: ImageError.self) { _ = try HuffmanDecoder(lengths: [1, 1, 1], rootBits: 4, order: .msbFirst, allowIncomplete: true) }
    }

    @Test("A JPEG DHT list (lengths in code order, arbitrary symbols, codes past the root) decodes to its symbols")
    func symbolListTables() throws {
        // Canonical codes in list order: 00→0x31, 01→0x07, 100→0xF0, 1010→0x07 (a repeat), then
        // 10110000000 (11 bits: beyond the 4-bit root, so through a subtable) → 0xAB.
        let lengths: [UInt8] = [2, 2, 3, 4, 11]
        let decoder = try HuffmanDecoder(lengths: lengths, symbols: [0x31, 0x07, 0xF0, 0x07, 0xAB],
                                         rootBits: 4, order: .msbFirst, allowIncomplete: true)
        // 00 01 100 1010 10110000000, padded with 1s: 0001_1001 0101_0110 0000_0011.
        var reader = MSBBitReader([0b0001_1001, 0b0101_0110, 0b0000_0011])
        #expect(try decoder.decode(&reader) == 0x31)
        #expect(try decoder.decode(&reader) == 0x07)
        #expect(try decoder.decode(&reader) == 0xF0)
        #expect(try decoder.decode(&reader) == 0x07)
        #expect(try decoder.decode(&reader) == 0xAB)
    }
}
