import Foundation
import OspreyCore

/// Decodes a WebP file while its bytes arrive, decoding each byte once:
///
/// - **Lossless** still images (`VP8L`, plain or in `VP8X`): pixel rows as their bits arrive
///   (``VP8LIncrementalDecoder``); the partial image shows the rows done, the rest transparent.
/// - **Lossy** still images (`VP8 `, with or without `ALPH`): macroblock rows as their token
///   bytes arrive (``VP8IncrementalFrame``), once the first partition is in; the partial image
///   shows the pixel rows converted (the loop filter and the upsampler lag a few rows behind),
///   with the alpha plane, the rest transparent. With several token partitions (stored one
///   after the other) rows wait for their partition's bytes, so most of them come late. A
///   thumbnail without alpha (which the one-shot decoder makes by its own scaled path) and a
///   payload declared larger than 2 bytes a pixel are decoded once, when the chunk is complete.
/// - **Animations**: each `ANMF` frame decoded and composed once its chunk is complete; the
///   partial image is the latest composed frame.
///
/// The final image equals ``WebPDecoder``'s for the whole file, with the same checks and
/// limits: ``finish()`` re-reads the container (no pixels) and returns the work done here when
/// it matches. Anything else, a damaged file and a file this decoder does not follow (a
/// container it cannot walk as the bytes arrive) is decoded in one go from the bytes appended,
/// which reports the one-shot decode's error.
typealias WebPIncrementalDecoder = ResumableDecoder<WebPIncrementalState>

extension WebPIncrementalState: ResumableDecodeState {}

extension ResumableDecoder where State == WebPIncrementalState {
    /// Bytes the row decoders read so far, rolled-back attempts included (for the tests that
    /// check the work stays linear in the bytes received).
    var rowBytesRead: Int { inspect(\.rowBytesRead) }
}

extension WebPDecoder: IncrementalImageDecoderProviding {
    /// A resumable decoder (``WebPIncrementalDecoder``) with `options`.
    public func makeIncrementalDecoder(options: DecodeOptions) -> any IncrementalImageDecoding {
        WebPIncrementalDecoder(options: options)
    }
}
