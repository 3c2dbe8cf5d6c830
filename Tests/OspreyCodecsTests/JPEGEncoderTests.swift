import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The JPEG encoder: every output decodes with Osprey's decoder, at the right size and close to
/// the source; markers and options land in the file.
@Suite("JPEG encoder", .offCooperativePool)
struct JPEGEncoderTests {
    static let layouts: [ImageEncodeOptions.ChromaSubsampling?] = [.s444, .s422, .s420, nil]   // nil = grey

    static func options(_ layout: ImageEncodeOptions.ChromaSubsampling?, quality: Int = 90,
                        progressive: Bool = false, optimize: Bool = true) -> ImageEncodeOptions {
        ImageEncodeOptions(quality: quality, progressive: progressive, chromaSubsampling: layout ?? .s444,
                           optimizeHuffman: optimize, grayscale: layout == nil)
    }

    /// Encodes and decodes back, checking the size.
    static func roundTrip(_ pixels: PixelBuffer, _ options: ImageEncodeOptions) throws -> PixelBuffer {
        let data = try JPEGEncoder.encode(pixels, options: options)
        #expect(ImageFormat.detect(data) == .jpeg)
        let decoded = try JPEGDecoder().decode(data, options: DecodeOptions()).firstFrame
        #expect(decoded.size == pixels.size)
        return decoded
    }

    /// The grey version of `pixels` (libjpeg's luma weights), to compare grey encodes with.
    static func luma(_ pixels: PixelBuffer) -> PixelBuffer {
        var out = pixels
        for i in stride(from: 0, to: out.bytes.count, by: 4) {
            let y = (19595 * Int(out.bytes[i]) + 38470 * Int(out.bytes[i + 1]) + 7471 * Int(out.bytes[i + 2]) + 32768) >> 16
            out.bytes[i] = UInt8(y); out.bytes[i + 1] = UInt8(y); out.bytes[i + 2] = UInt8(y)
        }
        return out
    }

    /// A smooth photo-like test image (gradients, no noise) of any size.
    static func smooth(width: Int, height: Int) -> PixelBuffer {
        var pixels = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let r = UInt8((x * 255) / max(1, width - 1))
                let g = UInt8((y * 255) / max(1, height - 1))
                let b = UInt8(128 + Int(60 * sin(Double(x + y) / 9)))
                pixels[x, y] = (r, g, b, 255)
            }
        }
        return pixels
    }

    @Test("sizes from 1×1 to odd sizes round-trip in every layout, baseline and progressive",
          arguments: [(1, 1), (2, 3), (8, 8), (17, 9), (9, 17), (16, 16), (31, 33), (100, 7)])
    func sizes(width: Int, height: Int) throws {
        let source = Self.smooth(width: width, height: height)
        for layout in Self.layouts {
            for progressive in [false, true] {
                for optimize in [false, true] where !(progressive && !optimize) {
                    let decoded = try Self.roundTrip(source, Self.options(layout, progressive: progressive, optimize: optimize))
                    let reference = layout == nil ? Self.luma(source) : source
                    let psnr = JPEGTestSupport.psnr(decoded, reference)
                    // Tiny images are dominated by the chroma of one or two samples.
                    #expect(width * height < 64 || psnr > 30, "\(width)x\(height) \(String(describing: layout)) progressive \(progressive): \(psnr) dB")
                }
            }
        }
    }

    @Test("every quality 1…100 decodes; higher quality is closer to the source")
    func qualities() throws {
        let source = PNGTestHelpers.gradientNoise(width: 40, height: 27, opaque: true)
        var last = 0.0
        for quality in 1...100 {
            for progressive in [false, true] {
                let decoded = try Self.roundTrip(source, ImageEncodeOptions(quality: quality, progressive: progressive))
                let psnr = JPEGTestSupport.psnr(decoded, source)
                if quality % 10 == 0, !progressive {
                    #expect(psnr >= last - 0.5, "quality \(quality): \(psnr) dB after \(last)")
                    last = psnr
                }
            }
        }
        #expect(last > 38)
    }

    @Test("fitted tables decode to the same pixels as the standard ones, in fewer bytes")
    func optimizedTables() throws {
        let source = PNGTestHelpers.gradientNoise(width: 120, height: 80, opaque: true)
        let standard = try JPEGEncoder.encode(source, options: ImageEncodeOptions(optimizeHuffman: false))
        let fitted = try JPEGEncoder.encode(source, options: ImageEncodeOptions(optimizeHuffman: true))
        #expect(fitted.count < standard.count)
        let a = try JPEGDecoder().decode(standard, options: DecodeOptions()).firstFrame
        let b = try JPEGDecoder().decode(fitted, options: DecodeOptions()).firstFrame
        #expect(a == b)
        let progressive = try JPEGEncoder.encode(source, options: ImageEncodeOptions(progressive: true))
        #expect(try JPEGDecoder().decode(progressive, options: DecodeOptions()).firstFrame == a)
    }

    @Test("restart intervals write RSTn markers and still decode", arguments: [1, 3, 7])
    func restarts(interval: Int) throws {
        let source = Self.smooth(width: 70, height: 50)
        for optimize in [false, true] {
            var options = ImageEncodeOptions(restartInterval: interval)
            options.optimizeHuffman = optimize
            let data = try JPEGEncoder.encode(source, options: options)
            let bytes = [UInt8](data)
            let markers = zip(bytes, bytes.dropFirst()).filter { $0.0 == 0xFF && (0xD0...0xD7).contains($0.1) }.count
            let mcus = ((70 + 15) / 16) * ((50 + 15) / 16)
            #expect(markers == (mcus - 1) / interval)
            #expect(bytes.contains(0xDD))
            let plain = try Self.roundTrip(source, ImageEncodeOptions(optimizeHuffman: optimize))
            #expect(try JPEGDecoder().decode(data, options: DecodeOptions()).firstFrame == plain)
        }
    }

    @Test("the EXIF orientation and a multi-segment ICC profile are written")
    func metadata() throws {
        let profile = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let options = ImageEncodeOptions(exifOrientation: 6, iccProfile: profile)
        let data = try JPEGEncoder.encode(Self.smooth(width: 20, height: 10), options: options)
        let segments = Self.segments([UInt8](data))
        let exif = try #require(segments.first { $0.marker == 0xE1 })
        #expect(ExifOrientationParser.orientation(in: exif.payload) == .right)
        let icc = segments.filter { $0.marker == 0xE2 && $0.payload.starts(with: Array("ICC_PROFILE".utf8)) }
        #expect(icc.count == 3)
        #expect(icc.enumerated().allSatisfy { Int($1.payload[12]) == $0 + 1 && $1.payload[13] == 3 })
        #expect(icc.flatMap { $0.payload.dropFirst(14) } == profile)
        #expect(segments.first?.marker == 0xE0)   // JFIF first
        let decoded = try JPEGDecoder().decode(data, options: DecodeOptions())
        #expect(decoded.pixelWidth == 10 && decoded.pixelHeight == 20)   // the decoder applied it
    }

    /// Marker segments before the first SOS.
    static func segments(_ bytes: [UInt8]) -> [(marker: UInt8, payload: [UInt8])] {
        var result: [(marker: UInt8, payload: [UInt8])] = []
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF, bytes[i + 1] != 0xDA {
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            result.append((bytes[i + 1], Array(bytes[i + 4..<i + 2 + length])))
            i += 2 + length
        }
        return result
    }

    @Test("alpha is flattened onto the background")
    func alpha() throws {
        var source = PixelBuffer(width: 16, height: 16)   // all transparent black
        source[0, 0] = (0, 0, 0, 255)
        let white = try Self.roundTrip(source, ImageEncodeOptions(quality: 95))
        #expect(white[15, 15].r > 245 && white[15, 15].g > 245 && white[15, 15].b > 245)
        let red = try Self.roundTrip(source, ImageEncodeOptions(quality: 95, background: .init(red: 255, green: 0, blue: 0)))
        #expect(red[15, 15].r > 240 && red[15, 15].g < 15)
    }

    @Test("empty and oversized images and other formats are refused with the right code")
    func errors() throws {
        #expect(Self.failure { () throws(ImageError) in try JPEGEncoder.encode(PixelBuffer(width: 0, height: 0)) } == .badImageData)
        #expect(Self.failure { () throws(ImageError) in try JPEGEncoder.encode(PixelBuffer(width: 70_000, height: 1)) } == .imageTooLarge)
        let image = DecodedImage(pixels: Self.smooth(width: 4, height: 4))
        #expect(Self.failure { () throws(ImageError) in try JPEGEncoder().encode(image, format: .png) } == .unsupportedFormat)
        let coders = ImageCoders(encoders: ImageCoders.builtInEncoders)
        let viaRegistry = try coders.encode(image, format: .jpeg, options: ImageEncodeOptions(quality: 50))
        #expect(ImageFormat.detect(viaRegistry) == .jpeg)
        #expect(Self.failure { () throws(ImageError) in try coders.encode(image, format: .webp) } == .unsupportedFormat)
    }

    /// The code `body` throws, nil when it does not.
    static func failure(_ body: () throws(ImageError) -> Data) -> ImageError.Code? {
        do {
            _ = try body()
            return nil
        } catch {
            return error.code
        }
    }

    @Test("a real photo round-trips at every layout close to the decoded source")
    func photo() throws {
        let data = try JPEGTestSupport.corpusData("jpeg/subsampling/kodim23_q90_422.jpg")
        let source = try JPEGDecoder().decode(data, options: DecodeOptions()).firstFrame
        for layout in Self.layouts where layout != nil {
            let decoded = try Self.roundTrip(source, Self.options(layout, quality: 90))
            #expect(JPEGTestSupport.psnr(decoded, source) > 34)
        }
    }
}
