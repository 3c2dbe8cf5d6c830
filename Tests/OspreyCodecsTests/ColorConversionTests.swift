import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Conversion to sRGB against littleCMS: the test cards in `Tests/Fixtures/color` carry
/// profiles built from published primaries and curves (matrix/TRC v2 and v4 with gamma,
/// parametric and sampled curves, `mft1`/`mft2`/`mAB ` LUT profiles, a gray `kTRC` profile) or
/// PNG colour chunks;
/// each `*.ref.png` is littleCMS's relative colorimetric conversion (Pillow ImageCms) of the
/// same pixels, made once by `Tests/Tools/make-color-fixtures.py`.
@Suite("Colour conversion", .offCooperativePool)
struct ColorConversionTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: Corpus.vendoredRoot.appendingPathComponent("color/\(name)"))
    }

    static func decode(_ name: String, convert: Bool) throws -> DecodedImage {
        var options = DecodeOptions()
        options.convertToSRGB = convert
        let data = try fixture(name)
        return name.hasSuffix(".jpg") ? try JPEGDecoder().decode(data, options: options)
            : try PNGDecoder().decode(data, options: options)
    }

    static func reference(_ name: String) throws -> PixelBuffer {
        try PNGDecoder().decode(fixture(name), options: DecodeOptions()).firstFrame
    }

    /// littleCMS's result for every fixture: ≥ 45 dB (the PSNR, printed, is typically far higher).
    @Test("conversion matches littleCMS at ≥ 45 dB", arguments: [
        ("display-p3.png", "display-p3.ref.png"), ("adobe-rgb.png", "adobe-rgb.ref.png"),
        ("linear-rec2020.png", "linear-rec2020.ref.png"), ("prophoto-sampled.png", "prophoto-sampled.ref.png"),
        ("gamma18-para1.png", "gamma18-para1.ref.png"), ("lut-mft2.png", "lut-mft2.ref.png"),
        ("lut-mft1.png", "lut-mft1.ref.png"), ("lut-mab.png", "lut-mab.ref.png"),
        ("gama-chrm.png", "gama-chrm.ref.png"), ("cicp-p3.png", "cicp-p3.ref.png"),
        ("display-p3.jpg", "display-p3.jpg.ref.png"), ("adobe-rgb.jpg", "adobe-rgb.jpg.ref.png"),
        ("gray-gamma18.png", "gray-gamma18.ref.png"), ("gray-gamma18.jpg", "gray-gamma18.jpg.ref.png"),
    ])
    func matchesLittleCMS(file: String, reference: String) throws {
        let converted = try Self.decode(file, convert: true)
        let expected = try Self.reference(reference)
        let plain = try Self.decode(file, convert: false)
        let psnr = JPEGTestSupport.psnr(converted.firstFrame, expected)
        print("colour PSNR \(file): \(String(format: "%.2f", psnr)) dB (unconverted: "
              + "\(String(format: "%.2f", JPEGTestSupport.psnr(plain.firstFrame, expected))) dB)")
        #expect(psnr >= 45, "\(file): \(psnr) dB")
        #expect(converted.colorProfile == .sRGB)
        #expect(plain.colorProfile != nil && plain.colorProfile?.isSRGB == false)
        // The conversion did something: without it the pixels are far from littleCMS's.
        #expect(JPEGTestSupport.psnr(plain.firstFrame, expected) < 40)
    }

    @Test("sRGB-tagged images stay bit-identical", arguments: ["srgb.jpg", "srgb-chunk.png"])
    func sRGBUntouched(file: String) throws {
        let converted = try Self.decode(file, convert: true)
        let plain = try Self.decode(file, convert: false)
        #expect(converted.firstFrame == plain.firstFrame)
        #expect(plain.colorProfile?.isSRGB == true)
    }

    @Test("an untagged image is left alone and carries no profile")
    func untagged() throws {
        let pixels = PNGTestHelpers.gradientNoise(width: 16, height: 16, opaque: true)
        var options = DecodeOptions()
        options.convertToSRGB = true
        let jpeg = try JPEGEncoder.encode(pixels)
        #expect(try JPEGDecoder().decode(jpeg, options: options).firstFrame
                == JPEGDecoder().decode(jpeg, options: DecodeOptions()).firstFrame)
        #expect(try JPEGDecoder().decode(jpeg, options: options).colorProfile == nil)
    }

    @Test("the converted thumbnail is the converted image, resampled")
    func thumbnail() throws {
        var options = DecodeOptions()
        options.convertToSRGB = true
        options.thumbnailPixelSize = PixelSize(width: 32, height: 32)
        for file in ["display-p3.jpg", "display-p3.png", "lut-mft2.png"] {
            let data = try Self.fixture(file)
            let thumb = file.hasSuffix(".jpg") ? try JPEGDecoder().decode(data, options: options)
                : try PNGDecoder().decode(data, options: options)
            let full = try Self.decode(file, convert: true).firstFrame
            let expected = StreamingResampler.resize(full, to: thumb.pixelSize)
            let psnr = JPEGTestSupport.psnr(thumb.firstFrame, expected)
            #expect(psnr >= 35, "\(file): \(psnr) dB")
            #expect(thumb.colorProfile == .sRGB)
        }
    }

    @Test("an 8-bit RGBA PNG's thumbnail is converted too (its rows need no expanding)")
    func rgbaThumbnail() throws {
        typealias H = PNGTestHelpers
        let pixels = H.gradientNoise(width: 128, height: 96)
        let data = H.png([("IHDR", H.ihdr(width: 128, height: 96)), ("iCCP", try ColorPartialImageTests.iccpPayload()),
                          ("IDAT", H.idat(pixels)), ("IEND", [])])
        var options = DecodeOptions()
        options.convertToSRGB = true
        options.thumbnailPixelSize = PixelSize(width: 32, height: 32)
        let thumb = try PNGDecoder().decode(data, options: options)
        options.convertToSRGB = false
        let plainThumb = try PNGDecoder().decode(data, options: options)
        var full = pixels
        try #require(SRGBConverter.make(for: plainThumb.colorProfile)).convert(&full)
        let expected = StreamingResampler.resize(full, to: thumb.pixelSize)
        #expect(thumb.colorProfile == .sRGB)
        #expect(JPEGTestSupport.psnr(thumb.firstFrame, expected) >= 35)
        #expect(JPEGTestSupport.psnr(plainThumb.firstFrame, expected) < 32)
    }

    @Test("profiles are named from desc/mluc")
    func names() throws {
        #expect(try Self.decode("display-p3.png", convert: false).colorProfile?.name == "iCCP \"Display P3 (Osprey test)\"")
        #expect(try Self.decode("adobe-rgb.jpg", convert: false).colorProfile?.name
                == "Adobe RGB (1998) compatible (Osprey test)")
        #expect(try Self.decode("gama-chrm.png", convert: false).colorProfile?.name == "gAMA 0.45455, cHRM")
        #expect(try Self.decode("cicp-p3.png", convert: false).colorProfile?.cicp == [12, 13, 0, 1])
    }

    @Test("the cache key names a conversion")
    func cacheKey() {
        var context = ImageContext()
        let url = URL(string: "https://example.com/a.jpg")!
        #expect(CacheKey.key(for: url, context: context) == "https://example.com/a.jpg")
        context.convertToSRGB = true
        #expect(CacheKey.key(for: url, context: context) == "https://example.com/a.jpg-sRGB")
        #expect(DecodeOptions(options: [], context: context).convertToSRGB)
    }

    @Test("encoders write the profile back; a converted image is written as sRGB")
    func writeBack() throws {
        for file in ["display-p3.png", "display-p3.jpg", "gama-chrm.png"] {
            let image = try Self.decode(file, convert: false)
            let png = try PNGEncoder().encode(image, format: .png)
            let jpeg = try JPEGEncoder().encode(image, format: .jpeg)
            let fromPNG = try PNGDecoder().decode(png, options: DecodeOptions()).colorProfile
            #expect(fromPNG?.iccData == image.colorProfile?.iccData, "\(file)")
            #expect(fromPNG?.pngGamma == image.colorProfile?.pngGamma && fromPNG?.pngChromaticities == image.colorProfile?.pngChromaticities)
            #expect(try JPEGDecoder().decode(jpeg, options: DecodeOptions()).colorProfile?.iccData == image.colorProfile?.iccData)
            let converted = try Self.decode(file, convert: true)
            let written = try PNGDecoder().decode(try PNGEncoder().encode(converted, format: .png), options: DecodeOptions())
            #expect(written.colorProfile?.isSRGB == true && written.colorProfile?.iccData == nil)
            #expect(try JPEGDecoder().decode(try JPEGEncoder().encode(converted, format: .jpeg), options: DecodeOptions())
                .colorProfile == nil)
        }
    }

    @Test("WebP ICCP: carried, and converted like the same pixels from a PNG (stills and animations)")
    func webp() throws {
        let plain = try Self.decode("display-p3.png", convert: false)
        let expected = try Self.decode("display-p3.png", convert: true).firstFrame
        let icc = [UInt8](try #require(plain.colorProfile?.iccData))
        var header = [UInt8](repeating: 0, count: 10)
        header[0] = 0x20   // ICC profile present
        header[4] = 63; header[7] = 63   // 64 × 64, stored minus one
        let still = WebPTestWriter.riff([WebPTestWriter.chunk("VP8X", header), WebPTestWriter.chunk("ICCP", icc),
                                         WebPTestWriter.chunk("VP8L", WebPTestWriter.vp8l(plain.firstFrame, alphaHint: false))])
        var options = DecodeOptions()
        options.convertToSRGB = true
        let unconverted = try WebPDecoder().decode(Data(still), options: DecodeOptions())
        #expect(unconverted.colorProfile?.iccData == Data(icc))
        #expect(unconverted.firstFrame == plain.firstFrame)
        let converted = try WebPDecoder().decode(Data(still), options: options)
        #expect(converted.firstFrame == expected)
        #expect(converted.colorProfile == .sRGB)
        // An animation: every composed frame converted.
        var animation = WebPTestWriter.animationFile(canvas: PixelSize(width: 64, height: 64),
                                                     frames: [.init(pixels: plain.firstFrame), .init(pixels: plain.firstFrame)],
                                                     alpha: false)
        let vp8x = 12 + 8   // RIFF header, then the VP8X chunk's header
        animation[vp8x] |= 0x20
        let iccp = WebPTestWriter.chunk("ICCP", icc)
        animation.insert(contentsOf: iccp, at: vp8x + 10)
        let size = animation.count - 8
        for index in 0..<4 { animation[4 + index] = UInt8((size >> (8 * index)) & 0xFF) }
        let frames = try WebPDecoder().decode(Data(animation), options: options)
        let raw = try WebPDecoder().decode(Data(animation), options: DecodeOptions())
        let converter = try #require(SRGBConverter.make(for: raw.colorProfile))
        #expect(frames.frameCount == 2 && raw.frameCount == 2)
        for (convertedFrame, rawFrame) in zip(frames.frames, raw.frames) {
            var pixels = rawFrame.pixels
            converter.convert(&pixels)
            #expect(convertedFrame.pixels == pixels)
        }
        #expect(frames.firstFrame == expected)
    }
}
