import Foundation
import OspreyTestTraits
import Testing
@testable import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The JPEG decoder keeps the limits and the cancellation every Osprey decoder keeps, on the
/// vendored kodim23 files (768 × 512: 32 MCU rows at 4:2:0, 64 block rows of luma).
@Suite("JPEG budgets and cancellation", .offCooperativePool)
struct JPEGBudgetTests {
    static let baseline = "jpeg/subsampling/kodim23_q90_420.jpg"
    static let progressive = "jpeg/subsampling/kodim23_q85_420_progressive.jpg"

    /// The error code of decoding `path` with `options`, nil when it decodes.
    static func failure(_ path: String, _ options: DecodeOptions) throws -> ImageError.Code? {
        let data = try JPEGTestSupport.corpusData(path)
        do {
            _ = try JPEGDecoder().decode(data, options: options)
            return nil
        } catch {
            return error.code
        }
    }

    @Test("a decode cancelled before it starts throws cancelled, full size or thumbnail")
    func cancelledBefore() throws {
        var options = DecodeOptions()
        options.cancellation = DecodeCancellation()
        options.cancellation?.cancel()
        #expect(try Self.failure(Self.baseline, options) == .cancelled)
        options.thumbnailPixelSize = PixelSize(width: 32, height: 32)
        #expect(try Self.failure(Self.progressive, options) == .cancelled)
    }

    @Test("a cancel part-way stops the decode at that check, not after the image",
          arguments: [(baseline, false), (baseline, true), (progressive, false), (progressive, true)])
    func partWay(_ path: String, _ thumbnail: Bool) throws {
        // Check 1 is before the decode, 2 the first MCU row: the 5th is inside the first scan.
        let cancellation = DecodeCancellation(cancelAfterChecks: 5)
        var options = DecodeOptions()
        options.cancellation = cancellation
        if thumbnail { options.thumbnailPixelSize = PixelSize(width: 64, height: 64) }
        #expect(try Self.failure(path, options) == .cancelled)
        #expect(cancellation.checkCount == 5)
    }

    @Test("an uncancelled decode checks at least once per MCU row and still decodes")
    func checksOftenEnough() throws {
        for path in [Self.baseline, Self.progressive] {
            let cancellation = DecodeCancellation()
            var options = DecodeOptions()
            options.cancellation = cancellation
            #expect(try Self.failure(path, options) == nil)
            // 512 rows / 16 = 32 MCU rows per interleaved scan, plus the render's 8 bands.
            #expect(cancellation.checkCount >= 1 + 32 + 8)
        }
    }

    @Test("the source counts against decodeWorkBudget; maxPixelCount against the canvases actually held")
    func budgets() throws {
        let pixels = 768 * 512
        var options = DecodeOptions()
        options.decodeWorkBudget = pixels - 1
        #expect(try Self.failure(Self.baseline, options) == .imageTooLarge)
        options.decodeWorkBudget = pixels
        #expect(try Self.failure(Self.baseline, options) == nil)
        // Progressive: the coefficients are a source-sized canvas, so a small thumbnail does
        // not lift the limit…
        options.maxPixelCount = pixels - 1
        options.thumbnailPixelSize = PixelSize(width: 16, height: 16)
        #expect(try Self.failure(Self.progressive, options) == .imageTooLarge)
        // …but a baseline thumbnail streams: its output and a few MCU rows are all it holds.
        options.maxPixelCount = 16 * 16 + 4096
        #expect(try Self.failure(Self.baseline, options) == nil)
        options.thumbnailPixelSize = nil
        #expect(try Self.failure(Self.baseline, options) == .imageTooLarge)
    }
}
