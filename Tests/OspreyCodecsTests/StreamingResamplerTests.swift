import Foundation
import OspreyTestTraits
import Testing
@testable import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

@Suite("Streaming area resampler", .offCooperativePool)
struct StreamingResamplerTests {
    typealias H = PNGTestHelpers

    @Test("equals the exact area filter for shrinking and enlarging, integer and odd ratios")
    func matchesReference() {
        let source = H.gradientNoise(width: 23, height: 17, seed: 4)
        for size in [(1, 1), (5, 7), (8, 8), (11, 17), (22, 3), (23, 1), (30, 20), (46, 34), (7, 40)] {
            let target = PixelSize(width: size.0, height: size.1)
            #expect(StreamingResampler.resize(source, to: target) == AreaFilterReference.resize(source, to: target), "\(target)")
        }
    }

    @Test("integer ratios give the plain block mean, as the PNG thumbnail box filter does")
    func integerRatios() {
        let source = H.gradientNoise(width: 48, height: 36, seed: 9)
        for size in [PixelSize(width: 24, height: 18), PixelSize(width: 12, height: 9), PixelSize(width: 16, height: 12),
                     PixelSize(width: 1, height: 1), PixelSize(width: 48, height: 12)] {
            #expect(StreamingResampler.resize(source, to: size) == AreaFilterReference.resize(source, to: size), "\(size)")
        }
    }

    @Test("rows out: each output row is emitted once, in order, as soon as its last source row arrives")
    func streaming() {
        let source = H.gradientNoise(width: 40, height: 30, seed: 2)
        let target = PixelSize(width: 7, height: 4)
        var resampler = StreamingResampler(source: source.size, target: target, collecting: false)
        var emitted: [(row: Int, afterSource: Int, bytes: [UInt8])] = []
        source.bytes.withUnsafeBufferPointer { bytes in
            for y in 0..<source.height {
                resampler.addRow(bytes.baseAddress! + y * source.bytesPerRow) { row, pixels in
                    emitted.append((row, y, Array(pixels)))
                }
            }
        }
        #expect(emitted.map(\.row) == [0, 1, 2, 3])
        // Output row j covers source rows up to ⌈(j+1)·30/4⌉ − 1: 7, 14, 22, 29.
        #expect(emitted.map(\.afterSource) == [7, 14, 22, 29])
        #expect(emitted.flatMap(\.bytes) == StreamingResampler.resize(source, to: target).bytes)
    }

    @Test("transparent pixels add no colour; an all-transparent block stays transparent black")
    func alpha() {
        let source = PixelBuffer(width: 4, height: 1, bytes: [255, 0, 0, 255, 0, 255, 0, 0, 9, 9, 9, 0, 1, 2, 3, 0])
        #expect(StreamingResampler.resize(source, to: PixelSize(width: 2, height: 1)).bytes == [255, 0, 0, 128, 0, 0, 0, 0])
    }

    @Test("the same size returns the pixels unchanged; a zero-size request gives 1 × 1")
    func edges() {
        let source = H.gradientNoise(width: 5, height: 4, seed: 1)
        #expect(StreamingResampler.resize(source, to: source.size) == source)
        #expect(StreamingResampler.resize(source, to: PixelSize(width: 0, height: 0)).size == PixelSize(width: 1, height: 1))
    }

    @Test("memory: 12 MP to 256 px keeps only tap tables and two sum rows besides the output")
    func memoryBound() {
        let resampler = StreamingResampler(source: PixelSize(width: 4000, height: 3000),
                                           target: PixelSize(width: 256, height: 192), collecting: false)
        #expect(resampler.workingBytes < 2 << 20)
        #expect(resampler.workingBytes < 64 << 10)
    }
}
