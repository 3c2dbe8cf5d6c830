import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
import OspreyCodecs
import OspreyTestSupport

/// Files that libjpeg-turbo (and so browsers and Pillow) shows although they bend the format:
/// frames that rely on the standard Huffman tables, and damaged data whose DC coefficients
/// overflow 16 bits.
@Suite("JPEG libjpeg-turbo compatibility", .cpuBound)
struct JPEGLibjpegCompatibilityTests {
    /// The file without its DHT segments (motion-JPEG frames are sent this way).
    static func withoutHuffmanTables(_ file: [UInt8]) -> [UInt8] {
        var out: [UInt8] = Array(file.prefix(2))
        var at = 2
        while at + 4 <= file.count, file[at] == 0xFF {
            let code = file[at + 1]
            if code == 0xDA { break }
            let length = Int(file[at + 2]) << 8 | Int(file[at + 3])
            if code != 0xC4 { out += file[at..<at + 2 + length] }
            at += 2 + length
        }
        return out + file[at...]
    }

    @Test("a frame without DHT segments decodes with the standard tables of T.81 Annex K.3")
    func standardTables() throws {
        // cjpeg's default encode uses exactly the Annex K tables (no -optimize).
        let file = [UInt8](try JPEGTestSupport.corpusData("jpeg/subsampling/kodim23_q90_420.jpg"))
        let stripped = Self.withoutHuffmanTables(file)
        #expect(stripped.count < file.count)
        #expect(JPEGTestSupport.segmentOffset(stripped, code: 0xC4) == nil)
        let original = try JPEGDecoder().decode(Data(file), options: DecodeOptions())
        let decoded = try JPEGDecoder().decode(Data(stripped), options: DecodeOptions())
        let same = decoded.firstFrame.bytes == original.firstFrame.bytes
        #expect(same)
    }

    /// A grayscale 8 × (8·`blocks`) baseline frame with no DHT (standard tables), quantiser 1,
    /// every block's DC difference +2047 and no AC: block `k` has DC 2047·(k+1), which
    /// overflows 16 bits at the 17th block.
    static func overflowingDC(blocks: Int) -> [UInt8] {
        var bits: [Bool] = []
        func put(_ pattern: String) { bits += pattern.map { $0 == "1" } }
        for _ in 0..<blocks {
            put("111111110")   // luminance DC category 11
            put("11111111111") // +2047
            put("1010")        // luminance AC end of block
        }
        while bits.count % 8 != 0 { bits.append(true) }
        var data: [UInt8] = []
        for byteStart in stride(from: 0, to: bits.count, by: 8) {
            let byte = bits[byteStart..<byteStart + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
            data.append(byte)
            if byte == 0xFF { data.append(0) }
        }
        func segment(_ code: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, code, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        let height = 8 * blocks
        return [0xFF, 0xD8]
            + segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
            + segment(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), 0, 8, 1, 1, 0x11, 0])
            + segment(0xDA, [1, 1, 0x00, 0, 63, 0])
            + data + [0xFF, 0xD9]
    }

    @Test("DC coefficients that overflow 16 bits wrap and range-limit as in libjpeg-turbo")
    func overflowingDCWraps() throws {
        let image = try JPEGDecoder().decode(Data(Self.overflowingDC(blocks: 40)), options: DecodeOptions())
        let column = (0..<40).map { image.firstFrame[0, 8 * $0].r }
        // Pillow 13 (libjpeg-turbo 3) on the same file with its C transform (JSIMD_FORCENONE=1):
        // the DC is kept in 16 bits and each sample goes through the range-limit table indexed
        // modulo 1024. (Its x86 SIMD transform saturates 16-bit lanes instead, so damaged blocks
        // differ between libjpeg-turbo's own builds; the C code is the reference.)
        let libjpegTurbo: [UInt8] = [255, 0, 0, 128, 255, 255, 0, 127, 255, 255, 0, 127, 255, 255, 0, 126,
                                     255, 255, 0, 126, 255, 255, 0, 125, 255, 255, 0, 125, 255, 255, 0, 124,
                                     255, 255, 0, 124, 255, 255, 0, 123]
        #expect(column == libjpegTurbo)
    }
}
