import Foundation
import OspreyTestTraits
import Testing
@testable import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// `scaleDownLargeImages` decodes a large image scaled down through the
/// thumbnail path, and a thumbnail's pixel limit is its output plus the streamed rows, not the
/// source canvas.
@Suite("Scale-down and thumbnail limits", .cpuBound)
struct ScaleDownTests {
    typealias H = PNGTestHelpers

    static func rgbaPNG(_ pixels: PixelBuffer) -> Data {
        H.png([("IHDR", H.ihdr(width: pixels.width, height: pixels.height)), ("IDAT", H.idat(pixels)), ("IEND", [])])
    }

    @Test("a thumbnail of a source over maxPixelCount decodes: the limit is the output plus rows")
    func thumbnailOfLargeSource() throws {
        let source = H.gradientNoise(width: 300, height: 300, seed: 3)
        let data = Self.rgbaPNG(source)
        var options = DecodeOptions()
        options.maxPixelCount = 10_000                       // the source has 90,000
        options.thumbnailPixelSize = PixelSize(width: 50, height: 50)
        let image = try PNGDecoder().decode(data, options: options)
        #expect(image.pixelSize == PixelSize(width: 50, height: 50))
        #expect(image.firstFrame == AreaFilterReference.resize(source, to: PixelSize(width: 50, height: 50)))
        // The full-size decode allocates the source: still refused.
        options.thumbnailPixelSize = nil
        #expect(H.decodeFailure(data, options: options) == .imageTooLarge)
        // Output (2,500) + 12 pixels per source column (3,600) must fit.
        options.thumbnailPixelSize = PixelSize(width: 50, height: 50)
        options.maxPixelCount = 6_099
        #expect(H.decodeFailure(data, options: options) == .imageTooLarge)
        options.maxPixelCount = 6_100
        #expect(H.decodeFailure(data, options: options) == nil)
    }

    @Test("a 9000 × 9000 PNG decodes for a 100 × 100 thumbnail with the default limits")
    func nineThousandSquared() throws {
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 100, height: 100)
        let image = try PNGDecoder().decode(HostileAPNG.still(width: 9000, height: 9000), options: options)
        #expect(image.pixelSize == PixelSize(width: 100, height: 100))
        #expect(image.firstFrame[50, 50] == (0, 0, 0, 255))
    }

    @Test("an interlaced source must still fit maxPixelCount: its thumbnail needs the full image")
    func interlacedNeedsCanvas() {
        var options = DecodeOptions()
        options.maxPixelCount = 10_000
        options.thumbnailPixelSize = PixelSize(width: 10, height: 10)
        #expect(H.decodeFailure(HostileAPNG.still(width: 200, height: 200, interlaced: true), options: options) == .imageTooLarge)
        #expect(H.decodeFailure(HostileAPNG.still(width: 100, height: 100, interlaced: true), options: options) == nil)
    }

    @Test("scaleDownLargeImages fits an image over the limit into it, aspect ratio kept")
    func scaleDownLargeImages() throws {
        let source = H.gradientNoise(width: 300, height: 200, seed: 4)
        let data = Self.rgbaPNG(source)
        var options = DecodeOptions()
        options.maxPixelCount = 20_000   // the source's 60,000 do not fit; 9,882 + 12 × 300 for rows do
        #expect(H.decodeFailure(data, options: options) == .imageTooLarge)
        options.scaleDownLargeImages = true
        options.scaleDownPixelCount = 10_000
        let image = try PNGDecoder().decode(data, options: options)
        #expect(image.pixelSize == PixelSize(width: 122, height: 81))
        #expect(image.pixelSize.pixelCount <= 10_000)
        #expect(image.firstFrame == AreaFilterReference.resize(source, to: image.pixelSize))
        // Images under the limit are left alone.
        options.scaleDownPixelCount = 60_000
        options.maxPixelCount = DecodeOptions.defaultMaxPixelCount
        #expect(try PNGDecoder().decode(data, options: options).pixelSize == PixelSize(width: 300, height: 200))
    }

    @Test("scaleDownLargeImages also shrinks an animation, every frame")
    func scaleDownAnimation() throws {
        var options = DecodeOptions()
        options.scaleDownLargeImages = true
        options.scaleDownPixelCount = 1_000
        let image = try PNGDecoder().decode(HostileAPNG.make(width: 100, height: 50, frameCount: 4), options: options)
        #expect(image.frames.count == 4)
        #expect(image.pixelSize == PixelSize(width: 44, height: 22))
    }

    @Test("scaledDown keeps the aspect ratio and never exceeds the count", arguments: [
        (PixelSize(width: 5000, height: 50), 4096 * 4096, PixelSize(width: 5000, height: 50)),
        (PixelSize(width: 9000, height: 9000), 4096 * 4096, PixelSize(width: 4096, height: 4096)),
        (PixelSize(width: 300, height: 200), 10_000, PixelSize(width: 122, height: 81)),
        (PixelSize(width: 100_000, height: 1), 100, PixelSize(width: 100, height: 1)),
        (PixelSize(width: 1, height: 100_000), 100, PixelSize(width: 1, height: 100)),
        (PixelSize(width: 7, height: 3), 1, PixelSize(width: 1, height: 1)),
    ])
    func scaledDown(size: PixelSize, limit: Int, expected: PixelSize) {
        let result = DecodeOptions.scaledDown(size, toAtMost: limit)
        #expect(result == expected)
        #expect(result.pixelCount <= limit || result == size)
    }

    @Test("targetSize applies the thumbnail first, then the scale-down limit")
    func targetSizeOrder() {
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 200, height: 200)
        options.scaleDownLargeImages = true
        options.scaleDownPixelCount = 100
        #expect(options.targetSize(for: PixelSize(width: 1000, height: 1000)) == PixelSize(width: 10, height: 10))
        options.scaleDownPixelCount = 1_000_000
        #expect(options.targetSize(for: PixelSize(width: 1000, height: 1000)) == PixelSize(width: 200, height: 200))
    }
}
