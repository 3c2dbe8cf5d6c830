import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
import OspreyCodecs
import OspreyTestSupport

/// Decoder behaviour beyond conformance: damaged data, unsupported frames, limits,
/// orientation, thumbnails and registration.
@Suite("JPEG decoder", .cpuBound)
struct JPEGDecoderTests {
    static let baseline = "jpeg/subsampling/kodim23_q90_420.jpg"
    static let baselineReference = "jpeg-reference/subsampling/kodim23_q90_420.png"

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try JPEGTestSupport.corpusData(path)) }

    @Test("a truncated baseline file decodes the top and fills the rest with grey")
    func truncatedBaseline() throws {
        let file = try Self.bytes(Self.baseline)
        let image = try JPEGDecoder().decode(Data(file.prefix(file.count / 2)), options: DecodeOptions())
        #expect(image.pixelSize == PixelSize(width: 768, height: 512))
        let reference = try JPEGTestSupport.referencePixels(Self.baselineReference)
        // The first MCU rows are intact, byte for byte.
        let top = 64 * 768 * 4
        // Compared as one Bool: a failing `#expect(a == b)` on big arrays makes Swift Testing
        // diff them, which takes minutes.
        let topMatches = image.firstFrame.bytes.prefix(top).elementsEqual(reference.bytes.prefix(top))
        #expect(topMatches)
        // The last row was never reached: mid-grey.
        let last = image.firstFrame[767, 511]
        #expect(last.r == 128 && last.g == 128 && last.b == 128 && last.a == 255)
    }

    @Test("a truncated progressive file decodes what its first scans hold")
    func truncatedProgressive() throws {
        let file = try Self.bytes("jpeg/subsampling/kodim23_q85_420_progressive.jpg")
        let image = try JPEGDecoder().decode(Data(file.prefix(file.count / 3)), options: DecodeOptions())
        let reference = try JPEGTestSupport.referencePixels("jpeg-reference/subsampling/kodim23_q85_420_progressive.png")
        // The DC and first AC scans are complete, so the picture is recognisable.
        #expect(JPEGTestSupport.psnr(image.firstFrame, reference) > 20)
    }

    @Test("data without a decodable scan is bad image data", arguments: [
        [0xFF, 0xD8, 0xFF, 0xD9] as [UInt8],
        [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0x41, count: 200),
        [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34],
        Array("not a jpeg at all".utf8),
    ])
    func garbage(_ bytes: [UInt8]) {
        #expect(throws: ImageError.self) { try JPEGDecoder().decode(Data(bytes), options: DecodeOptions()) }
        do {
            _ = try JPEGDecoder().decode(Data(bytes), options: DecodeOptions())
        } catch {
            #expect(error.code == .badImageData)
        }
    }

    @Test("an over-full Huffman table is rejected before its lookahead table is filled")
    func overfullHuffmanTable() {
        // 200 codes of length 1: before the fix the lookahead fill wrote ~100 KB past its
        // 1 KB table (found by the mutation test as heap corruption).
        let counts: [UInt8] = [200] + [UInt8](repeating: 0, count: 15)
        let length = 2 + 1 + 16 + 200
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC4, UInt8(length >> 8), UInt8(length & 0xFF), 0x00] + counts
            + [UInt8](repeating: 0, count: 200) + [0xFF, 0xD9]
        do {
            _ = try JPEGDecoder().decode(Data(bytes), options: DecodeOptions())
            Issue.record("decoded an over-full table")
        } catch {
            #expect(error.code == .badImageData)
        }
    }

    @Test("a frame of height 0 takes its height from the DNL marker after the scan")
    func definedNumberOfLines() throws {
        var file = try Self.bytes(Self.baseline)
        let reference = try JPEGDecoder().decode(Data(file), options: DecodeOptions())
        let sof = try #require(JPEGTestSupport.segmentOffset(file, code: 0xC0))
        let height = (Int(file[sof + 5]) << 8) | Int(file[sof + 6])
        file[sof + 5] = 0
        file[sof + 6] = 0
        // Before the final EOI: FF DC, length 4, the number of lines.
        #expect(file.suffix(2) == [0xFF, 0xD9])
        file.insert(contentsOf: [0xFF, 0xDC, 0x00, 0x04, UInt8(height >> 8), UInt8(height & 0xFF)], at: file.count - 2)
        let image = try JPEGDecoder().decode(Data(file), options: DecodeOptions())
        #expect(image.pixelSize == reference.pixelSize)
        let same = image.firstFrame.bytes == reference.firstFrame.bytes
        #expect(same)
    }

    @Test("a header-only file (no scan data) is bad image data")
    func headerOnly() throws {
        let file = try Self.bytes(Self.baseline)
        let scan = try #require(JPEGTestSupport.scanDataOffset(file))
        do {
            _ = try JPEGDecoder().decode(Data(file.prefix(scan)), options: DecodeOptions())
            Issue.record("decoded a file without scan data")
        } catch {
            #expect(error.code == .badImageData)
        }
    }

    @Test("arithmetic, lossless and 12-bit frames are unsupported, with a reason",
          arguments: [(UInt8(0xC9), 8, "arithmetic"), (0xCA, 8, "arithmetic"), (0xC3, 8, "lossless"), (0xC0, 12, "12-bit")])
    func unsupported(code: UInt8, precision: UInt8, reason: String) throws {
        var file = try Self.bytes(Self.baseline)
        let sof = try #require(JPEGTestSupport.segmentOffset(file, code: 0xC0))
        file[sof + 1] = code
        file[sof + 4] = precision
        do {
            _ = try JPEGDecoder().decode(Data(file), options: DecodeOptions())
            Issue.record("decoded an unsupported frame")
        } catch {
            #expect(error.code == .unsupportedFormat)
            let feature = try #require(error.underlying as? JPEGUnsupportedFeature)
            #expect(feature.reason.contains(reason))
        }
    }

    @Test("the pixel limit is checked on the header, 65535 × 65535 fails at once")
    func pixelLimit() throws {
        var file = try Self.bytes(Self.baseline)
        var options = DecodeOptions()
        options.maxPixelCount = 768 * 512 - 1
        #expect(throws: ImageError.self) { try JPEGDecoder().decode(Data(file), options: options) }
        let sof = try #require(JPEGTestSupport.segmentOffset(file, code: 0xC0))
        for i in 5...8 { file[sof + i] = 0xFF }
        do {
            _ = try JPEGDecoder().decode(Data(file), options: DecodeOptions())
            Issue.record("decoded a 65535 × 65535 header")
        } catch {
            #expect(error.code == .imageTooLarge)
        }
    }

    @Test("a corrupt restart interval costs only that interval")
    func restartResync() throws {
        var file = try Self.bytes("jpeg/subsampling/kodim23_q85_420_restart1row.jpg")
        let reference = try JPEGTestSupport.referencePixels("jpeg-reference/subsampling/kodim23_q85_420_restart1row.png")
        let start = try #require(JPEGTestSupport.scanDataOffset(file))
        // Damage bytes in the middle of the scan (not markers: never write 0xFF).
        let middle = start + (file.count - start) / 2
        for i in middle..<(middle + 40) where file[i] != 0xFF && file[i - 1] != 0xFF && file[i] != 0xA5 {
            file[i] ^= 0x5A
        }
        let image = try JPEGDecoder().decode(Data(file), options: DecodeOptions())
        // Count 16-row MCU rows that differ from the reference: the damaged one (two if the
        // bytes straddle a marker) and, through the vertical chroma filter, its neighbours.
        var damagedRows = 0
        for band in 0..<(512 / 16) {
            let range = (band * 16 * 768 * 4)..<((band + 1) * 16 * 768 * 4)
            if Array(image.firstFrame.bytes[range]) != Array(reference.bytes[range]) { damagedRows += 1 }
        }
        #expect(damagedRows >= 1 && damagedRows <= 4, "\(damagedRows) damaged MCU rows")
    }

    @Test("a corrupt byte pair that looks like a marker does not end the scan")
    func fakeMarkerInInterval() throws {
        var file = try Self.bytes("jpeg/subsampling/kodim23_q85_420_restart1row.jpg")
        let reference = try JPEGTestSupport.referencePixels("jpeg-reference/subsampling/kodim23_q85_420_restart1row.png")
        let start = try #require(JPEGTestSupport.scanDataOffset(file))
        var at = start + (file.count - start) / 2
        while file[at] == 0xFF || file[at - 1] == 0xFF || file[at + 1] == 0xFF || file[at + 2] == 0xFF { at += 1 }
        file[at] = 0xFF
        file[at + 1] = 0x5A   // not a marker code (below SOF0): corrupt data
        let image = try JPEGDecoder().decode(Data(file), options: DecodeOptions())
        // The bottom of the image is still decoded exactly.
        let tail = 3 * 16 * 768 * 4
        let tailMatches = image.firstFrame.bytes.suffix(tail).elementsEqual(reference.bytes.suffix(tail))
        #expect(tailMatches)
    }

    @Test("a missing restart marker skips its interval; later ones land in place")
    func missingRestartMarker() throws {
        var file = try Self.bytes("jpeg/subsampling/kodim23_q85_420_restart1row.jpg")
        let reference = try JPEGTestSupport.referencePixels("jpeg-reference/subsampling/kodim23_q85_420_restart1row.png")
        let start = try #require(JPEGTestSupport.scanDataOffset(file))
        // Remove the 10th restart marker (and so merge two intervals).
        var seen = 0
        var at = start
        while at + 1 < file.count {
            if file[at] == 0xFF, (0xD0...0xD7).contains(file[at + 1]) {
                seen += 1
                if seen == 10 { file.removeSubrange(at..<(at + 2)); break }
            }
            at += 1
        }
        let image = try JPEGDecoder().decode(Data(file), options: DecodeOptions())
        // The last MCU rows are still right.
        let tail = 3 * 16 * 768 * 4
        let tailMatches = image.firstFrame.bytes.suffix(tail).elementsEqual(reference.bytes.suffix(tail))
        #expect(tailMatches)
    }

    /// Landscape_0…8 with the shared corpus; the vendored 1 and 6 (upright, quarter turn) without.
    @Test("EXIF orientations 1…8 all come out upright (thumbnail vs the oriented reference)",
          arguments: (0...8).filter { n in
              Corpus.root.map { FileManager.default.fileExists(
                  atPath: $0.appendingPathComponent("jpeg/exif-orientation/Landscape_\(n).jpg").path) } ?? false
          })
    func orientation(_ n: Int) throws {
        let data = try JPEGTestSupport.corpusData("jpeg/exif-orientation/Landscape_\(n).jpg")
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 225, height: 150)
        let image = try JPEGDecoder().decode(data, options: options)
        #expect(image.pixelSize == PixelSize(width: 225, height: 150))
        let reference = try JPEGTestSupport.referencePixels(
            "jpeg-reference/exif-orientation/Landscape_\(n).oriented-225x150.png")
        #expect(JPEGTestSupport.psnr(image.firstFrame, reference) >= 30)
    }

    // Real CMYK files are not redistributable here (their sets are not vendored): the shared
    // corpus's are checked when present; the conversion itself always, on files the test
    // writes (JPEGSyntheticTests).
    @Test("CMYK files of the shared corpus decode to plausible colour (mean within 12 of Pillow's)")
    func cmyk() throws {
        let files: [(String, [Int])] = [
            ("jpeg/jpeg-js/cmyktest.jpg", [77, 142, 212]),
            ("jpeg/jpeg-js/tree-cmyk.jpg", [159, 162, 84]),
            ("jpeg/reftest/mozilla/jpg-cmyk-1.jpg", [128, 128, 44]),
            ("jpeg/reftest/mozilla/jpg-cmyk-2.jpg", [252, 252, 252]),
        ]
        for (path, mean) in files where JPEGTestSupport.hasCorpusFile(path) {
            let image = try JPEGTestSupport.decodeUnoriented(try JPEGTestSupport.corpusData(path))
            var sums = [0, 0, 0]
            let bytes = image.firstFrame.bytes
            for i in stride(from: 0, to: bytes.count, by: 4) { for c in 0..<3 { sums[c] += Int(bytes[i + c]) } }
            let pixels = bytes.count / 4
            for c in 0..<3 { #expect(abs(sums[c] / pixels - mean[c]) <= 12, "\(path) channel \(c): \(sums[c] / pixels)") }
        }
    }

    @Test("the registry decodes JPEG, and a PNG named .jpg still as PNG")
    func registry() throws {
        let jpeg = try ImageCoders.shared.decode(try JPEGTestSupport.corpusData(Self.baseline))
        #expect(jpeg.format == .jpeg)
        // The shared corpus has a real one (reftest/mozilla/jpg-size-6x6.jpg); without it, any
        // PNG does: the registry sniffs bytes and never sees a name.
        let png = JPEGTestSupport.hasCorpusFile("jpeg/reftest/mozilla/jpg-size-6x6.jpg")
            ? try JPEGTestSupport.corpusData("jpeg/reftest/mozilla/jpg-size-6x6.jpg")
            : try PNGEncoder().encode(DecodedImage(pixels: PixelBuffer(width: 6, height: 6)), format: .png)
        let disguised = try ImageCoders.shared.decode(png)
        #expect(disguised.format == .png)
    }
}
