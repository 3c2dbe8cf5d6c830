import Foundation
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Test-only helpers for the lossy decoder: pull the `VP8 ` chunk out of a RIFF file (the real
/// container is the WebP container's job) and list the corpus files that are simple lossy WebPs.
enum WebPLossyTestSupport {
    /// The payload of the first top-level `VP8 ` chunk of a WebP file, or nil.
    static func vp8Payload(_ file: Data) -> Data? {
        let bytes = [UInt8](file)
        guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50]
        else { return nil }
        var offset = 12
        while offset + 8 <= bytes.count {
            let tag = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16
                | Int(bytes[offset + 7]) << 24
            let start = offset + 8
            guard size <= bytes.count - start else { return nil }
            if tag == "VP8 " { return Data(bytes[start..<start + size]) }
            offset = start + size + (size & 1)
        }
        return nil
    }

    /// Every corpus WebP whose image is a plain `VP8 ` chunk (no `VP8X`), with its manifest entry.
    static var simpleLossyFiles: [(url: URL, entry: Corpus.Entry)] {
        Corpus.files(in: "webp", extensions: ["webp"]).compactMap { url in
            guard let data = try? Data(contentsOf: url), data.count > 16,
                  String(decoding: data[12..<16], as: UTF8.self) == "VP8 ",
                  let entry = Corpus.manifest[Corpus.relativePath(url)] else { return nil }
            return (url, entry)
        }
    }

    /// Decodes a VP8 payload at full size.
    static func decode(_ payload: Data, options: DecodeOptions = DecodeOptions()) throws(ImageError) -> PixelBuffer {
        var result: Result<PixelBuffer, ImageError> = .failure(ImageError(.badImageData))
        payload.withUnsafeBytes { raw in
            do throws(ImageError) { result = .success(try VP8Decoder.decode(raw, options: options)) } catch {
                result = .failure(error)
            }
        }
        return try result.get()
    }

    /// Decodes a VP8 payload to `options`' target size through the streaming path.
    /// With `exact`, the exact path even when the cheap one applies.
    static func decodeScaled(_ payload: Data, options: DecodeOptions, exact: Bool = false) throws(ImageError) -> PixelBuffer {
        var result: Result<PixelBuffer, ImageError> = .failure(ImageError(.badImageData))
        payload.withUnsafeBytes { raw in
            do throws(ImageError) { result = .success(try VP8Decoder.decodeScaled(raw, options: options, exact: exact)) } catch {
                result = .failure(error)
            }
        }
        return try result.get()
    }

    /// Peak signal-to-noise ratio of the RGB channels (infinity when identical).
    static func psnrRGB(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        guard a.bytes.count == b.bytes.count, !a.bytes.isEmpty else { return 0 }
        var sum = 0.0, count = 0
        for i in stride(from: 0, to: a.bytes.count, by: 4) {
            for c in 0..<3 {
                let d = Double(Int(a.bytes[i + c]) - Int(b.bytes[i + c]))
                sum += d * d
                count += 1
            }
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(count)))
    }
}
