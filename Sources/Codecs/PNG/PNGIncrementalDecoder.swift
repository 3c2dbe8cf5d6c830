import Foundation
import OspreyCore

/// Decodes a PNG while its bytes arrive: rows as they unfilter, Adam7 passes as coarse
/// previews, and the final image from the same state, so no byte is inflated and no row
/// unfiltered twice (see ``PNGProgressiveCanvas`` for what the partial images look like).
///
/// The final image equals ``PNGDecoder``'s for the whole file, with the same checks and limits.
/// Three cases are left to a one-shot decode of the whole file in ``finish(allBytes:)`` (so
/// they decode twice): an APNG whose frames are wanted (the partial images show its default
/// image), an `eXIf` orientation that turns a thumbnail's box but arrives after the image data,
/// and data this decoder rejected (the one-shot decoder then reports the error). ``finish()``
/// without the bytes throws in those cases.
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
