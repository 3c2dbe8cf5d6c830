import Foundation
import OspreyCore

/// A trivial image format for cache tests, so that they do not depend on the real codecs
/// (which land on other branches): `OSPRAW`, width and height as big-endian UInt32, then
/// the RGBA bytes of one frame.
enum TestRawFormat {
    static let magic = Array("OSPRAW".utf8)
    static let headerSize = magic.count + 8

    /// The bytes of `pixels` in this format.
    static func encode(_ pixels: PixelBuffer) -> Data {
        var bytes = magic
        for value in [pixels.width, pixels.height] {
            bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
        }
        bytes += pixels.bytes
        return Data(bytes)
    }
}

/// Decodes ``TestRawFormat``; honours the thumbnail size (nearest-neighbour) and the pixel
/// limit, and counts its decodes so tests can tell whether one happened.
final class TestRawDecoder: ImageDecoding {
    /// Invariant: the number of `decode` calls so far; only touched inside `withLock`.
    private let decodes = Locked(0)

    var decodeCount: Int { decodes.withLock { $0 } }

    func canDecode(_ data: Data) -> Bool {
        data.count >= TestRawFormat.headerSize && data.prefix(6).elementsEqual(TestRawFormat.magic)
    }

    func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        decodes.withLock { $0 += 1 }
        let bytes = [UInt8](data)
        guard canDecode(data) else { throw ImageError(.badImageData) }
        func word(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = word(6), height = word(10)
        try options.checkPixelCount(width: width, height: height)
        guard bytes.count == TestRawFormat.headerSize + width * height * 4 else { throw ImageError(.badImageData) }
        let source = PixelBuffer(width: width, height: height, bytes: Array(bytes[TestRawFormat.headerSize...]))
        let target = options.targetSize(for: source.size)
        guard target != source.size else { return DecodedImage(pixels: source) }
        var scaled = PixelBuffer(width: target.width, height: target.height)
        for y in 0..<target.height {
            for x in 0..<target.width {
                scaled[x, y] = source[x * width / target.width, y * height / target.height]
            }
        }
        return DecodedImage(pixels: scaled)
    }
}

/// Encodes the first frame as ``TestRawFormat`` when asked for PNG: a stand-in for the PNG
/// encoder, to check that a store without bytes goes through the coders.
struct TestRawEncoder: ImageEncoding {
    func canEncode(_ format: ImageFormat) -> Bool { format == .png }

    func encode(_ image: DecodedImage, format: ImageFormat) throws(ImageError) -> Data {
        guard format == .png else { throw ImageError(.unsupportedFormat) }
        return TestRawFormat.encode(image.firstFrame)
    }
}
