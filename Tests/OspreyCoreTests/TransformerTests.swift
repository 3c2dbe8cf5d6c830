import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs

@Suite("Transformers", .offCooperativePool)
struct TransformerTests {
    /// A `width` × `height` image whose pixel (x, y) is (x, y, 0, 255), so moves are traceable.
    static func coordinates(width: Int, height: Int, frames: Int = 1) -> DecodedImage {
        var pixels = PixelBuffer(width: width, height: height)
        for y in 0..<height { for x in 0..<width { pixels[x, y] = (UInt8(x), UInt8(y), 0, 255) } }
        return DecodedImage(frames: Array(repeating: ImageFrame(pixels: pixels, duration: 0.1), count: frames))
    }

    static func solid(width: Int, height: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) -> DecodedImage {
        var pixels = PixelBuffer(width: width, height: height)
        for y in 0..<height { for x in 0..<width { pixels[x, y] = rgba } }
        return DecodedImage(pixels: pixels)
    }

    @Test("rotating a quarter turn clockwise moves the top-left corner to the top-right")
    func rotate() throws {
        let image = Self.coordinates(width: 3, height: 2)
        let turned = try #require(RotatingTransformer(quarterTurns: 1).transform(image))
        #expect(turned.pixelSize == PixelSize(width: 2, height: 3))
        #expect(turned.firstFrame[1, 0] == (0, 0, 0, 255))   // old top-left
        #expect(turned.firstFrame[0, 0] == (0, 1, 0, 255))   // old bottom-left
        let back = try #require(RotatingTransformer(quarterTurns: -1).transform(turned))
        #expect(back.firstFrame == image.firstFrame)
        let half = try #require(RotatingTransformer(quarterTurns: 2).transform(image))
        #expect(half.firstFrame[0, 0] == (2, 1, 0, 255))
    }

    @Test("flipping mirrors and flipping twice restores")
    func flip() throws {
        let image = Self.coordinates(width: 4, height: 3)
        let flipped = try #require(FlippingTransformer(horizontal: true, vertical: false).transform(image))
        #expect(flipped.firstFrame[0, 0] == (3, 0, 0, 255))
        let both = try #require(FlippingTransformer(horizontal: true, vertical: true).transform(image))
        #expect(both.firstFrame[0, 0] == (3, 2, 0, 255))
        #expect(FlippingTransformer(horizontal: true, vertical: true).transform(both)?.firstFrame == image.firstFrame)
    }

    @Test("cropping keeps the rectangle, clipped to the image; outside is nil")
    func crop() throws {
        let image = Self.coordinates(width: 10, height: 10)
        let cropped = try #require(CroppingTransformer(rect: PixelRect(x: 8, y: 2, width: 5, height: 3)).transform(image))
        #expect(cropped.pixelSize == PixelSize(width: 2, height: 3))
        #expect(cropped.firstFrame[0, 0] == (8, 2, 0, 255))
        #expect(CroppingTransformer(rect: PixelRect(x: 20, y: 0, width: 5, height: 5)).transform(image) == nil)
    }

    @Test("resizing: fill is exact, fit keeps the aspect ratio, a solid colour stays solid")
    func resize() throws {
        let image = Self.solid(width: 200, height: 100, (10, 200, 30, 255))
        let filled = try #require(ResizingTransformer(size: PixelSize(width: 50, height: 50), mode: .fill).transform(image))
        #expect(filled.pixelSize == PixelSize(width: 50, height: 50))
        let fitted = try #require(ResizingTransformer(size: PixelSize(width: 50, height: 50), mode: .fit).transform(image))
        #expect(fitted.pixelSize == PixelSize(width: 50, height: 25))
        let enlarged = try #require(ResizingTransformer(size: PixelSize(width: 300, height: 90), mode: .stretch).transform(image))
        #expect(enlarged.pixelSize == PixelSize(width: 300, height: 90))
        for result in [filled, fitted, enlarged] {
            #expect(result.firstFrame[result.pixelWidth / 2, result.pixelHeight / 2] == (10, 200, 30, 255))
        }
    }

    @Test("shrinking averages: a 2×1 black-and-white image becomes mid grey")
    func average() throws {
        var pixels = PixelBuffer(width: 2, height: 1)
        pixels[0, 0] = (0, 0, 0, 255)
        pixels[1, 0] = (255, 255, 255, 255)
        let shrunk = StreamingResampler.resize(pixels, to: PixelSize(width: 1, height: 1))
        #expect(shrunk[0, 0] == (128, 128, 128, 255))
    }

    @Test("shrinking keeps positions: a 4×2 ramp halves into the averages of its pairs")
    func ramp() {
        var pixels = PixelBuffer(width: 4, height: 2)
        for (x, v) in [0, 100, 200, 250].enumerated() {
            pixels[x, 0] = (UInt8(v), 0, 0, 255)
            pixels[x, 1] = (UInt8(v), 0, 0, 255)
        }
        let shrunk = StreamingResampler.resize(pixels, to: PixelSize(width: 2, height: 1))
        #expect(shrunk[0, 0].r == 50)
        #expect(shrunk[1, 0].r == 225)
    }

    @Test("transparent pixels do not darken colour when shrinking")
    func alphaWeighted() {
        var pixels = PixelBuffer(width: 2, height: 1)
        pixels[0, 0] = (255, 0, 0, 255)
        pixels[1, 0] = (0, 0, 0, 0)
        let shrunk = StreamingResampler.resize(pixels, to: PixelSize(width: 1, height: 1))
        #expect(shrunk[0, 0].r == 255)
        #expect(shrunk[0, 0].a == 128)
    }

    @Test("round corners clear the corner, keep the centre")
    func roundCorner() throws {
        let image = Self.solid(width: 40, height: 40, (1, 2, 3, 255))
        let rounded = try #require(RoundCornerTransformer(radius: 10).transform(image))
        #expect(rounded.firstFrame[0, 0].a == 0)
        #expect(rounded.firstFrame[39, 39].a == 0)
        #expect(rounded.firstFrame[20, 20].a == 255)
        #expect(rounded.firstFrame[20, 0].a == 255)
    }

    @Test("pipelines chain, keys differ by parameters, animated frames all transform")
    func pipeline() throws {
        let image = Self.coordinates(width: 8, height: 4, frames: 3)
        let pipeline = PipelineTransformer([CroppingTransformer(rect: PixelRect(x: 0, y: 0, width: 4, height: 4)),
                                            RotatingTransformer(quarterTurns: 1)])
        let result = try #require(pipeline.transform(image))
        #expect(result.frames.count == 3)
        #expect(result.frames.allSatisfy { $0.duration == 0.1 })
        #expect(result.pixelSize == PixelSize(width: 4, height: 4))
        let keys = [ResizingTransformer(size: PixelSize(width: 1, height: 2)).key,
                    ResizingTransformer(size: PixelSize(width: 2, height: 1)).key,
                    ResizingTransformer(size: PixelSize(width: 1, height: 2), mode: .fit).key,
                    RotatingTransformer(quarterTurns: 1).key, RotatingTransformer(quarterTurns: 2).key,
                    RoundCornerTransformer(radius: 2).key, pipeline.key]
        #expect(Set(keys).count == keys.count)
        #expect(RotatingTransformer(quarterTurns: 5).key == RotatingTransformer(quarterTurns: 1).key)
    }

    @Test("cache keys append the transformer and thumbnail")
    func cacheKeys() {
        var context = ImageContext()
        let url = URL(string: "https://example.com/a.png")!
        #expect(CacheKey.key(for: url, context: context) == "https://example.com/a.png")
        context.transformer = RotatingTransformer(quarterTurns: 1)
        context.thumbnailPixelSize = PixelSize(width: 64, height: 32)
        #expect(CacheKey.key(for: url, context: context)
                == "https://example.com/a.png-Transformed(Rotating(1))-Thumbnail(64x32,fit)")
        context.cacheKeyFilter = { _ in nil }
        #expect(CacheKey.key(for: url, context: context) == nil)
        #expect(CacheKey.key(for: nil, context: ImageContext()) == nil)
    }
}
