import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// WebP lossless (VP8L) against libwebp: every lossless file of the corpus (the vendored
/// libwebp-test-data, plus image-webp's when the shared corpus is present) must decode to the
/// manifest's `rgba_sha256` (Pillow over libwebp) exactly.
@Suite("WebP lossless", .cpuBound)
struct WebPLosslessTests {
    /// The corpus's WebP files whose first image chunk is `VP8L`, or whose VP8X image is lossless.
    static func losslessFiles() -> [URL] {
        Corpus.files(in: "webp", extensions: ["webp"]).filter { url in
            guard let data = try? Data(contentsOf: url) else { return false }
            let container = try? WebPContainer([UInt8](data))
            return container?.still?.lossless == true
                || (container?.frames.isEmpty == false && container!.frames.allSatisfy(\.image.lossless))
        }
    }

    @Test("the toolkit's pointer-based LSB decode agrees with HuffmanDecoder on tables at any offset")
    func pointerDecode() throws {
        var random = SeededGenerator(seed: 0x5650_384C)
        for _ in 0..<20 {
            // Random complete codes over a WebP-sized green alphabet (280 + 2048 cache symbols), lengths ≤ 15.
            let alphabet = 280 + 2048
            // A complete code: split random leaves of a binary tree (depth ≤ 15) until there are enough.
            var depths = [0]
            let wanted = Int.random(in: 2...alphabet, using: &random)
            while depths.count < wanted {
                let index = Int.random(in: 0..<depths.count, using: &random)
                guard depths[index] < 15 else { continue }
                depths[index] += 1
                depths.append(depths[index])
            }
            var lengths = [UInt8](repeating: 0, count: alphabet)
            for (symbol, depth) in zip(Array(0..<alphabet).shuffled(using: &random), depths) { lengths[symbol] = UInt8(depth) }
            let decoder = try HuffmanDecoder(lengths: lengths, rootBits: 8, order: .lsbFirst)
            let size = HuffmanTableBuilder.requiredSize(lengths: lengths, rootBits: 8)
            var buffer = [UInt32](repeating: 0, count: size + 37)
            try lengths.withUnsafeBufferPointer { lengths in
                try HuffmanEntry.symbolTemplates(count: alphabet).withUnsafeBufferPointer { templates in
                    try buffer.withUnsafeMutableBufferPointer { buffer in
                        _ = try HuffmanTableBuilder.build(lengths: lengths, templates: templates, rootBits: 8,
                                                          into: buffer.baseAddress! + 37, capacity: size)
                    }
                }
            }
            let stream = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
            try stream.withUnsafeBufferPointer { stream in
                try buffer.withUnsafeBufferPointer { buffer in
                    var a = LSBBitReader(base: stream.baseAddress!, count: stream.count)
                    var b = a
                    for _ in 0..<1000 {
                        let viaDecoder = try decoder.decode(&a)
                        let viaPointer = try HuffmanDecoder.decode(table: buffer.baseAddress! + 37, rootBits: 8, &b)
                        #expect(viaDecoder == viaPointer)
                        #expect(a.bitCount == b.bitCount && a.position == b.position)
                    }
                }
            }
        }
    }

    @Test("every lossless corpus file equals libwebp's pixels exactly")
    func corpusExact() throws {
        var failures: [String] = []
        var checked = 0
        for url in Self.losslessFiles() {
            let path = Corpus.relativePath(url)
            guard let entry = Corpus.manifest[path], entry.reference_ok == true else { continue }
            checked += 1
            do {
                let image = try WebPDecoder().decode(try Data(contentsOf: url), options: DecodeOptions())
                if image.pixelWidth != entry.width || image.pixelHeight != entry.height {
                    failures.append("\(path): size \(image.pixelSize)")
                } else if image.firstFrame.rgbaSHA256 != entry.rgba_sha256 {
                    failures.append("\(path): pixels differ")
                }
                if let frames = entry.frame_rgba_sha256 {
                    let got = image.frames.map(\.pixels.rgbaSHA256)
                    if got != frames { failures.append("\(path): frames differ (\(got.count) vs \(frames.count))") }
                }
            } catch {
                failures.append("\(path): \(error)")
            }
        }
        // 26 vendored VP8L files; the shared corpus adds image-webp's regression and animated ones.
        #expect(checked >= (Corpus.hasSharedCorpus ? 31 : 26))
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
