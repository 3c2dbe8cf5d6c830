import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Limits before allocating, cancellation, and damaged payloads: every input either decodes
/// or fails with one clean error — never a trap, an out-of-bounds read or an endless loop.
@Suite("WebP lossy limits and damage", .cpuBound)
struct WebPLossyDamageTests {
    static func payload(_ name: String) throws -> Data {
        let url = try #require(Corpus.file("webp/libwebp-test-data/\(name)"))
        return try #require(WebPLossyTestSupport.vp8Payload(try Data(contentsOf: url)))
    }

    static func code(_ body: () throws(ImageError) -> PixelBuffer) -> ImageError.Code? {
        do throws(ImageError) { _ = try body(); return nil } catch { return error.code }
    }

    @Test("the pixel limit and the work budget are checked before decoding")
    func limits() throws {
        let payload = try Self.payload("test.webp")   // 128 × 128
        var small = DecodeOptions()
        small.maxPixelCount = 128 * 127
        #expect(Self.code { () throws(ImageError) in try WebPLossyTestSupport.decode(payload, options: small) } == .imageTooLarge)
        var budget = DecodeOptions()
        budget.decodeWorkBudget = 1000
        #expect(Self.code { () throws(ImageError) in try WebPLossyTestSupport.decode(payload, options: budget) } == .imageTooLarge)
        // A header claiming 16383 × 16383 is refused from its 10 bytes, before any allocation.
        var huge = [UInt8](payload)
        huge[6] = 0xFF; huge[7] = 0x3F; huge[8] = 0xFF; huge[9] = 0x3F
        #expect(Self.code { () throws(ImageError) in try WebPLossyTestSupport.decode(Data(huge)) } == .imageTooLarge)
    }

    @Test("cancellation is checked once per macroblock row")
    func cancellation() throws {
        let payload = try Self.payload("test.webp")   // 8 macroblock rows
        var options = DecodeOptions()
        let flag = DecodeCancellation(cancelAfterChecks: 4)
        options.cancellation = flag
        #expect(Self.code { () throws(ImageError) in try WebPLossyTestSupport.decode(payload, options: options) } == .cancelled)
        #expect(flag.checkCount == 4)
        let counting = DecodeCancellation(cancelAfterChecks: 1000)
        options.cancellation = counting
        _ = try WebPLossyTestSupport.decode(payload, options: options)
        #expect(counting.checkCount == 8)
    }

    @Test("inter frames are unsupported; bad headers and short payloads are bad data")
    func headers() throws {
        let payload = [UInt8](try Self.payload("test.webp"))
        var inter = payload
        inter[0] |= 1
        #expect(Self.code { () throws(ImageError) in try WebPLossyTestSupport.decode(Data(inter)) } == .unsupportedFormat)
        var badStart = payload
        badStart[3] = 0
        #expect(Self.code { () throws(ImageError) in try WebPLossyTestSupport.decode(Data(badStart)) } == .badImageData)
        for length in [0, 1, 9, 10, 11, 20] {
            #expect(Self.code { () throws(ImageError) in
                try WebPLossyTestSupport.decode(Data(payload.prefix(length)))
            } == .badImageData)
        }
    }

    /// libwebp (and so Pillow) rejects a frame whose partitions run out before the last
    /// macroblock; so does Osprey, with `.badImageData`, for every cut of the payload.
    @Test("every truncation fails cleanly with badImageData")
    func truncations() throws {
        for name in ["test.webp", "small_31x13.webp", "vp80-00-comprehensive-005.webp"] {
            let payload = [UInt8](try Self.payload(name))
            var cuts = Array(stride(from: 0, to: payload.count - 4, by: max(1, payload.count / 150)))
            cuts.append(payload.count - 4)
            for cut in cuts {
                let code = Self.code { () throws(ImageError) in try WebPLossyTestSupport.decode(Data(payload.prefix(cut))) }
                #expect(code == .badImageData, "\(name) cut at \(cut) of \(payload.count): \(String(describing: code))")
            }
        }
    }

    /// Seeded random byte changes: each decode ends in an image of the header's size or one
    /// clean error (a trap or out-of-bounds access would crash the test process).
    @Test("seeded mutations decode or fail cleanly")
    func mutations() throws {
        var generator = SeededGenerator(seed: 0x5EED_0B0E)
        var outcomes: [String: Int] = [:]
        for name in ["test.webp", "small_31x13.webp", "vp80-00-comprehensive-005.webp", "segment02.webp"] {
            let payload = [UInt8](try Self.payload(name))
            for _ in 0..<120 {
                var mutated = payload
                for _ in 0..<(1 + generator.next(below: 8)) {
                    let index = generator.next(below: mutated.count)
                    mutated[index] = UInt8(truncatingIfNeeded: generator.next())
                }
                do throws(ImageError) {
                    let image = try WebPLossyTestSupport.decode(Data(mutated))
                    #expect(image.bytes.count == image.width * image.height * 4)
                    outcomes["decoded", default: 0] += 1
                } catch {
                    outcomes["\(error.code)", default: 0] += 1
                    #expect([.badImageData, .unsupportedFormat, .imageTooLarge].contains(error.code))
                }
            }
        }
        print("WebP lossy mutations: \(outcomes.sorted { $0.key < $1.key })")
    }
}
