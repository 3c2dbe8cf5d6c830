import Foundation
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The decoders that keep intermediates as a window (lossless WebP's coded pixels, lossy WebP's
/// Y/U/V planes, a still GIF's LZW indices) give the same pixels as the paths that hold them
/// whole, also where the window moves: pictures large enough (or windows small enough) for it
/// to slide, back references and colour-cache hits reaching across a slide, strings of LZW
/// codes crossing chunk ends.
@Suite("decode windows: same pixels as whole-image decoding")
struct DecodeWindowTests {
    @Test("lossless WebP: the sliding window fed in pieces (row by row, rolled back where the data ends) equals it fed whole")
    func losslessWindow() throws {
        // 2048 × 1024 = 2 Mi pixels, more than the window (1 Mi history + a band + a copy).
        for transforms in [false, true] {
            var generator = SeededGenerator(seed: transforms ? 7 : 3)
            let (width, height) = (2048, 1024)
            let stream = LosslessStreamWriter.stream(width: width, height: height, transforms: transforms,
                                                     using: &generator)
            let windowed = try stream.withUnsafeBufferPointer { (payload) throws(ImageError) in
                try VP8LDecoder.decode(payload, options: DecodeOptions())
            }
            let header = try stream.withUnsafeBufferPointer { (payload) throws(ImageError) in try VP8LDecoder.header(payload) }
            let pieces = VP8LBandDecoder(width: width, height: height, cancellation: nil)
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            stream.withUnsafeBufferPointer { payload in
                let body = UnsafeBufferPointer(rebasing: payload[5...])
                var end = 0
                while end < body.count {
                    end = min(body.count, end + 40_000)
                    rgba.withUnsafeMutableBytes { out in
                        pieces.advance(UnsafeBufferPointer(rebasing: body[0..<end]), complete: end == body.count) {
                            firstRow, count, argb in
                            VP8LDecoder.storeRGBA(argb, count: count * width, to: out.baseAddress! + firstRow * width * 4,
                                                  opaque: !header.alphaIsUsed)
                        }
                    }
                }
            }
            #expect(pieces.isComplete && pieces.failure == nil)
            #expect(windowed.bytes == rgba, "transforms: \(transforms)")
            #expect(VP8LBandDecoder.history + VP8LBandDecoder.longestCopy < width * height)
        }
    }

    @Test("lossy WebP: planes sliding every few macroblock rows give every fixture's pixels")
    func lossyWindow() throws {
        var checked = 0
        for (url, _) in WebPLossyTestSupport.simpleLossyFiles {
            let payload = try #require(WebPLossyTestSupport.vp8Payload(try Data(contentsOf: url)))
            let reference = try WebPLossyTestSupport.decode(payload)
            for rows in [4, 5] {
                let small = try payload.withUnsafeBytes { (raw) throws(ImageError) in
                    try VP8Decoder.decode(raw, options: DecodeOptions(), windowRows: rows)
                }
                #expect(small.bytes == reference.bytes, "\(url.lastPathComponent), window of \(rows) rows")
            }
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test("still GIF: straight into the output equals the composer's first frame",
          arguments: [(false, false, false), (true, false, false), (false, true, false), (true, true, true)])
    func gifStill(interlaced: Bool, transparent: Bool, truncated: Bool) throws {
        var generator = SeededGenerator(seed: 11)
        // 700 × 300 at (50, 20) on 720 × 300: several index chunks, clipped right and below.
        let (width, height) = (700, 300)
        // Runs of colours, so LZW strings grow long and cross chunk ends.
        var indices: [UInt8] = []
        while indices.count < width * height {
            let run = 1 + generator.next(below: 300)
            indices += [UInt8](repeating: UInt8(generator.next(below: 16)), count: min(run, width * height - indices.count))
        }
        var frame = GIFTestWriter.Frame(x: 50, y: 20, width: width, height: height, indices: indices,
                                        interlaced: interlaced, transparentIndex: transparent ? 3 : nil)
        if truncated {
            let rows = GIFTestWriter.interlacedOrder(indices, width: width, height: height)
            let data = GIFTestWriter.lzw(rows, minimumCodeSize: 8)
            frame.rawData = Array(data[0..<data.count / 2])
        }
        let palette = (0..<256 * 3).map { UInt8(($0 * 37) & 0xFF) }
        var second = frame
        second.x = 0
        second.y = 0
        second.width = 1
        second.height = 1
        second.indices = [0]
        second.rawData = nil
        let still = try GIFDecoder().decode(Data(GIFTestWriter.gif(width: 720, height: 300, palette: palette,
                                                                   frames: [frame])), options: DecodeOptions())
        let animation = try GIFDecoder().decode(Data(GIFTestWriter.gif(width: 720, height: 300, palette: palette,
                                                                       frames: [frame, second])), options: DecodeOptions())
        #expect(animation.frameCount == 2)
        #expect(still.frameCount == 1)
        #expect(still.firstFrame == animation.frame(at: 0).pixels)
    }
}

/// Writes WebP lossless image streams that make a decoding window work: literals, copies of up
/// to 4096 pixels from one row up or from 786,433…1,048,576 codes back, colour-cache hits, and
/// optionally the subtract-green and predictor transforms.
private enum LosslessStreamWriter {
    static func stream(width: Int, height: Int, transforms: Bool,
                       using generator: inout SeededGenerator) -> [UInt8] {
        var bits = LSBBits()
        bits.write(0x2F, 8)
        bits.write(width - 1, 14)
        bits.write(height - 1, 14)
        bits.write(1, 1)   // alpha used
        bits.write(0, 3)
        if transforms {
            bits.write(1, 1); bits.write(2, 2)   // subtract green
            bits.write(1, 1); bits.write(0, 2)   // predictor
            bits.write(3 - 2, 3)                 // 8 × 8 tiles
            let tiles = ((width + 7) / 8) * ((height + 7) / 8)
            bits.write(0, 1)                     // sub-image: no cache
            simple(&bits, [1, 11]); simple(&bits, [0]); simple(&bits, [0]); simple(&bits, [0]); simple(&bits, [0])
            for _ in 0..<tiles { bits.write(generator.next(below: 2), 1) }   // modes 1 and 11 in green
        }
        bits.write(0, 1)                         // no more transforms
        bits.write(1, 1); bits.write(1, 4)       // colour cache of 2
        bits.write(0, 1)                         // no meta codes
        // Green: 8 symbols of 3 bits: literals 0, 1, 2, 200; lengths 1 (256) and 3073…4096 (279);
        // cache keys 0 and 1 (280, 281).
        let greens = [0, 1, 2, 200, 256, 279, 280, 281]
        bits.write(0, 1)                         // normal code
        bits.write(6 - 4, 4)                     // order 17, 18, 0, 1, 2, 3
        for symbol in [17, 18, 0, 1, 2, 3] { bits.write(symbol == 0 || symbol == 3 ? 1 : 0, 3) }
        bits.write(0, 1)                         // a length for every symbol
        // Code-length code: symbols 0 and 3, one bit each: 0 → "0", 3 → "1".
        for symbol in 0..<(256 + 24 + 2) { bits.write(greens.contains(symbol) ? 1 : 0, 1) }
        simple(&bits, [10, 250])                 // red
        simple(&bits, [0, 128])                  // blue
        simple(&bits, [255, 7])                  // alpha
        simple(&bits, [0, 39])                   // distance: one row up, or 786,433 + 18 bits
        let total = width * height
        var position = 0
        while position < total {
            let choice = generator.next(below: 10)
            if choice < 5 || position < width {
                writeGreen(&bits, greens.firstIndex(of: [0, 1, 2, 200][generator.next(below: 4)])!)
                for _ in 0..<3 { bits.write(generator.next(below: 2), 1) }
                position += 1
            } else if choice < 7 {
                writeGreen(&bits, 6 + generator.next(below: 2))   // a cache hit
                position += 1
            } else {
                let long = generator.next(below: 2) == 0
                let length = long && total - position >= 4096 ? 3073 + generator.next(below: 1024) : 1
                if length == 1 {
                    writeGreen(&bits, 4)                // length 1
                } else {
                    writeGreen(&bits, 5)
                    bits.write(length - 3073, 10)
                }
                let far = position >= 786_433 + 120 + (1 << 18) && generator.next(below: 2) == 0
                if far {
                    bits.write(1, 1)
                    bits.write(generator.next(below: 1 << 18), 18)
                } else {
                    bits.write(0, 1)
                }
                position += length
            }
        }
        return bits.finish()
    }

    /// Green symbol number `index` of the eight, as its 3-bit canonical code.
    private static func writeGreen(_ bits: inout LSBBits, _ index: Int) {
        for bit in stride(from: 2, through: 0, by: -1) { bits.write((index >> bit) & 1, 1) }
    }

    /// A simple prefix code of one or two 8-bit symbols.
    private static func simple(_ bits: inout LSBBits, _ symbols: [Int]) {
        bits.write(1, 1)
        bits.write(symbols.count - 1, 1)
        bits.write(1, 1)
        bits.write(symbols[0], 8)
        if symbols.count == 2 { bits.write(symbols[1], 8) }
    }

}
