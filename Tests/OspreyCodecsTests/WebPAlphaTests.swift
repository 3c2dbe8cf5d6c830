import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// WebP alpha (`ALPH`): raw and lossless-compressed planes, the three filters. The plane is
/// checked on its own against Pillow/libwebp's alpha channel (hashes below, computed once with
/// Pillow 13 / libwebp 1.6: `Image.open(f).convert("RGBA").getchannel("A")`), so it is tested
/// before lossy colour exists; the whole RGBA result is checked against the manifest when
/// ``VP8Decoder`` decodes (``WebPLossyGuard``).
@Suite("WebP alpha", .offCooperativePool)
struct WebPAlphaTests {
    /// Pillow's alpha channel SHA-256 per vendored file with an `ALPH` chunk.
    static let expectedAlpha: [String: String] = [
        "alpha_color_cache.webp": "658cb621d3eb6ab8c453e7756dcdce269478363c1624453b732ddbd769c36661",
        "alpha_filter_0_method_0.webp": "08b3c2325fd3c27e0a0395ccdef0f8f182c51f0ea3086d549929d1c35591c595",
        "alpha_filter_0_method_1.webp": "08b3c2325fd3c27e0a0395ccdef0f8f182c51f0ea3086d549929d1c35591c595",
        "alpha_filter_1.webp": "a0a7ca5bc4b9bfd0463119295d970d5315ae72b53e63dfe4fcbfaacfa92d5f79",
        "alpha_filter_1_method_0.webp": "08b3c2325fd3c27e0a0395ccdef0f8f182c51f0ea3086d549929d1c35591c595",
        "alpha_filter_1_method_1.webp": "08b3c2325fd3c27e0a0395ccdef0f8f182c51f0ea3086d549929d1c35591c595",
        "alpha_filter_2.webp": "a0a7ca5bc4b9bfd0463119295d970d5315ae72b53e63dfe4fcbfaacfa92d5f79",
        "alpha_filter_2_method_0.webp": "08b3c2325fd3c27e0a0395ccdef0f8f182c51f0ea3086d549929d1c35591c595",
        "alpha_filter_2_method_1.webp": "08b3c2325fd3c27e0a0395ccdef0f8f182c51f0ea3086d549929d1c35591c595",
        "alpha_filter_3.webp": "a0a7ca5bc4b9bfd0463119295d970d5315ae72b53e63dfe4fcbfaacfa92d5f79",
        "alpha_filter_3_method_0.webp": "08b3c2325fd3c27e0a0395ccdef0f8f182c51f0ea3086d549929d1c35591c595",
        "alpha_filter_3_method_1.webp": "08b3c2325fd3c27e0a0395ccdef0f8f182c51f0ea3086d549929d1c35591c595",
        "alpha_no_compression.webp": "a0a7ca5bc4b9bfd0463119295d970d5315ae72b53e63dfe4fcbfaacfa92d5f79",
        "big_endian_bug_393.webp": "67b59303271f5180cf3760af756b7bb5f3d8f31e754724e159b35d8a2561eb7a",
        "lossy_alpha1.webp": "b0b74fc17c1d577b0a0bb909887faaa1d863e85e33d36e6f78dbba5f51cffbe0",
        "lossy_alpha2.webp": "8145c727662f59bf9351e41c80733494fddf7fd9b367261e6df2e906e7d636db",
        "lossy_alpha3.webp": "7f698efe28691a6b7324bdde24b260e819d861cd4b0beb73b6dd153dd39cc943",
        "lossy_alpha4.webp": "2073873f3d0b19cabbb62faf5515366d80e1975de97b202c1d00352c0930a93f",
    ]

    /// The decoded alpha plane of a vendored file's `ALPH` chunk.
    static func alphaPlane(_ name: String) throws -> [UInt8] {
        let url = try #require(Corpus.file("webp/libwebp-test-data/\(name)"))
        let container = try WebPContainer([UInt8](try Data(contentsOf: url)))
        let still = try #require(container.still)
        let range = try #require(still.alpha)
        return try container.bytes.withUnsafeBufferPointer { bytes in
            try WebPAlpha.decode(UnsafeBufferPointer(rebasing: bytes[range]), width: container.canvas.width,
                                 height: container.canvas.height, cancellation: nil)
        }
    }

    @Test("every ALPH plane equals libwebp's alpha exactly (raw, lossless, filters 0–3)")
    func planesExact() throws {
        var failures: [String] = []
        for (name, expected) in Self.expectedAlpha.sorted(by: { $0.key < $1.key }) {
            do {
                let plane = try Self.alphaPlane(name)
                if SHA256.hexDigest(plane) != expected { failures.append("\(name): alpha differs") }
            } catch {
                failures.append("\(name): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("each filter is undone as libwebp does it", arguments: [1, 2, 3])
    func filtersUndone(filter: Int) {
        // A 3 × 3 plane of residuals; the expected planes follow the container spec's predictors.
        let residuals: [UInt8] = [10, 5, 250, 3, 4, 5, 200, 100, 7]
        var plane = residuals
        plane.withUnsafeMutableBufferPointer { WebPAlpha.unfilter($0.baseAddress!, width: 3, height: 3, filter: filter) }
        let expected: [UInt8]
        switch filter {
        case 1: expected = [10, 15, 9, 13, 17, 22, 213, 57, 64]
        case 2: expected = [10, 15, 9, 13, 19, 14, 213, 119, 21]
        default: expected = [10, 15, 9, 13, 22, 21, 213, 66, 72]
        }
        #expect(plane == expected)
    }

    @Test("a bad ALPH header (compression 2, reserved bits, short raw plane) is bad image data")
    func badHeaders() {
        for payload: [UInt8] in [[0x02, 0, 0, 0, 0], [0x40, 0, 0, 0, 0], [0x00, 1, 2], [0x20, 0, 0, 0, 0]] {
            #expect(throws: ImageError.self) {
                try payload.withUnsafeBufferPointer { try WebPAlpha.decode($0, width: 2, height: 2, cancellation: nil) }
            }
        }
    }

    @Test("alpha files equal the manifest's RGBA exactly once lossy colour decodes",
          .enabled(if: WebPLossyGuard.lossyAvailable, "VP8Decoder is not available yet"))
    func wholeImagesExact() throws {
        var failures: [String] = []
        for name in Self.expectedAlpha.keys.sorted() {
            let path = "webp/libwebp-test-data/\(name)"
            guard let url = Corpus.file(path), let entry = Corpus.manifest[path] else { continue }
            let image = try WebPDecoder().decode(try Data(contentsOf: url), options: DecodeOptions())
            if image.firstFrame.rgbaSHA256 != entry.rgba_sha256 { failures.append("\(name): RGBA differs") }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}

/// Whether lossy WebP decodes yet: ``VP8Decoder`` throws ``VP8NotYetAvailable`` until the lossy
/// decoder lands. Tests that need lossy colour are enabled by it, so they run for real after
/// the lossy branch is merged (and skip, saying why, before).
enum WebPLossyGuard {
    static let lossyAvailable: Bool = {
        guard let url = Corpus.file("webp/libwebp-test-data/small_1x1.webp"),
              let data = try? Data(contentsOf: url) else { return false }
        do {
            _ = try WebPDecoder().decode(data, options: DecodeOptions())
            return true
        } catch {
            return !((error as? ImageError)?.underlying is VP8NotYetAvailable)
        }
    }()
}
