import Foundation
import OspreyCore

/// Decodes a PNG while its bytes arrive: rows as they unfilter, Adam7 passes as previews, and
/// the final image from the same state, so no byte is inflated and no row unfiltered twice
/// (see ``PNGProgressiveCanvas`` for what the partial images look like). The one-shot
/// ``PNGDecoder`` is this state fed the whole file, so the final image is its image, with the
/// same checks, limits and errors; nothing is left to a second decode, and ``finish()`` needs
/// no bytes.
typealias PNGIncrementalDecoder = ResumableDecoder<PNGIncrementalState>

extension PNGIncrementalState: ResumableDecodeState {}

extension ResumableDecoder where State == PNGIncrementalState {
    /// Input bytes moved in memory after they arrived (for the linearity tests).
    var inputBytesMoved: Int { inspect(\.inputBytesMoved) }
}

extension PNGDecoder: IncrementalImageDecoderProviding {
    /// A resumable decoder (``PNGIncrementalDecoder``) with `options`.
    public func makeIncrementalDecoder(options: DecodeOptions) -> any IncrementalImageDecoding {
        PNGIncrementalDecoder(options: options)
    }
}
