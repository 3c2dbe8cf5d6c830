import Foundation
import OspreyCore

/// The lossy decoder on a whole simple-format WebP file (`RIFF`, `WEBP`, then a `VP8 `
/// chunk), for the benchmark suite inside the package: it measures the lossy decoder on its
/// own, whether or not the WebP coder is registered. Not the container — no `VP8X`, `ALPH`
/// or animation; the WebP coder in `Sources/Codecs/WebP/` is the real entry point.
package enum VP8FileDecoder {
    /// Decodes the first top-level `VP8 ` chunk of `file` to ``DecodeOptions/targetSize(for:)``
    /// (full size without a thumbnail size). Throws `.badImageData` when there is none.
    package static func decode(_ file: Data, options: DecodeOptions = DecodeOptions()) throws(ImageError) -> PixelBuffer {
        var result: Result<PixelBuffer, ImageError> = .failure(ImageError(.badImageData))
        file.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard raw.count >= 12, raw.prefix(4).elementsEqual("RIFF".utf8), raw[8..<12].elementsEqual("WEBP".utf8)
            else { return }
            var offset = 12
            while raw.count - offset >= 8 {
                let size = Int(raw[offset + 4]) | Int(raw[offset + 5]) << 8 | Int(raw[offset + 6]) << 16
                    | Int(raw[offset + 7]) << 24
                let start = offset + 8
                guard size <= raw.count - start else { return }
                if raw[offset..<offset + 4].elementsEqual("VP8 ".utf8) {
                    let payload = UnsafeRawBufferPointer(rebasing: raw[start..<start + size])
                    do throws(ImageError) { result = .success(try VP8Decoder.decodeScaled(payload, options: options)) } catch {
                        result = .failure(error)
                    }
                    return
                }
                offset = start + size + (size & 1)
            }
        }
        return try result.get()
    }
}
