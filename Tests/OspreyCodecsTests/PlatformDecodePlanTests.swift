import Testing
import OspreyCore
@testable import OspreyCodecs

/// The decisions behind the Apple platform codec (ImageIO), which cannot run here: what is
/// asked for, what is refused, and who applies the orientation.
@Suite("Platform decode plan")
struct PlatformDecodePlanTests {
    static let photo = PixelSize(width: 4000, height: 3000)

    static func code(_ body: () throws(ImageError) -> PlatformDecodePlan) -> ImageError.Code? {
        do {
            _ = try body()
            return nil
        } catch {
            return error.code
        }
    }

    @Test("a full-size decode holds the source: the pixel limit applies to it, Osprey turns it upright")
    func fullSize() throws {
        let plan = try PlatformDecodePlan(source: Self.photo, exifOrientation: 6, options: DecodeOptions())
        #expect(plan.thumbnailMaxPixelSize == nil)
        #expect(plan.orientation == .right)
        #expect(!plan.codecAppliesOrientation)
        var small = DecodeOptions()
        small.maxPixelCount = 1_000_000
        #expect(throws: ImageError.self) { try PlatformDecodePlan(source: Self.photo, exifOrientation: nil, options: small) }
    }

    @Test("a thumbnail is asked for by its longest side, upright, and only it counts against the pixel limit")
    func thumbnail() throws {
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 256, height: 256)
        options.maxPixelCount = 100_000
        let plan = try PlatformDecodePlan(source: Self.photo, exifOrientation: 6, options: options)
        // Upright the photo is 3000 × 4000: fitted into 256², it is 192 × 256.
        #expect(plan.thumbnailMaxPixelSize == 256)
        #expect(plan.codecAppliesOrientation)
        #expect(plan.orientation == nil)
        options.applyOrientation = false
        let stored = try PlatformDecodePlan(source: Self.photo, exifOrientation: 6, options: options)
        #expect(!stored.codecAppliesOrientation)
        #expect(stored.orientation == nil)
    }

    @Test("the work budget bounds the source even for a thumbnail; empty or unknown sizes are bad data")
    func limits() throws {
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 64, height: 64)
        options.decodeWorkBudget = 1_000_000
        #expect(Self.code { () throws(ImageError) in try PlatformDecodePlan(source: Self.photo, exifOrientation: nil, options: options) } == .imageTooLarge)
        #expect(Self.code { () throws(ImageError) in
            try PlatformDecodePlan(source: PixelSize(width: 0, height: 10), exifOrientation: nil, options: DecodeOptions())
        } == .badImageData)
        // An orientation value outside 1…8 is ignored, as ImageIO does.
        let plan = try PlatformDecodePlan(source: PixelSize(width: 10, height: 10), exifOrientation: 42, options: DecodeOptions())
        #expect(plan.orientation == nil)
    }
}
