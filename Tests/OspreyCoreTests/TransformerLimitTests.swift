import Foundation
import OspreyTestTraits
import Testing
import OspreyCore

/// Hostile transformer parameters: extreme sizes and coordinates never trap or allocate past
/// the pixel limit; they end in a clear ``ImageError``.
@Suite("Transformer limits", .offCooperativePool)
struct TransformerLimitTests {
    static let image = TransformerTests.coordinates(width: 16, height: 8)
    static let extremes = [Int.max, Int.min, 0, -1, -100, Int.max / 2, Int.min / 2]

    static func code(_ body: () throws(ImageError) -> DecodedImage?) -> ImageError.Code? {
        do {
            _ = try body()
            return nil
        } catch {
            return error.code
        }
    }

    @Test("resizing to extreme sizes: too large or invalid, in every mode, before allocating",
          arguments: [ResizingTransformer.Mode.fill, .fit, .stretch])
    func resizeExtremes(mode: ResizingTransformer.Mode) {
        for width in Self.extremes {
            for height in Self.extremes + [1, 64] {
                let transformer = ResizingTransformer(size: PixelSize(width: width, height: height), mode: mode)
                let code = Self.code { () throws(ImageError) in
                    try transformer.transform(Self.image, maxPixelCount: DecodeOptions.defaultMaxPixelCount)
                }
                let expected: ImageError.Code = width > 0 && height > 0 ? .imageTooLarge : .invalidTransform
                #expect(code == expected, "\(width)x\(height) \(mode)")
                // The plain call turns the failure into nil: no trap either.
                #expect(transformer.transform(Self.image) == nil)
            }
        }
    }

    @Test("resizing past maxPixelCount fails before allocating; the limit comes from the caller")
    func resizePastLimit() throws {
        let big = ResizingTransformer(size: PixelSize(width: 100_000, height: 100_000), mode: .stretch)
        #expect(Self.code { () throws(ImageError) in try big.transform(Self.image, maxPixelCount: 1 << 26) } == .imageTooLarge)
        let small = ResizingTransformer(size: PixelSize(width: 40, height: 40), mode: .stretch)
        #expect(Self.code { () throws(ImageError) in try small.transform(Self.image, maxPixelCount: 1_000) } == .imageTooLarge)
        let fitted = try #require(try small.transform(Self.image, maxPixelCount: 1_600))
        #expect(fitted.pixelSize == PixelSize(width: 40, height: 40))
    }

    @Test("a .fill resize checks the scaled canvas it crops from, not only the target")
    func fillIntermediate() {
        // 16×8 filled to 400×2: the scaled image is 400×200 before the crop.
        let fill = ResizingTransformer(size: PixelSize(width: 400, height: 2), mode: .fill)
        #expect(Self.code { () throws(ImageError) in try fill.transform(Self.image, maxPixelCount: 400 * 100) } == .imageTooLarge)
        #expect(Self.code { () throws(ImageError) in try fill.transform(Self.image, maxPixelCount: 400 * 200) } == nil)
    }

    @Test("cropping at extreme coordinates and sizes never traps")
    func cropExtremes() throws {
        for x in Self.extremes + [3] {
            for width in Self.extremes + [5] {
                let transformer = CroppingTransformer(rect: PixelRect(x: x, y: x, width: width, height: width))
                let code = Self.code { () throws(ImageError) in
                    try transformer.transform(Self.image, maxPixelCount: DecodeOptions.defaultMaxPixelCount)
                }
                #expect(code == nil || code == .invalidTransform, "\(x) \(width)")
                _ = transformer.transform(Self.image)
            }
        }
        // Int.max wide from the origin is the whole image.
        let whole = try #require(CroppingTransformer(rect: PixelRect(x: 0, y: 0, width: .max, height: .max)).transform(Self.image))
        #expect(whole.pixelSize == Self.image.pixelSize)
        // From Int.min, Int.max wide ends at -1: nothing of the image.
        #expect(CroppingTransformer(rect: PixelRect(x: .min, y: .min, width: .max, height: .max)).transform(Self.image) == nil)
        #expect(Self.code { () throws(ImageError) in
            try CroppingTransformer(rect: PixelRect(x: .max, y: 0, width: .max, height: 1))
                .transform(Self.image, maxPixelCount: 1 << 20)
        } == .invalidTransform)
    }

    @Test("rotating, flipping and rounding corners with extreme parameters keep the size")
    func sameSizeExtremes() throws {
        for turns in Self.extremes {
            let turned = try #require(RotatingTransformer(quarterTurns: turns).transform(Self.image))
            #expect(turned.pixelSize.pixelCount == Self.image.pixelSize.pixelCount)
        }
        for radius in [Double.infinity, -.infinity, .nan, 0, -1, Double(Int.max), .greatestFiniteMagnitude] {
            let rounded = try #require(RoundCornerTransformer(radius: radius).transform(Self.image))
            #expect(rounded.pixelSize == Self.image.pixelSize)
        }
        let flipped = try #require(FlippingTransformer(horizontal: true, vertical: true).transform(Self.image))
        #expect(flipped.pixelSize == Self.image.pixelSize)
        // The limit applies to them too: an image over the caller's limit is refused.
        #expect(Self.code { () throws(ImageError) in
            try RotatingTransformer(quarterTurns: 1).transform(Self.image, maxPixelCount: 100)
        } == .imageTooLarge)
    }

    @Test("a pipeline passes the limit to every step and reports the failing step's error")
    func pipeline() {
        let pipeline = PipelineTransformer([
            RotatingTransformer(quarterTurns: 1),
            ResizingTransformer(size: PixelSize(width: .max, height: 2), mode: .fit),
        ])
        #expect(Self.code { () throws(ImageError) in try pipeline.transform(Self.image, maxPixelCount: 1 << 20) } == .imageTooLarge)
        let negative = PipelineTransformer([ResizingTransformer(size: PixelSize(width: -5, height: 5))])
        #expect(Self.code { () throws(ImageError) in try negative.transform(Self.image, maxPixelCount: 1 << 20) } == .invalidTransform)
    }

    @Test("a custom transformer's output is checked against the limit after the fact")
    func customTransformer() {
        struct Doubler: ImageTransformer {
            var key: String { "doubler" }
            func transform(_ image: DecodedImage) -> DecodedImage? {
                ResizingTransformer(size: PixelSize(width: image.pixelWidth * 2, height: image.pixelHeight * 2),
                                    mode: .stretch).transform(image)
            }
        }
        #expect(Self.code { () throws(ImageError) in try Doubler().transform(Self.image, maxPixelCount: 256) } == .imageTooLarge)
        #expect(Self.code { () throws(ImageError) in try Doubler().transform(Self.image, maxPixelCount: 512) } == nil)
    }
}
