import Foundation
import OspreyCore

/// Decodes a JPEG while its bytes arrive, resuming where it stopped, so each byte is
/// entropy-decoded once (libjpeg-turbo's buffered-image mode, in spirit):
///
/// - Headers and tables are read once, as their segments complete.
/// - Baseline (one interleaved sequential scan): MCU rows are decoded and rendered as their
///   bytes arrive; a row whose bytes are not all there is rolled back and decoded again with
///   more (``JPEGScanCursor``). A partial image shows the rows so far, the rest transparent.
/// - Progressive (and sequential frames in several scans): each scan is decoded into the kept
///   coefficients once its data is complete (it ended at a marker other than RSTn). A partial
///   image renders the coefficients so far at a reduced scale, scaled to the output size: 1/8
///   after the DC scans, then 1/4 (coarser, never transparent).
///
/// The final image is ``JPEGDecoder``'s for the whole file, pixel for pixel, with the same
/// limits, the same errors and the same tolerance of truncated files. One case is left to a
/// one-shot decode in ``finish(allBytes:)``: a height defined by a DNL marker (it follows the
/// first scan); and data this decoder rejected goes to the one-shot decoder too, which then
/// reports the error. ``finish()`` without the bytes throws in those cases.
typealias JPEGIncrementalDecoder = ResumableDecoder<JPEGIncrementalState>

extension JPEGIncrementalState: ResumableDecodeState {}

extension ResumableDecoder where State == JPEGIncrementalState {
    /// Bytes buffered so far (for the tests).
    var bufferedBytes: Int { inspect(\.bufferedBytes) }
}

extension JPEGDecoder: IncrementalImageDecoderProviding {
    /// A resumable decoder (``JPEGIncrementalDecoder``) with `options`.
    public func makeIncrementalDecoder(options: DecodeOptions) -> any IncrementalImageDecoding {
        JPEGIncrementalDecoder(options: options)
    }
}
