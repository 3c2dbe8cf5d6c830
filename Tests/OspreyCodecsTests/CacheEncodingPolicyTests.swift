import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Which format the cache stores an image it made in.
@Suite("Cache encoding policy")
struct CacheEncodingPolicyTests {
    static func image(opaque: Bool, frames: Int = 1) -> DecodedImage {
        let pixels = PNGTestHelpers.gradientNoise(width: 24, height: 16, opaque: opaque)
        return DecodedImage(frames: Array(repeating: ImageFrame(pixels: pixels, duration: 0.1), count: frames))
    }

    /// A minimal RIFF/WEBP header whose first chunk is `tag`.
    static func webp(_ tag: String) -> Data {
        Data(Array("RIFF".utf8) + [20, 0, 0, 0] + Array("WEBP".utf8) + Array(tag.utf8) + [4, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test("images from lossy sources become JPEG at the policy's quality (alpha in its segment); the rest fast PNG; animations APNG")
    func choices() throws {
        let policy = CacheEncodingPolicy(jpegQuality: 77)
        let opaque = Self.image(opaque: true)
        let jpeg = policy.encoding(for: opaque, sourceFormat: .jpeg, sourceData: nil)
        #expect(jpeg.format == .jpeg && jpeg.options.quality == 77)
        #expect(policy.encoding(for: opaque, sourceFormat: .webp, sourceData: Self.webp("VP8 ")).format == .jpeg)
        #expect(policy.encoding(for: opaque, sourceFormat: .webp, sourceData: Self.webp("VP8L")).format == .png)
        for source in [ImageFormat.png, .gif, .unknown] {
            let choice = policy.encoding(for: opaque, sourceFormat: source, sourceData: nil)
            #expect(choice.format == .png && choice.options.fastPNG)
        }
        // Transparency from a lossy source: JPEG with the alpha in its private segment.
        let transparent = policy.encoding(for: Self.image(opaque: false), sourceFormat: .jpeg, sourceData: nil)
        #expect(transparent.format == .jpeg && transparent.options.jpegAlphaSegment)
        #expect(!jpeg.options.jpegAlphaSegment)
        let losslessAlpha = policy.encoding(for: Self.image(opaque: false), sourceFormat: .png, sourceData: nil)
        #expect(losslessAlpha.format == .png && losslessAlpha.options.fastPNG)
        let animated = policy.encoding(for: Self.image(opaque: true, frames: 3), sourceFormat: .jpeg, sourceData: nil)
        #expect(animated.format == .png && !animated.options.fastPNG)
        #expect(CacheEncodingPolicy().jpegQuality == 90)
    }

    @Test("the JPEG keeps the source's chroma subsampling")
    func subsampling() throws {
        let pixels = PNGTestHelpers.gradientNoise(width: 40, height: 40, opaque: true)
        for sampling in [ImageEncodeOptions.ChromaSubsampling.s444, .s422, .s420] {
            let source = try JPEGEncoder.encode(pixels, options: ImageEncodeOptions(chromaSubsampling: sampling))
            #expect(CacheEncodingPolicy.jpegSubsampling(source) == sampling)
            let choice = CacheEncodingPolicy().encoding(for: DecodedImage(pixels: pixels), sourceFormat: .jpeg, sourceData: source)
            #expect(choice.options.chromaSubsampling == sampling)
        }
        let encoded = try #require(CacheEncodingPolicy().encode(DecodedImage(pixels: pixels), sourceFormat: .jpeg,
                                                                 sourceData: nil, coders: .shared))
        #expect(ImageFormat.detect(encoded) == .jpeg)
    }
}
