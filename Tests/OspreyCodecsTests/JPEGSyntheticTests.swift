import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs

/// JPEG features checked on files the test writes itself, so they run on a fresh clone:
/// a one-block-per-component baseline file whose blocks carry only a DC coefficient, so every
/// sample of a component decodes to exactly the value written (DC-only IDCT with unit
/// quantisation is exact), and the colour conversion alone decides the output.
@Suite("JPEG written by the test", .offCooperativePool)
struct JPEGSyntheticTests {
    @Test("Adobe CMYK (transform 0, inverted ink) converts to RGB", arguments: [
        ([200, 100, 50, 255], [200, 100, 50]),
        ([255, 255, 255, 128], [128, 128, 128]),
        ([0, 128, 255, 255], [0, 128, 255]),
        ([200, 100, 50, 0], [0, 0, 0]),
    ])
    func adobeCMYK(stored: [Int], rgb: [Int]) throws {
        let image = try JPEGDecoder().decode(Self.uniformFile(samples: stored, adobeTransform: 0), options: DecodeOptions())
        #expect(image.pixelSize == PixelSize(width: 8, height: 8))
        for pixel in stride(from: 0, to: image.firstFrame.bytes.count, by: 4) {
            let got = image.firstFrame.bytes[pixel..<pixel + 4].map(Int.init)
            #expect(zip(got.prefix(3), rgb).allSatisfy { abs($0 - $1) <= 1 } && got[3] == 255, "\(got) for \(stored)")
        }
    }

    @Test("Adobe RGB (transform 0, three components) is taken as RGB, not YCbCr")
    func adobeRGB() throws {
        let image = try JPEGDecoder().decode(Self.uniformFile(samples: [10, 120, 250], adobeTransform: 0), options: DecodeOptions())
        #expect(Array(image.firstFrame.bytes.prefix(4)) == [10, 120, 250, 255])
    }

    /// An 8 × 8 baseline JPEG with one 1×1-sampled component per sample value, each block
    /// holding only its DC coefficient, preceded by an Adobe APP14 segment with `adobeTransform`.
    static func uniformFile(samples: [Int], adobeTransform: UInt8) -> Data {
        var file: [UInt8] = [0xFF, 0xD8]
        func segment(_ marker: UInt8, _ payload: [UInt8]) {
            let length = payload.count + 2
            file += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        }
        segment(0xEE, Array("Adobe".utf8) + [0x00, 0x64, 0x00, 0x00, 0x00, 0x00, adobeTransform])
        segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))   // unit quantisation
        let count = UInt8(samples.count)
        segment(0xC0, [8, 0, 8, 0, 8, count] + (1...count).flatMap { [$0, 0x11, 0] })
        // DC table 0: categories 0–11, all 4-bit codes (code = category). AC table 0: EOB = "00".
        segment(0xC4, [0x00] + [0, 0, 0, 12] + [UInt8](repeating: 0, count: 12) + (0...11).map(UInt8.init))
        segment(0xC4, [0x10] + [0, 1] + [UInt8](repeating: 0, count: 14) + [0x00])
        segment(0xDA, [count] + (1...count).flatMap { [$0, 0x00] } + [0, 63, 0])
        var bits = BitSink()
        for sample in samples {
            let dc = (sample - 128) * 8          // the DC coefficient whose block decodes to `sample`
            let category = dc == 0 ? 0 : Int.bitWidth - abs(dc).leadingZeroBitCount
            bits.append(category, width: 4)
            bits.append(dc < 0 ? dc - 1 : dc, width: category)   // negative: one's complement
            bits.append(0, width: 2)                               // EOB
        }
        file += bits.stuffedBytes() + [0xFF, 0xD9]
        return Data(file)
    }

    /// MSB-first bits, padded with ones and 0xFF-stuffed as an entropy-coded segment is.
    struct BitSink {
        private var bits: [Bool] = []
        mutating func append(_ value: Int, width: Int) {
            for shift in stride(from: width - 1, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) }
        }
        func stuffedBytes() -> [UInt8] {
            var padded = bits
            while padded.count % 8 != 0 { padded.append(true) }
            var bytes: [UInt8] = []
            for start in stride(from: 0, to: padded.count, by: 8) {
                let byte = padded[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
                bytes.append(byte)
                if byte == 0xFF { bytes.append(0x00) }
            }
            return bytes
        }
    }
}
