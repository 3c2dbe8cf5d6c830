import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

@Suite("Toolkit EXIF orientation", .offCooperativePool)
struct ExifOrientationTests {
    typealias H = PNGTestHelpers

    /// A TIFF block whose IFD0 holds a few tags, the orientation among them.
    static func tiff(orientation: UInt16, bigEndian: Bool, type: UInt16 = 3) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] { bigEndian ? H.bigEndian(v) : H.bigEndian(v).reversed() }
        func entry(_ tag: UInt16, _ type: UInt16, _ value: UInt16) -> [UInt8] { u16(tag) + u16(type) + u32(1) + u16(value) + [0, 0] }
        let header = (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + u16(42) + u32(8)
        return header + u16(3) + entry(0x010F, 2, 0) + entry(0x0112, type, orientation) + entry(0x011A, 5, 0) + u32(0)
    }

    @Test("IFD0 tag 0x0112 in both byte orders, with and without the JPEG APP1 prefix")
    func parse() {
        for value in 1...8 {
            for bigEndian in [false, true] {
                let block = Self.tiff(orientation: UInt16(value), bigEndian: bigEndian)
                #expect(ExifOrientationParser.orientation(in: block)?.rawValue == value)
                #expect(ExifOrientationParser.orientation(in: Array("Exif".utf8) + [0, 0] + block)?.rawValue == value)
            }
        }
    }

    @Test("broken EXIF means no orientation, never a crash: every truncation, bad values, wrong type")
    func lenient() {
        let block = Self.tiff(orientation: 6, bigEndian: true)
        // Header (8) + entry count (2) + three entries (36): IFD0 must be whole; the next-IFD
        // offset after it is not needed.
        for length in 0..<block.count {
            #expect(ExifOrientationParser.orientation(in: block.prefix(length)) == (length >= 46 ? .right : nil), "\(length)")
        }
        #expect(ExifOrientationParser.orientation(in: Self.tiff(orientation: 0, bigEndian: true)) == nil)
        #expect(ExifOrientationParser.orientation(in: Self.tiff(orientation: 9, bigEndian: false)) == nil)
        #expect(ExifOrientationParser.orientation(in: Self.tiff(orientation: 6, bigEndian: false, type: 4)) == nil)
        var badOffset = block
        badOffset[7] = 200
        #expect(ExifOrientationParser.orientation(in: badOffset) == nil)
    }

    @Test("the APP1 block of the recurser Landscape JPEGs gives the orientation the manifest records")
    func landscapeFiles() throws {
        let files = Corpus.files(in: "jpeg/exif-orientation", extensions: ["jpg"])
        #expect(files.count >= 2)
        for url in files {
            let bytes = [UInt8](try Data(contentsOf: url))
            let expected = Corpus.manifest[Corpus.relativePath(url)]?.exif_orientation
            // APP1 (FF E1) is the first segment after SOI in these files; its payload starts after the length.
            let app1 = try #require(Self.segment(0xE1, in: bytes), "\(url.lastPathComponent)")
            // Landscape_0 stores the invalid value 0, which means "none".
            #expect(ExifOrientationParser.orientation(in: app1)?.rawValue ?? 0 == expected ?? 0, "\(url.lastPathComponent)")
        }
    }

    @Test("each orientation moves every pixel where the EXIF definition says, losslessly")
    func transforms() {
        // 3 × 2 pixels, each pixel's red = its index: stored rows "0 1 2" / "3 4 5".
        let stored = PixelBuffer(width: 3, height: 2, bytes: (0..<6).flatMap { [UInt8($0), 0, 0, 255] })
        let expected: [ImageOrientation: [[Int]]] = [
            .up: [[0, 1, 2], [3, 4, 5]],
            .upMirrored: [[2, 1, 0], [5, 4, 3]],
            .down: [[5, 4, 3], [2, 1, 0]],
            .downMirrored: [[3, 4, 5], [0, 1, 2]],
            .leftMirrored: [[0, 3], [1, 4], [2, 5]],
            .right: [[3, 0], [4, 1], [5, 2]],
            .rightMirrored: [[5, 2], [4, 1], [3, 0]],
            .left: [[2, 5], [1, 4], [0, 3]],
        ]
        for orientation in ImageOrientation.allCases {
            let upright = orientation.apply(to: stored)
            let rows = (0..<upright.height).map { y in (0..<upright.width).map { Int(upright[$0, y].r) } }
            #expect(rows == expected[orientation], "\(orientation)")
            #expect(upright.size == orientation.uprightSize(of: stored.size))
        }
    }

    @Test("PNG eXIf: applied by default (also to thumbnails, fitting the upright size), kept with applyOrientation = false")
    func pngHook() throws {
        let pixels = H.gradientNoise(width: 40, height: 20, seed: 3)
        let file = H.png([("IHDR", H.ihdr(width: 40, height: 20)),
                          ("eXIf", Self.tiff(orientation: 6, bigEndian: false)),
                          ("IDAT", H.idat(pixels)), ("IEND", [])])
        let upright = try PNGDecoder().decode(file, options: DecodeOptions())
        #expect(upright.pixelSize == PixelSize(width: 20, height: 40))
        #expect(upright.firstFrame == ImageOrientation.right.apply(to: pixels))
        var raw = DecodeOptions()
        raw.applyOrientation = false
        #expect(try PNGDecoder().decode(file, options: raw).firstFrame == pixels)
        var thumbnail = DecodeOptions()
        thumbnail.thumbnailPixelSize = PixelSize(width: 10, height: 10)
        #expect(try PNGDecoder().decode(file, options: thumbnail).pixelSize == PixelSize(width: 5, height: 10))
        // A broken eXIf leaves the image as stored.
        let broken = H.png([("IHDR", H.ihdr(width: 40, height: 20)), ("eXIf", [1, 2, 3]), ("IDAT", H.idat(pixels)), ("IEND", [])])
        #expect(try PNGDecoder().decode(broken, options: DecodeOptions()).firstFrame == pixels)
    }

    /// The payload of the first JPEG segment with `marker` before the scan, or nil.
    static func segment(_ marker: UInt8, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            if bytes[offset + 1] == marker { return bytes[(offset + 4)..<(offset + 2 + length)] }
            offset += 2 + length
        }
        return nil
    }
}
