import Foundation
import OspreyCore

/// Decodes a WebP file while its bytes arrive, decoding each byte once; ``WebPDecoder``'s
/// one-shot decode is this decoder's state fed the whole file at once.
///
/// - **Lossless** still images (`VP8L`, plain or in `VP8X`): pixel rows as their bits arrive
///   (``VP8LBandDecoder``); the partial image shows the rows done, the rest transparent.
/// - **Lossy** still images (`VP8 `, with or without `ALPH`): macroblock rows as their token
///   bytes arrive (``VP8ResumableFrame``), once the first partition is in; the partial image
///   shows the pixel rows converted (the loop filter and the upsampler lag a few rows behind),
///   with the alpha plane, the rest transparent. With several token partitions (stored one
///   after the other) rows wait for their partition's bytes, so most of them come late. A
///   thumbnail without alpha is made while the rows arrive, without partial images; a payload
///   declared larger than 2 bytes a pixel is decoded once its chunk is complete.
/// - **Animations**: each `ANMF` frame decoded and composed once its chunk is complete; the
///   partial image is the latest composed frame.
///
/// ``finish()`` reads the container (no pixels) for its checks and structure and returns the
/// image decoded as the bytes arrived. A file whose chunks the walk cannot follow as they
/// arrive (its first chunk is no image and no `VP8X`) has nothing decoded before
/// ``finish()``, which decodes it then, once, with the same decoders.
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
