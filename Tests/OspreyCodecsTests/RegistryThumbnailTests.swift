import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// A plug-in decoder that ignores every option: it always answers an 800 × 600 gradient
/// (two frames when asked for an animation), for data starting with `PLUG`.
private struct IgnoringPlugIn: ImageDecoding {
    let calls = Locked(0)
    func canDecode(_ data: Data) -> Bool { data.starts(with: Array("PLUG".utf8)) }
    func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        calls.withLock { $0 += 1 }
        let pixels = BMPTestWriter.pattern(width: 800, height: 600)
        let frames = [ImageFrame(pixels: pixels, duration: 0.1), ImageFrame(pixels: pixels, duration: 0.2)]
        return DecodedImage(frames: data.count > 4 ? frames : [frames[0]], format: .unknown)
    }
}

/// The registry makes every decoder honour ``DecodeOptions/thumbnailPixelSize``, and names the
/// format of a file no decoder reads.
@Suite("Registry thumbnails and unsupported formats", .offCooperativePool)
struct RegistryThumbnailTests {
    @Test("a plug-in decoder that ignores the thumbnail size is shrunk by the registry")
    func plugInThumbnail() throws {
        let plugIn = IgnoringPlugIn()
        let coders = ImageCoders()
        coders.addDecoder(plugIn)
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 64, height: 64)
        let still = try coders.decode(Data("PLUG".utf8), options: options)
        #expect(still.pixelSize == PixelSize(width: 64, height: 48))
        #expect(still.frames[0].pixels == StreamingResampler.resize(BMPTestWriter.pattern(width: 800, height: 600),
                                                                     to: PixelSize(width: 64, height: 48)))
        // Every frame of an animation, durations kept.
        let animation = try coders.decode(Data("PLUG!".utf8), options: options)
        #expect(animation.frames.map(\.pixels.size) == [PixelSize(width: 64, height: 48), PixelSize(width: 64, height: 48)])
        #expect(animation.frames.map(\.duration) == [0.1, 0.2])
        // Stretched to the box when the aspect ratio is not kept.
        options.preserveAspectRatio = false
        #expect(try coders.decode(Data("PLUG".utf8), options: options).pixelSize == PixelSize(width: 64, height: 64))
        // Without a thumbnail size nothing changes, and nothing is enlarged.
        #expect(try coders.decode(Data("PLUG".utf8), options: DecodeOptions()).pixelSize == PixelSize(width: 800, height: 600))
        options.thumbnailPixelSize = PixelSize(width: 2000, height: 2000)
        #expect(try coders.decode(Data("PLUG".utf8), options: options).pixelSize == PixelSize(width: 800, height: 600))
        #expect(plugIn.calls.withLock { $0 } == 5)
    }

    @Test("the incremental fallback for a plug-in shrinks its images too")
    func plugInIncremental() throws {
        let coders = ImageCoders()
        coders.addDecoder(IgnoringPlugIn())
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 40, height: 40)
        let decoder = try #require(coders.incrementalDecoder(for: Data("PLUG".utf8), options: options))
        decoder.append(Data("PLUG".utf8))
        #expect(decoder.currentImage()?.pixelSize == PixelSize(width: 40, height: 30))
        #expect(try decoder.finish().pixelSize == PixelSize(width: 40, height: 30))
    }

    @Test("a built-in decoder's thumbnail passes through untouched")
    func builtInUntouched() throws {
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 10, height: 10)
        let data = BMPTestWriter.rgb24(BMPTestWriter.pattern(width: 30, height: 20))
        let viaRegistry = try ImageCoders.shared.decode(data, options: options)
        let direct = try BMPDecoder().decode(data, options: options)
        #expect(viaRegistry.frames[0].pixels == direct.frames[0].pixels)
    }

    @Test("HEIC, AVIF and TIFF end in unsupportedFormat naming the format", arguments: [
        ([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8), ImageFormat.heic),
        ([0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avifmif1miaf".utf8), .avif),
        (Array("II".utf8) + [0x2A, 0, 8, 0, 0, 0], .tiff),
    ] as [([UInt8], ImageFormat)])
    func unsupportedNamed(bytes: [UInt8], format: ImageFormat) {
        #expect { try ImageCoders.shared.decode(Data(bytes), options: DecodeOptions()) } throws: { error in
            guard let error = error as? ImageError else { return false }
            return error.code == .unsupportedFormat && error.unsupportedFormat == format
                && error.description.contains(format.rawValue.uppercased())
        }
    }

    @Test("unrecognised bytes are unsupportedFormat with no format named")
    func unsupportedUnknown() {
        #expect { try ImageCoders.shared.decode(Data("hello".utf8), options: DecodeOptions()) } throws: { error in
            guard let error = error as? ImageError else { return false }
            return error.code == .unsupportedFormat && error.unsupportedFormat == nil
        }
    }
}
