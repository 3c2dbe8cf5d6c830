import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// CRC-32's three-lane path (long inputs, the lanes joined by GF(2) multiplication) against a
/// bit-at-a-time reference, at lengths around the lane threshold and the lanes' 8-byte steps.
@Suite("CRC-32 lanes", .cpuBound)
struct CRC32LaneTests {
    /// The textbook CRC: one bit at a time.
    private static func reference(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        var c = ~crc
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    @Test("long inputs match the bitwise CRC at every length near the lane boundaries")
    func lanes() {
        var generator = SeededGenerator(seed: 25)
        let data = (0..<70_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        for length in Array(760...800) + [1023, 1024, 1025, 4095, 65_536, 65_537, 69_999] {
            let slice = Array(data[0..<length])
            #expect(CRC32.checksum(slice) == Self.reference(slice), "length \(length)")
        }
    }

    @Test("continuing from an earlier CRC through the lane path equals one pass")
    func continuing() {
        var generator = SeededGenerator(seed: 7)
        let data = (0..<9_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        for split in [0, 1, 5, 100, 4_321, 8_999] {
            let head = Array(data[0..<split]), tail = Array(data[split...])
            #expect(CRC32.checksum(tail, continuing: CRC32.checksum(head)) == Self.reference(data), "split \(split)")
        }
        let zeros = [UInt8](repeating: 0, count: 5_000)
        #expect(CRC32.checksum(zeros) == Self.reference(zeros))
    }
}
