import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Conversion of gray images and 16-bit PNGs: a gray `kTRC` profile converts gray pixels (the
/// littleCMS comparison is in ``ColorConversionTests``); a profile of the other colour model
/// than the pixels' is ignored, as libpng ignores it, leaving the pixels untouched; 16-bit PNGs
/// are converted on the 8-bit samples they decode to.
@Suite("Colour conversion: gray and 16-bit", .offCooperativePool)
struct ColorGrayAndDepthTests {
    typealias H = PNGTestHelpers

    static func profile(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Corpus.vendoredRoot.appendingPathComponent("color/profiles/\(name).icc")))
    }

    /// An `iCCP` payload: name, compression method 0, the zlib-compressed profile.
    static func iccp(_ icc: [UInt8]) -> [UInt8] {
        Array("test".utf8) + [0, 0] + Deflater.compress(icc)
    }

    /// A PNG of raw `samples` rows (`bitDepth`, `colorType`), unfiltered, with `icc` in `iCCP`.
    static func png(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, samples: [UInt8], icc: [UInt8]) -> Data {
        let rowBytes = samples.count / height
        var raw: [UInt8] = []
        for y in 0..<height { raw += [0] + samples[y * rowBytes..<(y + 1) * rowBytes] }
        return H.png([("IHDR", H.ihdr(width: width, height: height, bitDepth: bitDepth, colorType: colorType)),
                      ("iCCP", iccp(icc)), ("IDAT", Deflater.compress(raw)), ("IEND", [])])
    }

    static func decode(_ data: Data, convert: Bool) throws -> DecodedImage {
        var options = DecodeOptions()
        options.convertToSRGB = convert
        return try ImageCoders.shared.decode(data, options: options)
    }

    /// Gray samples 0…255 in a ramp with noise, deterministic.
    static func graySamples(width: Int, height: Int) -> [UInt8] {
        (0..<width * height).map { UInt8(truncatingIfNeeded: ($0 % width) * 255 / width + ($0 * 7919 % 13)) }
    }

    @Test("a gray profile on colour pixels, or a colour profile on gray pixels, changes nothing")
    func mismatchedProfiles() throws {
        let gray = try Self.profile("gray-gamma18"), p3 = try Self.profile("display-p3")
        let grayPixels = Self.graySamples(width: 32, height: 16)
        let colour = H.gradientNoise(width: 32, height: 16, opaque: true)
        var rgb: [UInt8] = []
        for i in stride(from: 0, to: colour.bytes.count, by: 4) { rgb += colour.bytes[i..<i + 3] }
        let files = [
            Self.png(width: 32, height: 16, bitDepth: 8, colorType: 0, samples: grayPixels, icc: p3),
            Self.png(width: 32, height: 16, bitDepth: 8, colorType: 2, samples: rgb, icc: gray),
            try JPEGEncoder.encode(colour, options: ImageEncodeOptions(quality: 90, iccProfile: gray)),
        ]
        for (index, file) in files.enumerated() {
            let plain = try Self.decode(file, convert: false), converted = try Self.decode(file, convert: true)
            #expect(converted.firstFrame == plain.firstFrame, "file \(index)")
            // The profile is carried as found: the pixels were not converted.
            #expect(converted.colorProfile?.iccData != nil && converted.colorProfile == plain.colorProfile, "file \(index)")
        }
    }

    @Test("a gray PNG's partial images are converted like its final image")
    func grayPartials() throws {
        let data = Self.png(width: 64, height: 48, bitDepth: 8, colorType: 0,
                            samples: Self.graySamples(width: 64, height: 48), icc: try Self.profile("gray-gamma18"))
        var options = DecodeOptions()
        options.convertToSRGB = true
        let decoder = PNGIncrementalDecoder(options: options)
        let partials = feedPieces(data, chunkSize: 700, to: decoder)
        let final = try Self.decode(data, convert: true).firstFrame
        #expect(partials.count >= 2)
        for partial in partials {
            #expect(partial.colorProfile == .sRGB)
            let got = partial.firstFrame.bytes
            var stray = 0
            for i in stride(from: 0, to: got.count, by: 4) where got[i + 3] != 0 {
                if got[i] != final.bytes[i] || got[i + 1] != final.bytes[i + 1] || got[i + 2] != final.bytes[i + 2] { stray += 1 }
            }
            #expect(stray == 0)
        }
    }

    @Test("16-bit PNGs are converted on their 8-bit samples: equal to the 8-bit file's conversion",
          arguments: [(UInt8(2), "display-p3"), (UInt8(0), "gray-gamma18")])
    func sixteenBit(colorType: UInt8, profile: String) throws {
        let icc = try Self.profile(profile)
        let width = 40, height = 24, channels = colorType == 2 ? 3 : 1
        let eight: [UInt8] = colorType == 2
            ? H.gradientNoise(width: width, height: height, opaque: true).bytes.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
            : Self.graySamples(width: width, height: height)
        #expect(eight.count == width * height * channels)
        // Each 16-bit sample's high byte is the 8-bit sample; its low byte varies.
        let sixteen = eight.enumerated().flatMap { [$0.element, UInt8(truncatingIfNeeded: $0.offset &* 37)] }
        let file8 = Self.png(width: width, height: height, bitDepth: 8, colorType: colorType, samples: eight, icc: icc)
        let file16 = Self.png(width: width, height: height, bitDepth: 16, colorType: colorType, samples: sixteen, icc: icc)
        let converted16 = try Self.decode(file16, convert: true), converted8 = try Self.decode(file8, convert: true)
        #expect(converted16.colorProfile == .sRGB)
        #expect(converted16.firstFrame == converted8.firstFrame)
        #expect(converted16.firstFrame != (try Self.decode(file16, convert: false)).firstFrame)
    }
}
