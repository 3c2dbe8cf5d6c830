import Foundation
import OspreyTestTraits
import Testing
import OspreyCore

/// The memory hit's shortcuts through the key must name the same entry as the full key build.
@Suite("Cache key shortcuts", .offCooperativePool)
struct CacheKeyShortcutTests {
    private struct Named: ImageTransformer {
        let key = "named"
        func transform(_ image: DecodedImage) -> DecodedImage? { image }
    }

    /// Every combination of the options and context fields that can change a key.
    private static var loads: [(ImageOptions, ImageContext)] {
        var loads: [(ImageOptions, ImageContext)] = []
        let optionSets: [ImageOptions] = [[], [.scaleDownLargeImages], [.decodeFirstFrameOnly], [.transformAnimatedImage],
                                          [.retryFailed, .lowPriority], [.scaleDownLargeImages, .decodeFirstFrameOnly]]
        for options in optionSets {
            for field in 0..<6 {
                var context = ImageContext()
                switch field {
                case 1: context.transformer = Named()
                case 2: context.thumbnailPixelSize = PixelSize(width: 8, height: 8)
                case 3: context.convertToSRGB = true
                case 4: context.maxPixelCount = 1000       // not in the key
                case 5: context.preserveAspectRatio = false  // not in the key without a thumbnail size
                default: break
                }
                loads.append((options, context))
            }
        }
        return loads
    }

    @Test("isPlain is true exactly when the full key is the base key")
    func plainMatchesTheKey() {
        for (options, context) in Self.loads {
            let full = CacheKey.key(base: "base", decode: DecodeOptions(options: options, context: context),
                                    transformerKey: CacheKey.transformerKey(for: context, options: options))
            #expect(CacheKey.isPlain(options: options, context: context) == (full == "base"),
                    "options \(options.rawValue), key \(full)")
        }
    }

    @Test("the @ search finds an @ at every position of strings of every short length")
    func atSignSearch() {
        for length in 0..<40 {
            let plain = String(repeating: "a", count: length)
            #expect(!CacheKey.containsAtSign(plain))
            for position in 0..<length {
                var bytes = Array(plain.utf8)
                bytes[position] = UInt8(ascii: "@")
                #expect(CacheKey.containsAtSign(String(decoding: bytes, as: UTF8.self)), "length \(length) at \(position)")
            }
        }
        // Bytes one off `@` (`?`, `A`) and multi-byte characters are not taken for it.
        #expect(!CacheKey.containsAtSign("http://h/??AA?A/é/ñ/𝄞/image.png"))
        #expect(CacheKey.containsAtSign("http://h/é/image@2x.png"))
    }

    @Test("the boxed transformer keeps value semantics and answers hasTransformer")
    func boxedSettings() {
        var context = ImageContext()
        #expect(!context.hasTransformer && !context.hasCache && context.transformer == nil)
        context.transformer = Named()
        let copy = context
        context.transformer = nil
        #expect(!context.hasTransformer && context.transformer == nil)
        #expect(copy.hasTransformer && copy.transformer?.key == "named")
    }

    @Test("a URL with @ in it is keyed with its scale; one without is keyed by its absolute string")
    func scaleStillApplies() throws {
        let scaled = try #require(URL(string: "http://h/a/image@2x.png"))
        #expect(CacheKey.key(for: scaled, options: [], context: ImageContext()) == "http://h/a/image@2x.png-Scale(2)")
        let user = try #require(URL(string: "http://user@h/a/image.png"))
        #expect(CacheKey.key(for: user, options: [], context: ImageContext()) == user.absoluteString)
    }
}
