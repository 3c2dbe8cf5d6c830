import Foundation
import OspreyCore

/// Decodes a GIF while its bytes arrive: each frame is decoded and composed once, when its
/// data has fully arrived, and the latest composed frame is the partial image (the first frame
/// is the first preview). ``GIFDecoder`` is this state fed the whole file, so the final image is
/// its image — frames, durations, loop count, errors and the animation plan. It reuses the
/// frames composed for the previews when the plan is eager; a lazy or first-frame-only plan, or
/// previews stopped by the limits, compose at the end, as the one-shot decode does.
///
/// Cost: appending is linear in the bytes received (each block's sub-block lengths are scanned
/// once, each complete block parsed once); the bytes are held until ``finish()`` (the frames'
/// data is parsed from them, as a one-shot decode holds the file).
typealias GIFIncrementalDecoder = ResumableDecoder<GIFIncrementalState>

extension GIFIncrementalState: ResumableDecodeState {
    /// GIF needs no one-shot fallback: the state holds every byte it was given.
    mutating func finish(allBytes: Data?) throws(ImageError) -> DecodedImage { try finish() }
}

extension ResumableDecoder where State == GIFIncrementalState {
    /// Scanning steps so far (for the linearity test).
    var scanSteps: Int { inspect(\.scanSteps) }
}

extension GIFDecoder: IncrementalImageDecoderProviding {
    /// A resumable decoder (``GIFIncrementalDecoder``) with `options`.
    public func makeIncrementalDecoder(options: DecodeOptions) -> any IncrementalImageDecoding {
        GIFIncrementalDecoder(options: options)
    }
}
