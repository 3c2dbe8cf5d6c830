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

    @Test("a transform of a JPEG is stored as JPEG (round corners with their alpha); of a PNG as PNG")
    func formats() async throws {
        let fixture = try ManagerFixture()
        let data = try Self.photo(width: 96, height: 64)
        fixture.server.setRoute("/p.jpg", .ok(data, contentType: "image/jpeg"))
        let url = fixture.server.url("/p.jpg")
        for (transformer, expected) in [(RotatingTransformer(quarterTurns: 1) as any ImageTransformer, ImageFormat.jpeg),
                                        (RoundCornerTransformer(radius: 10), .jpeg)] {
            var context = fixture.context
            context.transformer = transformer
            _ = try await fixture.load(url, options: .waitStoreCache, context: context).get()
            let key = try #require(fixture.manager.cacheKey(for: url, context: context))
            let stored = try #require(fixture.cache.diskImageData(forKey: key))
            #expect(ImageFormat.detect(stored) == expected, "\(transformer.key)")
            #expect(try ImageCoders.shared.decode(stored).pixelWidth > 0)
        }
        #expect(fixture.cache.diskImageData(forKey: url.absoluteString) == data)
        let (png, _) = fixture.serveImage("/p.png", width: 40, height: 30, seed: 2)
        var rounded = fixture.context
        rounded.transformer = RoundCornerTransformer(radius: 8)
        _ = try await fixture.load(png, options: .waitStoreCache, context: rounded).get()
        let key = try #require(fixture.manager.cacheKey(for: png, context: rounded))
        #expect(ImageFormat.detect(try #require(fixture.cache.diskImageData(forKey: key))) == .png)
    }

    @Test("round corners of a JPEG: the entry decodes with the delivered alpha exactly and colour within JPEG tolerance")
    func roundCornerEntryRoundTrips() async throws {
        let fixture = try ManagerFixture()
        let data = try Self.photo(width: 120, height: 80)
        fixture.server.setRoute("/r.jpg", .ok(data, contentType: "image/jpeg"))
        let url = fixture.server.url("/r.jpg")
        var context = fixture.context
        context.transformer = RoundCornerTransformer(radius: 20)
        let delivered = try await fixture.load(url, options: .waitStoreCache, context: context).get()
        let expected = try #require(PlatformImageBridge.decodedImage(from: delivered.image)).firstFrame
        let key = try #require(fixture.manager.cacheKey(for: url, context: context))
        let stored = try #require(fixture.cache.diskImageData(forKey: key))
        #expect(stored.count < data.count * 3 / 2, "entry \(stored.count) bytes, source \(data.count)")
        let decoded = try ImageCoders.shared.decode(stored).firstFrame
        #expect(decoded.width == expected.width && decoded.height == expected.height)
        var alphaMismatches = 0, colourError = 0
        for i in stride(from: 0, to: expected.bytes.count, by: 4) {
            if decoded.bytes[i + 3] != expected.bytes[i + 3] { alphaMismatches += 1 }
            for c in 0..<3 { colourError += abs(Int(decoded.bytes[i + c]) - Int(expected.bytes[i + c])) }
        }
        #expect(alphaMismatches == 0)
        #expect(expected[0, 0].3 == 0 && expected[60, 40].3 == 255)
        #expect(Double(colourError) / Double(expected.bytes.count / 4 * 3) < 6)
    }

    @Test("without .waitStoreCache the load completes before the entry is encoded, and a later disk query still finds it")
    func storeAfterDelivery() async throws {
        let fixture = try ManagerFixture()
        let data = try Self.photo(width: 200, height: 150)
        fixture.server.setRoute("/a.jpg", .ok(data, contentType: "image/jpeg"))
        let url = fixture.server.url("/a.jpg")
        var context = fixture.context
        context.transformer = RoundCornerTransformer(radius: 12)
        for round in 0..<3 {
            _ = try await fixture.load(url, options: [.fromLoaderOnly], context: context).get()
            let key = try #require(fixture.manager.cacheKey(for: url, context: context))
            // The memory tier has it at once; the disk query is queued after the write.
            #expect(fixture.cache.imageFromMemoryCache(forKey: key) != nil)
            fixture.cache.clearMemory()
            let answer = Recorder<ImageCacheType>()
            fixture.cache.queryImage(forKey: key, options: [], context: fixture.context, cacheType: .disk) { image, _, type in
                answer.record(image == nil ? .none : type)
            }
            #expect(try await answer.first() == .disk, "round \(round)")
            fixture.cache.removeImage(forKey: key, cacheType: .all, completion: nil)
        }
    }
}
