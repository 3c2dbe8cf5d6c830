import OspreyTestTraits
import Testing
import OspreyCore

/// Reading pixels back from a platform image: the stored bitmap turned upright by the image's
/// orientation, a `CIImage` rendered only within bounds, and the memory a bitmap really costs.
@Suite("Platform image read-back", .offCooperativePool)
struct PlatformImageReadBackTests {
    /// A 3 × 2 stored bitmap whose pixels are the letters a–f (one byte per letter, repeated
    /// in all four channels), row by row.
    private static let stored = PixelBuffer(width: 3, height: 2, bytes: Array("abcdef".utf8).flatMap { [$0, $0, $0, $0] })

    private static func letters(_ pixels: PixelBuffer) -> [String] {
        (0..<pixels.height).map { y in
            String(decoding: (0..<pixels.width).map { pixels.bytes[(y * pixels.width + $0) * 4] }, as: UTF8.self)
        }
    }

    @Test("each orientation shows the stored bitmap as the picture's viewer sees it", arguments: [
        (StoredImageOrientation.up, ["abc", "def"]),
        (.upMirrored, ["cba", "fed"]),
        (.down, ["fed", "cba"]),
        (.downMirrored, ["def", "abc"]),
        (.right, ["da", "eb", "fc"]),             // turned 90° clockwise
        (.left, ["cf", "be", "ad"]),              // turned 90° counter-clockwise
        (.leftMirrored, ["ad", "be", "cf"]),      // transposed
        (.rightMirrored, ["fc", "eb", "da"]),     // transversed
    ])
    func upright(orientation: StoredImageOrientation, expected: [String]) {
        let upright = orientation.upright(Self.stored)
        #expect(Self.letters(upright) == expected)
        #expect(upright.width == (orientation.swapsAxes ? 2 : 3))
        #expect(upright.bytes.count == Self.stored.bytes.count)
    }

    @Test("UIImage.Orientation raw values map to their cases; unknown values are refused")
    func uiKitRawValues() {
        let expected: [StoredImageOrientation] = [.up, .down, .left, .right, .upMirrored, .downMirrored, .leftMirrored, .rightMirrored]
        for (raw, orientation) in expected.enumerated() {
            #expect(StoredImageOrientation(uiImageOrientationRawValue: raw) == orientation)
        }
        #expect(StoredImageOrientation(uiImageOrientationRawValue: 8) == nil)
        #expect(StoredImageOrientation(uiImageOrientationRawValue: -1) == nil)
    }

    @Test("an empty bitmap stays empty in every orientation")
    func empty() {
        for orientation in StoredImageOrientation.allCases {
            #expect(orientation.upright(PixelBuffer(width: 0, height: 0)).bytes.isEmpty)
        }
    }

    @Test("a CIImage renders at its extent rounded up, never when empty, infinite or huge")
    func renderedSize() {
        #expect(PlatformImageReadBack.renderedSize(extentWidth: 10.2, extentHeight: 3) == PixelSize(width: 11, height: 3))
        #expect(PlatformImageReadBack.renderedSize(extentWidth: .infinity, extentHeight: .infinity) == nil)
        #expect(PlatformImageReadBack.renderedSize(extentWidth: .nan, extentHeight: 4) == nil)
        #expect(PlatformImageReadBack.renderedSize(extentWidth: 0, extentHeight: 4) == nil)
        #expect(PlatformImageReadBack.renderedSize(extentWidth: 16_385, extentHeight: 4) == nil)
        #expect(PlatformImageReadBack.renderedSize(extentWidth: 16_384, extentHeight: 16_384) == PixelSize(width: 16_384, height: 16_384))
    }

    @Test("cost counts the largest bitmap's pixels (a 2× image costs four times its points)")
    func cost() {
        #expect(PlatformImageReadBack.cost(pointWidth: 100, pointHeight: 50,
                                           representationPixels: [PixelSize(width: 200, height: 100)]) == 80_000)
        #expect(PlatformImageReadBack.cost(pointWidth: 100, pointHeight: 50,
                                           representationPixels: [PixelSize(width: 100, height: 50), PixelSize(width: 300, height: 150)]) == 180_000)
        // A vector rep has no pixels: the point size is all there is to count.
        #expect(PlatformImageReadBack.cost(pointWidth: 100, pointHeight: 50, representationPixels: [PixelSize(width: 0, height: 0)]) == 20_000)
        #expect(PlatformImageReadBack.cost(pointWidth: 100, pointHeight: 50, representationPixels: []) == 20_000)
        #expect(PlatformImageReadBack.cost(pointWidth: .nan, pointHeight: 50, representationPixels: []) == 0)
        #expect(PlatformImageReadBack.cost(pointWidth: 1, pointHeight: 1,
                                           representationPixels: [PixelSize(width: Int.max / 2, height: 3)]) == 4)
        #expect(PlatformImageReadBack.cost(pointWidth: 1, pointHeight: 1,
                                           representationPixels: [PixelSize(width: Int.max / 4, height: 2)]) == Int.max)
    }
}
