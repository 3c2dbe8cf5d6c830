import Foundation
import OspreyCore

/// The registry's hook for progressive loading: finds the incremental decoder for a file from
/// its first bytes, after `SDImageCodersManager`'s progressive coder lookup.
extension ImageCoders {
    /// Bytes ``incrementalDecoder(for:options:)`` should be given to recognise every built-in
    /// format (WebP needs 12: `RIFF`, the size, `WEBP`; BMP 18, to its DIB header size; ICO 22,
    /// to its first entry's offset).
    public static let incrementalDetectionLength = 22

    /// A fresh incremental decoder for the file that starts with `firstBytes` (give at least
    /// ``incrementalDetectionLength`` bytes when the file has them), decoding as `options` say.
    ///
    /// The decoder chosen is the one ``decode(_:options:)`` would use (the newest added that
    /// accepts the bytes): its own incremental decoder when it is
    /// ``IncrementalImageDecoderProviding`` (PNG, JPEG, GIF, WebP),
    /// otherwise the prefix fallback (BMP and ICO among them), which decodes the bytes so far again for each partial
    /// image (a third-party decoder that cannot resume;
    /// ``IncrementalImageDecoding/isResumable`` says which). Nil when no decoder accepts them.
    public func incrementalDecoder(for firstBytes: Data, options: DecodeOptions) -> (any IncrementalImageDecoding)? {
        guard !firstBytes.isEmpty,
              let decoder = decoders.withLock({ $0 }).first(where: { $0.canDecode(firstBytes) }) else { return nil }
        if let provider = decoder as? any IncrementalImageDecoderProviding {
            return provider.makeIncrementalDecoder(options: options)
        }
        return PrefixImageDecoder(decoder: decoder, options: options)
    }

    /// ``incrementalDecoder(for:options:)`` for a file of `format`, recognised by the format's
    /// signature alone (a decoder that needs more than the signature to accept a file is not
    /// found this way). Nil for ``ImageFormat/unknown`` or when no decoder accepts the format.
    public func incrementalDecoder(for format: ImageFormat, options: DecodeOptions) -> (any IncrementalImageDecoding)? {
        let signature: [UInt8]
        switch format {
        case .png: signature = PNGChunkReader.signature
        case .jpeg: signature = [0xFF, 0xD8, 0xFF]
        case .gif: signature = Array("GIF89a".utf8)
        case .webp: signature = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8)
        case .bmp: signature = Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + [40, 0, 0, 0]
        case .ico, .heic, .avif, .tiff:
            // Their signatures need more than a few magic bytes (a directory, a box of brands):
            // only real first bytes find their decoder.
            return nil
        case .unknown: return nil
        }
        return incrementalDecoder(for: Data(signature), options: options)
    }
}
