import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Damaged colour information: APP2 sequences broken as libjpeg-turbo's reader rejects them,
/// truncated and garbled profiles, hostile sizes. A damaged profile is dropped; the image
/// decodes as if it had none; nothing traps.
@Suite("Colour profile damage", .offCooperativePool)
struct ColorProfileDamageTests {
    static let profileNames = ["display-p3", "adobe-rgb", "linear-rec2020", "prophoto-sampled", "gamma18-para1",
                               "lut-mft2", "lut-mft1", "lut-mab", "lcms-srgb"]

    static func profile(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Corpus.vendoredRoot.appendingPathComponent("color/profiles/\(name).icc")))
    }

    /// A JPEG of `pixels` whose APP2 markers are exactly `segments` (sequence, count, payload).
    static func jpeg(app2 segments: [(UInt8, UInt8, [UInt8])]) throws -> Data {
        let plain = [UInt8](try JPEGEncoder.encode(PNGTestHelpers.gradientNoise(width: 24, height: 16, opaque: true)))
        var out: [UInt8] = [0xFF, 0xD8]
        for (sequence, count, payload) in segments {
            let body = ICCChunkAssembler.signature + [sequence, count] + payload
            out += [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        return Data(out + plain[2...])
    }

    static func split(_ bytes: [UInt8], into parts: Int) -> [[UInt8]] {
        let size = (bytes.count + parts - 1) / parts
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min(bytes.count, $0 + size)]) }
    }

    static func decodedProfile(_ data: Data) throws -> ImageColorProfile? {
        try JPEGDecoder().decode(data, options: DecodeOptions()).colorProfile
    }

    @Test("APP2 chunks are joined in sequence order, whatever order they come in")
    func reassembly() throws {
        let icc = try Self.profile("display-p3")
        let parts = Self.split(icc, into: 3)
        let inOrder = try Self.jpeg(app2: [(1, 3, parts[0]), (2, 3, parts[1]), (3, 3, parts[2])])
        let shuffled = try Self.jpeg(app2: [(3, 3, parts[2]), (1, 3, parts[0]), (2, 3, parts[1])])
        #expect(try Self.decodedProfile(inOrder)?.iccData == Data(icc))
        #expect(try Self.decodedProfile(shuffled)?.iccData == Data(icc))
        #expect(try Self.decodedProfile(inOrder)?.name == "Display P3 (Osprey test)")
    }

    @Test("broken APP2 sequences drop the profile, as libjpeg-turbo does")
    func brokenSequences() throws {
        let parts = Self.split(try Self.profile("display-p3"), into: 3)
        let cases: [String: [(UInt8, UInt8, [UInt8])]] = [
            "duplicate": [(1, 3, parts[0]), (2, 3, parts[1]), (2, 3, parts[1]), (3, 3, parts[2])],
            "gap": [(1, 3, parts[0]), (3, 3, parts[2])],
            "count changes": [(1, 3, parts[0]), (2, 2, parts[1]), (3, 3, parts[2])],
            "sequence 0": [(0, 3, parts[0]), (2, 3, parts[1]), (3, 3, parts[2])],
            "sequence past count": [(1, 2, parts[0]), (3, 2, parts[1])],
            "count 0": [(1, 0, parts[0])],
        ]
        for (name, segments) in cases {
            let data = try Self.jpeg(app2: segments)
            var options = DecodeOptions()
            options.convertToSRGB = true
            let image = try JPEGDecoder().decode(data, options: options)
            #expect(image.colorProfile == nil, "\(name)")
            #expect(image.firstFrame == (try JPEGDecoder().decode(data, options: DecodeOptions())).firstFrame, "\(name)")
        }
    }

    @Test("truncated profiles are ignored and decode as untagged")
    func truncated() throws {
        for name in Self.profileNames {
            let icc = try Self.profile(name)
            for length in stride(from: 0, to: icc.count, by: max(1, icc.count / 97)) {
                let cut = Array(icc[..<length])
                // The header's size no longer matches: refused outright.
                #expect(ColorProfileReader.icc(cut) == nil, "\(name) cut at \(length)")
            }
        }
    }

    @Test("garbled profiles never trap: each either converts a row or is refused")
    func garbled() throws {
        var random = SeededGenerator(seed: 27)
        var row = (0..<256 * 4).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        var converted = 0
        for name in Self.profileNames {
            let icc = try Self.profile(name)
            // A LUT profile samples a 33³ grid per converter (about 20 ms): fewer rounds for those.
            for _ in 0..<(name.hasPrefix("lut") ? 30 : 150) {
                var bytes = icc
                // Flip bytes, biased to the header and tag table where the offsets live.
                for _ in 0..<1 + random.next(below: 6) {
                    let at = random.next(below: 2) == 0 ? random.next(below: min(bytes.count, 400)) : random.next(below: bytes.count)
                    bytes[at] = UInt8(truncatingIfNeeded: random.next())
                }
                guard let profile = ColorProfileReader.icc(bytes) else { continue }
                _ = profile.name
                if let converter = SRGBConverter.make(for: profile) {
                    row.withUnsafeMutableBufferPointer { converter.convert(row: $0.baseAddress!, count: 256) }
                    converted += 1
                }
            }
        }
        #expect(converted > 50)
    }

    @Test("tags pointing outside the profile, huge counts and grids are refused")
    func hostileTags() throws {
        var icc = try Self.profile("lut-mab")
        // The A2B0 tag's size set past the end: the tag is dropped, and with it the profile's transform.
        let tagCount = Int(icc[131])
        for index in 0..<tagCount where Array(icc[132 + index * 12..<136 + index * 12]) == Array("A2B0".utf8) {
            icc[140 + index * 12] = 0x7F
        }
        let damaged = try #require(ColorProfileReader.icc(icc))
        #expect(SRGBConverter.make(for: damaged) == nil)
        // A sampled curve claiming 2³² − 1 entries.
        var curve = Array("curv".utf8) + [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]
        curve += [UInt8](repeating: 0, count: 64)
        #expect(ICCCurve.parse(ICCReader(bytes: curve, start: 0, end: curve.count), at: 0) == nil)
        // More than the size cap.
        var huge = try Self.profile("display-p3")
        huge += [UInt8](repeating: 0, count: ImageColorProfile.maxICCBytes)
        let size = UInt32(huge.count)
        huge[0] = UInt8(size >> 24); huge[1] = UInt8((size >> 16) & 0xFF); huge[2] = UInt8((size >> 8) & 0xFF); huge[3] = UInt8(size & 0xFF)
        #expect(ColorProfileReader.icc(huge) == nil)
    }

    @Test("a PNG iCCP that is not zlib, or whose profile is truncated, is ignored")
    func badICCP() throws {
        let pixels = PNGTestHelpers.gradientNoise(width: 8, height: 8)
        let ihdr = PNGTestHelpers.ihdr(width: 8, height: 8)
        let idat = PNGTestHelpers.idat(pixels)
        let icc = try Self.profile("display-p3")
        let deflated = Deflater.compress(icc)
        for payload in [Array("x".utf8) + [0, 0, 1, 2, 3], Array("x".utf8) + [0, 0] + deflated.dropLast(9),
                        Array("x".utf8) + [0, 1] + deflated, [0, 0] + deflated] {
            let file = PNGTestHelpers.png([("IHDR", ihdr), ("iCCP", payload), ("IDAT", idat), ("IEND", [])])
            var options = DecodeOptions()
            options.convertToSRGB = true
            let image = try PNGDecoder().decode(file, options: options)
            #expect(image.colorProfile == nil)
            #expect(image.firstFrame == pixels)
        }
        let good = PNGTestHelpers.png([("IHDR", ihdr), ("iCCP", Array("x".utf8) + [0, 0] + deflated), ("IDAT", idat), ("IEND", [])])
        #expect(try PNGDecoder().decode(good, options: DecodeOptions()).colorProfile?.iccData == Data(icc))
    }
}
