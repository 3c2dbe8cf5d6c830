import Foundation
import OspreyTestTraits
import Testing
@testable import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// A cancelled decode stops at its next check: before it starts, between the frames of an
/// animation, and between bands of rows within one image.
@Suite("Decode cancellation", .offCooperativePool)
struct DecodeCancellationTests {
    typealias H = PNGTestHelpers

    @Test("a decode cancelled before it starts throws cancelled, still or animated")
    func cancelledBefore() {
        var options = DecodeOptions()
        options.cancellation = DecodeCancellation()
        options.cancellation?.cancel()
        #expect(H.decodeFailure(HostileAPNG.still(width: 10, height: 10), options: options) == .cancelled)
        #expect(H.decodeFailure(HostileAPNG.make(width: 10, height: 10, frameCount: 3), options: options) == .cancelled)
        options.thumbnailPixelSize = PixelSize(width: 3, height: 3)
        #expect(H.decodeFailure(HostileAPNG.still(width: 10, height: 10), options: options) == .cancelled)
    }

    @Test("a cancel between row bands stops a large still image part-way")
    func betweenRowBands() {
        // 2048 × 1024 = 2 Mi pixels: a check at the start and after every 256 Ki pixels (8 bands).
        let data = HostileAPNG.still(width: 2048, height: 1024)
        for thumbnail in [false, true] {
            let cancellation = DecodeCancellation(cancelAfterChecks: 3)
            var options = DecodeOptions()
            options.cancellation = cancellation
            if thumbnail { options.thumbnailPixelSize = PixelSize(width: 64, height: 64) }
            #expect(H.decodeFailure(data, options: options) == .cancelled)
            // It stopped at the third check, in the second band, not after the image.
            #expect(cancellation.checkCount == 3)
        }
        let untouched = DecodeCancellation()
        var options = DecodeOptions()
        options.cancellation = untouched
        #expect(H.decodeFailure(data, options: options) == nil)
        #expect(untouched.checkCount == 1 + 2048 * 1024 / (256 * 1024))
    }

    @Test("a cancel between frames stops an animation part-way")
    func betweenFrames() {
        // Each small frame costs two checks: the composer's and the row reader's first.
        let data = HostileAPNG.make(width: 16, height: 16, frameCount: 10)
        let cancellation = DecodeCancellation(cancelAfterChecks: 7)
        var options = DecodeOptions()
        options.cancellation = cancellation
        #expect(H.decodeFailure(data, options: options) == .cancelled)
        #expect(cancellation.checkCount == 7)
    }

    @Test("a cancel from another thread reaches the decode")
    func fromAnotherThread() async {
        let cancellation = DecodeCancellation()
        await Task.detached { cancellation.cancel() }.value
        #expect(cancellation.isCancelled)
        var options = DecodeOptions()
        options.cancellation = cancellation
        #expect(H.decodeFailure(HostileAPNG.still(width: 8, height: 8), options: options) == .cancelled)
    }

    @Test("equality and hashing ignore the cancellation")
    func hashable() {
        var a = DecodeOptions()
        a.cancellation = DecodeCancellation()
        let b = DecodeOptions()
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        var c = b
        c.decodeWorkBudget = 1
        #expect(c != b)
        var d = b
        d.scaleDownLargeImages = true
        #expect(d != b && Set([a, b, c, d]).count == 3)
    }
}
