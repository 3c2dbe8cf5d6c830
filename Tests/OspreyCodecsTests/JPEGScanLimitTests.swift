import Foundation
import OspreyTestTraits
import Testing
@testable import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The scan rules of progressive JPEG (``JPEGDecodeSession/maxScans``, scans that must advance
/// the successive approximation, every scan's work counted against the budget, and thumbnails
/// passing over the scans they do not use), on files written scan by scan.
@Suite("JPEG scan limits", .offCooperativePool)
struct JPEGScanLimitTests {
    /// The error code of decoding `bytes` with `options`, nil when it decodes.
    static func failure(_ bytes: [UInt8], _ options: DecodeOptions = DecodeOptions()) -> ImageError.Code? {
        do {
            _ = try ImageCoders.shared.decode(Data(bytes), options: options)
            return nil
        } catch {
            return error.code
        }
    }

    static let gray = [ProgressiveJPEGScans.Component(id: 1)]

    /// A grayscale file with a DC scan and libjpeg's luma AC scans (bands at Al 2, then
    /// refinements to 1 and 0).
    static func plainFile(size: Int) -> ProgressiveJPEGScans {
        var file = ProgressiveJPEGScans(width: size, height: size, components: gray)
        file.dcScan([0])
        file.acScan(0, ss: 1, se: 5, al: 2)
        file.acScan(0, ss: 6, se: 63, al: 2)
        file.acScan(0, ss: 1, se: 63, ah: 2, al: 1)
        file.acScan(0, ss: 1, se: 63, ah: 1, al: 0)
        return file
    }

    @Test("the scan writer's files decode (to mid-grey)")
    func writerDecodes() throws {
        let image = try ImageCoders.shared.decode(Data(Self.plainFile(size: 40).finished()), options: DecodeOptions())
        #expect(image.firstFrame.size == PixelSize(width: 40, height: 40))
        #expect(image.firstFrame.bytes[0] == 128)
        var color = ProgressiveJPEGScans(width: 33, height: 17, components: [.init(id: 1, h: 2, v: 2), .init(id: 2), .init(id: 3)])
        color.defaultScript()
        #expect(Self.failure(color.finished()) == nil)
    }

    @Test("a repeated refinement scan, or a repeated first scan, makes the file damaged")
    func repeatedScans() {
        var refinements = Self.plainFile(size: 256)
        for _ in 0..<300 { refinements.acScan(0, ss: 1, se: 63, ah: 1, al: 0) }
        #expect(Self.failure(refinements.finished()) == .badImageData)
        // One repeat is enough, thumbnail or not.
        var once = Self.plainFile(size: 64)
        once.acScan(0, ss: 1, se: 63, ah: 1, al: 0)
        #expect(Self.failure(once.finished()) == .badImageData)
        var thumbnail = DecodeOptions()
        thumbnail.thumbnailPixelSize = PixelSize(width: 8, height: 8)
        #expect(Self.failure(once.finished(), thumbnail) == .badImageData)
        // A first scan over a band already coded, and a refinement of a bit already there.
        var first = Self.plainFile(size: 64)
        first.acScan(0, ss: 3, se: 4, al: 0)
        #expect(Self.failure(first.finished()) == .badImageData)
        var dc = ProgressiveJPEGScans(width: 64, height: 64, components: Self.gray)
        dc.dcScan([0], al: 1)
        dc.dcScan([0], ah: 1, al: 0)
        #expect(Self.failure(dc.finished()) == nil)
        dc.dcScan([0], ah: 1, al: 0)
        #expect(Self.failure(dc.finished()) == .badImageData)
    }

    @Test("more scans than maxScans make the file damaged, even when each advances")
    func scanLimit() {
        var file = ProgressiveJPEGScans(width: 16, height: 16, components: Self.gray)
        file.dcScan([0])
        file.distinctRefinements(0, count: JPEGDecodeSession.maxScans - 1)
        #expect(Self.failure(file.finished()) == nil)
        file.acScan(0, ss: 1, se: 63, ah: 6, al: 5)
        #expect(Self.failure(file.finished()) == .badImageData)
    }

    @Test("every progressive scan counts its blocks × band against decodeWorkBudget")
    func scanWork() {
        let size = 512, blocks = 64 * 64, scans = 100
        var file = ProgressiveJPEGScans(width: size, height: size, components: Self.gray)
        file.dcScan([0])
        file.distinctRefinements(0, count: scans)
        // The source once, then per scan (band + 1) coefficient visits per block: 2 for the DC
        // scan and for each one-coefficient AC scan.
        let per = JPEGDecodeSession.coefficientVisitsPerPixel
        let work = size * size + (scans + 1) * ((blocks * 2 + per - 1) / per)
        var options = DecodeOptions()
        options.decodeWorkBudget = work
        #expect(Self.failure(file.finished(), options) == nil)
        options.decodeWorkBudget = work - 1
        #expect(Self.failure(file.finished(), options) == .imageTooLarge)
        // Below the work, far above the source alone.
        options.decodeWorkBudget = size * size * 3 / 2
        #expect(Self.failure(file.finished(), options) == .imageTooLarge)
    }

    @Test("a 1/8 thumbnail passes over the AC scans it does not use: no MCU rows, no work")
    func thumbnailSkipsACScans() {
        let size = 1024
        var dcOnly = ProgressiveJPEGScans(width: size, height: size, components: Self.gray)
        dcOnly.dcScan([0])
        var many = dcOnly
        many.distinctRefinements(0, count: 200)
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: size / 8, height: size / 8)
        func checks(_ bytes: [UInt8]) -> Int {
            let cancellation = DecodeCancellation()
            var counted = options
            counted.cancellation = cancellation
            #expect(Self.failure(bytes, counted) == nil)
            return cancellation.checkCount
        }
        // Each decoded scan checks once per MCU row (128 here); the skipped ones not at all.
        #expect(checks(many.finished()) == checks(dcOnly.finished()))
        // The budget: the source and the DC scan fit, the AC scans would not.
        options.decodeWorkBudget = size * size + size * size / 8
        #expect(Self.failure(many.finished(), options) == nil)
        options.thumbnailPixelSize = nil
        #expect(Self.failure(many.finished(), options) == .imageTooLarge)
    }
}
