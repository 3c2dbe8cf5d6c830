import Foundation
import Testing
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

/// What the manager writes to disk for a transformed image: JPEG for an opaque result of a
/// JPEG, fast PNG when the result has transparency; the original bytes as downloaded.
@Suite("Transformed images on disk")
struct TransformedDiskFormatTests {
    static func photo(width: Int, height: Int) throws -> Data {
        var pixels = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { pixels[x, y] = (UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x ^ y) & 0xFF), 255) }
        }
        return try JPEGEncoder.encode(pixels, options: ImageEncodeOptions(quality: 85))
    }

    @Test("an opaque transform of a JPEG is stored as JPEG; round corners (transparency) as PNG")
    func formats() async throws {
        let fixture = try ManagerFixture()
        let data = try Self.photo(width: 96, height: 64)
        fixture.server.setRoute("/p.jpg", .ok(data, contentType: "image/jpeg"))
        let url = fixture.server.url("/p.jpg")
        for (transformer, expected) in [(RotatingTransformer(quarterTurns: 1) as any ImageTransformer, ImageFormat.jpeg),
                                        (RoundCornerTransformer(radius: 10), .png)] {
            var context = fixture.context
            context.transformer = transformer
            _ = try await fixture.load(url, options: .waitStoreCache, context: context).get()
            let key = try #require(fixture.manager.cacheKey(for: url, context: context))
            let stored = try #require(fixture.cache.diskImageData(forKey: key))
            #expect(ImageFormat.detect(stored) == expected, "\(transformer.key)")
            #expect(try ImageCoders.shared.decode(stored).pixelWidth > 0)
        }
        #expect(fixture.cache.diskImageData(forKey: url.absoluteString) == data)
    }
}
