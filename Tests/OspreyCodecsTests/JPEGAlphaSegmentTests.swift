import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// JPEG cache entries with alpha: the colour as JPEG, the alpha exact in the private APP15
/// segment; Osprey's decoder restores it, other decoders open the file as an opaque JPEG.
@Suite("JPEG alpha segment", .offCooperativePool)
struct JPEGAlphaSegmentTests {
    /// A photo-like gradient with round corners (transparent and anti-aliased alpha).
    static func rounded(width: Int, height: Int) -> PixelBuffer {
        let pixels = PNGTestHelpers.gradientNoise(width: width, height: height, opaque: true)
        return RoundCornerTransformer(radius: Double(min(width, height)) / 4)
            .transform(DecodedImage(pixels: pixels))!.firstFrame
    }

    static var options: ImageEncodeOptions {
        var options = ImageEncodeOptions(quality: 90, chromaSubsampling: .s420)
        options.jpegAlphaSegment = true
        return options
    }

    @Test("alpha comes back exact, colour within JPEG tolerance, for sizes from 1×1 to odd ones",
          arguments: [(1, 1), (17, 9), (96, 64), (301, 203)])
    func roundTrip(size: (Int, Int)) throws {
        var source = Self.rounded(width: size.0, height: size.1)
        if size == (1, 1) { source[0, 0] = (200, 100, 50, 77) }
        let data = try JPEGEncoder.encode(source, options: Self.options)
        #expect(ImageFormat.detect(data) == .jpeg)
        let decoded = try JPEGDecoder().decode(data, options: DecodeOptions()).firstFrame
        #expect(decoded.width == source.width && decoded.height == source.height)
        // The same colour as an ordinary opaque JPEG: the reference error.
        var opaque = source
        for i in stride(from: 3, to: opaque.bytes.count, by: 4) { opaque.bytes[i] = 255 }
        var plainOptions = Self.options
        plainOptions.jpegAlphaSegment = false
        let plain = try JPEGDecoder().decode(try JPEGEncoder.encode(opaque, options: plainOptions), options: DecodeOptions()).firstFrame
        var colourError = 0, plainError = 0, alphaMismatches = 0
        for i in stride(from: 0, to: source.bytes.count, by: 4) {
            if decoded.bytes[i + 3] != source.bytes[i + 3] { alphaMismatches += 1 }
            #expect(plain.bytes[i + 3] == 255)
            for c in 0..<3 {
                colourError += abs(Int(decoded.bytes[i + c]) - Int(source.bytes[i + c]))
                plainError += abs(Int(plain.bytes[i + c]) - Int(source.bytes[i + c]))
            }
        }
        #expect(alphaMismatches == 0)
        // Colour is not flattened under transparency: exactly the opaque encode's colour.
        #expect(colourError == plainError, "colour error \(colourError), opaque encode \(plainError)")
    }

    @Test("a thumbnail decode takes the nearest alpha; an opaque image gets no segment; damage leaves the colour")
    func thumbnailsOpaqueAndDamage() throws {
        let source = Self.rounded(width: 160, height: 120)
        let data = try JPEGEncoder.encode(source, options: Self.options)
        var small = DecodeOptions()
        small.thumbnailPixelSize = PixelSize(width: 40, height: 30)
        let thumbnail = try JPEGDecoder().decode(data, options: small).firstFrame
        #expect(thumbnail.width < 160)
        #expect(thumbnail[0, 0].3 == 0, "corner transparent")
        #expect(thumbnail[thumbnail.width / 2, thumbnail.height / 2].3 == 255, "centre opaque")

        let opaque = PNGTestHelpers.gradientNoise(width: 40, height: 30, opaque: true)
        let plain = try JPEGEncoder.encode(opaque, options: ImageEncodeOptions(quality: 90, chromaSubsampling: .s420))
        #expect(try JPEGEncoder.encode(opaque, options: Self.options) == plain)

        // A segment cut short (the count says two, one is there): ignored, the image decodes opaque.
        var bytes = [UInt8](data)
        let signature = JPEGAlphaSegment.signature
        let at = try #require((0..<bytes.count - signature.count).first { bytes[$0..<$0 + signature.count].elementsEqual(signature) })
        bytes[at + signature.count + 3] = 2
        let damaged = try JPEGDecoder().decode(Data(bytes), options: DecodeOptions()).firstFrame
        #expect(damaged[0, 0].3 == 255)
        // Corrupt deflate data: ignored too.
        for i in at + signature.count + 4 + 8..<min(bytes.count, at + signature.count + 40) { bytes[i] = 0xA5 }
        bytes[at + signature.count + 3] = 1
        #expect(try JPEGDecoder().decode(Data(bytes), options: DecodeOptions()).firstFrame[0, 0].3 == 255)
    }

    @Test("a round-cornered photo's entry is about the size of a plain JPEG, far below PNG")
    func entrySize() throws {
        let source = Self.rounded(width: 600, height: 400)
        let withAlpha = try JPEGEncoder.encode(source, options: Self.options)
        var opaque = source
        for i in stride(from: 3, to: opaque.bytes.count, by: 4) { opaque.bytes[i] = 255 }
        let plain = try JPEGEncoder.encode(opaque, options: ImageEncodeOptions(quality: 90, chromaSubsampling: .s420))
        #expect(withAlpha.count < plain.count + plain.count / 20, "\(withAlpha.count) vs \(plain.count)")
    }

    @Test("Pillow opens the file as an ordinary JPEG of the right size",
          .enabled(if: JPEGEncoderPillowTests.pillowAvailable, "needs python3 with Pillow and numpy (pip install pillow)"))
    func foreignDecoder() throws {
        let data = try JPEGEncoder.encode(Self.rounded(width: 301, height: 203), options: Self.options)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-alpha-\(UUID().uuidString).jpg")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try PNGTestHelpers.runPython("""
        import sys
        from PIL import Image
        image = Image.open(sys.argv[1]); image.load()
        print(image.format, image.mode, image.size[0], image.size[1])
        """, arguments: [file.path])
        #expect(output == "JPEG RGB 301 203")
    }
}
