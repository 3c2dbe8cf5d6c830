import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Robustness: seeded byte mutations of lossless, alpha and animated WebP files must decode
/// or throw a decoding `ImageError`, never crash or hang (a crash ends the process; the time
/// limit catches a hang). Seeded, so a failure repeats; bounded in count.
@Suite("WebP fuzzing", .timeLimit(.minutes(10)), .cpuBound)
struct WebPFuzzTests {
    static let files: [[UInt8]] = [
        "webp/libwebp-test-data/lossless_vec_1_13.webp", "webp/libwebp-test-data/dual_transform.webp",
        "webp/libwebp-test-data/color_cache_bits_11.webp", "webp/libwebp-test-data/lossless4.webp",
        "webp/libwebp-test-data/alpha_filter_3.webp", "webp/image-webp/animated/random_lossless.webp",
    ].compactMap { Corpus.file($0).flatMap { try? [UInt8](Data(contentsOf: $0)) } }
        + [WebPTestWriter.animationFile(canvas: PixelSize(width: 12, height: 10), frames: [
            .init(pixels: WebPAnimationTests.noise(12, 10, seed: 1)),
            .init(pixels: WebPAnimationTests.noise(6, 4, seed: 2), x: 2, y: 2, disposeToBackground: true),
            .init(pixels: WebPAnimationTests.noise(8, 6, seed: 3), x: 4, y: 2, blend: false),
        ])]

    /// Decodes `bytes` three ways; any error must be a decoding one.
    static func survive(_ bytes: [UInt8]) {
        for variant in 0..<3 {
            var options = DecodeOptions()
            options.maxPixelCount = 1 << 22
            options.firstFrameOnly = variant == 1
            if variant == 2 { options.thumbnailPixelSize = PixelSize(width: 7, height: 5) }
            do {
                let image = try WebPDecoder().decode(Data(bytes), options: options)
                #expect(image.frames.allSatisfy { $0.pixels.bytes.count == image.pixelWidth * image.pixelHeight * 4 })
            } catch {
                #expect([.badImageData, .imageTooLarge, .unsupportedFormat].contains(error.code))
            }
        }
    }

    @Test("seeded byte mutations decode or throw")
    func mutations() {
        #expect(Self.files.count == 7)
        var random = SeededGenerator(seed: 0x5745_4250)
        for file in Self.files {
            for _ in 0..<60 {
                var bytes = file
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    // Mostly past the headers, where the entropy-coded data is.
                    let index = Int.random(in: min(12, bytes.count - 1)..<bytes.count, using: &random)
                    bytes[index] ^= UInt8.random(in: 1...255, using: &random)
                }
                Self.survive(bytes)
            }
        }
    }

    @Test("truncations at many lengths decode or throw")
    func truncations() {
        for file in Self.files {
            for length in stride(from: 0, to: file.count, by: max(1, file.count / 60)) { Self.survive(Array(file.prefix(length))) }
        }
    }
}
