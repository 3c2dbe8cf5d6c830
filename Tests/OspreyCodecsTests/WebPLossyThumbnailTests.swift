import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The streaming thumbnail entry point (`VP8Decoder.decodeScaled`): rows are converted and
/// box-filtered as macroblock rows finish. A mild shrink goes through the exact decode and
/// equals resizing the full image; a shrink to a quarter or less takes the cheap path (no loop
/// filter, no chroma upsampling, each macroblock converted and box-averaged as it is
/// reconstructed) and stays close to it.
@Suite("WebP lossy thumbnails", .cpuBound)
struct WebPLossyThumbnailTests {
    static func payload(_ name: String) throws -> Data {
        let url = try #require(Corpus.file("webp/libwebp-test-data/\(name)"))
        return try #require(WebPLossyTestSupport.vp8Payload(try Data(contentsOf: url)))
    }

    static func options(_ width: Int, _ height: Int) -> DecodeOptions {
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: width, height: height)
        return options
    }

    @Test("a shrink by less than half equals the resized exact decode")
    func mildShrinkIsExact() throws {
        let payload = try Self.payload("vp80-00-comprehensive-010.webp")   // 320 × 240
        let full = try WebPLossyTestSupport.decode(payload)
        let thumbnail = try WebPLossyTestSupport.decodeScaled(payload, options: Self.options(200, 200))
        #expect(thumbnail.width == 200 && thumbnail.height == 150)
        #expect(thumbnail.bytes == StreamingResampler.resize(full, to: PixelSize(width: 200, height: 150)).bytes)
    }

    @Test("a strong shrink stays within 30 dB of the resized exact decode")
    func strongShrinkIsClose() throws {
        for (name, box) in [("lossy_extreme_probabilities.webp", 100), ("vp80-00-comprehensive-008.webp", 256),
                            ("test.webp", 64), ("small_31x13.webp", 8), ("vp80-00-comprehensive-006.webp", 40)] {
            let payload = try Self.payload(name)
            let full = try WebPLossyTestSupport.decode(payload)
            let options = Self.options(box, box)
            let thumbnail = try WebPLossyTestSupport.decodeScaled(payload, options: options)
            let size = options.targetSize(for: PixelSize(width: full.width, height: full.height))
            #expect(thumbnail.width == size.width && thumbnail.height == size.height, "\(name)")
            let reference = StreamingResampler.resize(full, to: size)
            let score = WebPLossyTestSupport.psnrRGB(thumbnail, reference)
            print("WebP lossy thumbnail \(name) → \(size.width)×\(size.height): \(String(format: "%.1f", score)) dB")
            #expect(score >= 30, "\(name): \(score) dB")
            #expect(thumbnail.bytes.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
        }
    }

    @Test("no thumbnail size: the scaled entry point gives the exact full decode")
    func noThumbnail() throws {
        let payload = try Self.payload("test.webp")
        #expect(try WebPLossyTestSupport.decodeScaled(payload, options: DecodeOptions()).bytes
                == WebPLossyTestSupport.decode(payload).bytes)
    }
}

extension WebPLossyThumbnailTests {
    /// The exact streamed path (a shrink by less than half) holds Y, U and V planes (1.5 bytes
    /// a pixel; a sliding window of about 4 MiB of luma on large pictures, all of them on this
    /// small one), so they count against the pixel limit even though no full-size RGBA image is
    /// made. The cheap path holds one macroblock row, not the planes.
    @Test("the planes of an exact thumbnail decode count against the pixel limit")
    func planesCount() throws {
        let payload = try Self.payload("test.webp")   // 128 × 128: 8 × 8 macroblocks, 24 KiB of planes
        var cheap = Self.options(16, 16)
        cheap.maxPixelCount = 128 * 128 * 3 / 8 - 1
        #expect(try WebPLossyTestSupport.decodeScaled(payload, options: cheap).width == 16)
        var options = Self.options(100, 100)
        options.maxPixelCount = 128 * 128 * 3 / 8 + 100 * 100
        #expect(try WebPLossyTestSupport.decodeScaled(payload, options: options).width == 100)
        options.maxPixelCount -= 1
        #expect(WebPLossyDamageTests.code { () throws(ImageError) in
            try WebPLossyTestSupport.decodeScaled(payload, options: options)
        } == .imageTooLarge)
    }
}

extension WebPLossyThumbnailTests {
    /// The cheap path (no loop filter, macroblocks converted and box-averaged by 1, 2, 4, 8 or
    /// 16) on every vendored simple lossy file big enough to take it, at several sizes: the
    /// size is the target size, and the pixels stay close both to the box-downsampled full
    /// decode (≥ 30 dB) and to the exact streamed thumbnail, loop filter and fancy upsampling
    /// included (≥ 35 dB).
    @Test("every lossy fixture: cheap thumbnails at 1/4 … 1/32 stay close to the exact ones")
    func cheapPathOnEveryFixture() throws {
        var checked = 0, worst = Double.infinity
        for (url, _) in WebPLossyTestSupport.simpleLossyFiles {
            let payload = try #require(WebPLossyTestSupport.vp8Payload(try Data(contentsOf: url)))
            let full = try WebPLossyTestSupport.decode(payload)
            guard min(full.width, full.height) >= VP8Decoder.previewMinimumSide else { continue }
            for divisor in [4, 5, 8, 16, 32] where full.width / divisor >= 2 && full.height / divisor >= 2 {
                let options = Self.options(full.width / divisor, full.height / divisor)
                let size = options.targetSize(for: PixelSize(width: full.width, height: full.height))
                let thumbnail = try WebPLossyTestSupport.decodeScaled(payload, options: options)
                let exact = try WebPLossyTestSupport.decodeScaled(payload, options: options, exact: true)
                let name = "\(url.lastPathComponent) → \(size.width)×\(size.height)"
                #expect(thumbnail.width == size.width && thumbnail.height == size.height, "\(name)")
                let resized = WebPLossyTestSupport.psnrRGB(thumbnail, StreamingResampler.resize(full, to: size))
                let againstExact = WebPLossyTestSupport.psnrRGB(thumbnail, exact)
                #expect(resized >= 30, "\(name): \(resized) dB against the resized full decode")
                #expect(againstExact >= 35, "\(name): \(againstExact) dB against the exact thumbnail")
                #expect(thumbnail.bytes.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
                worst = min(worst, againstExact)
                checked += 1
            }
        }
        print("WebP lossy cheap thumbnails: \(checked) checked, worst \(String(format: "%.1f", worst)) dB against exact")
        #expect(checked >= 30)
    }
}
