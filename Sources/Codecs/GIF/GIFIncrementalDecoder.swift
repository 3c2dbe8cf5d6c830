import Foundation
import OspreyCore

/// Decodes a GIF while its bytes arrive: each frame is decoded and composed once, when its
/// data has fully arrived, and the latest composed frame is the partial image (the first frame
/// is the first preview). The final image equals ``GIFDecoder``'s for the whole file — frames,
/// durations, loop count, errors and the animation plan — and reuses the frames composed for
/// the previews when the plan is eager; a lazy or first-frame-only plan, or previews stopped by
/// the limits, compose afresh as the one-shot decode does.
///
/// Cost: appending is linear in the bytes received (each block's sub-block lengths are scanned
/// once, each complete block parsed once); the bytes are held until ``finish()`` (the frames'
/// data is parsed from them, as a one-shot decode holds the file).
///
/// `Sendable`: its state sits behind a lock, so even overlapping calls (which the protocol
/// rules out) would be safe.
public final class GIFIncrementalDecoder: IncrementalImageDecoding {
    /// Invariant: touched only inside `withLock`; see ``GIFIncrementalState``.
    private let state: Locked<GIFIncrementalState>

    /// A decoder for one GIF decoded as `options` say.
    public init(options: DecodeOptions) {
        state = Locked(GIFIncrementalState(options: options))
    }

    /// True: each frame is decoded once.
    public var isResumable: Bool { true }

    /// Feeds the next bytes and composes every frame they complete.
    public func append(_ chunk: Data) {
        state.withLock { $0.append(chunk) }
    }

    /// The latest composed frame, or nil when no frame completed since the last call.
    public func currentImage() -> DecodedImage? {
        state.withLock { $0.currentImage() }
    }

    /// The final image, or the error a one-shot decode of the same bytes throws.
    public func finish() throws(ImageError) -> DecodedImage {
        try state.withLock { state in
            Result { () throws(ImageError) in try state.finish() }
        }.get()
    }

    /// Scanning steps so far (for the linearity test).
    var scanSteps: Int { state.withLock { $0.scanSteps } }
}

extension GIFDecoder: IncrementalImageDecoderProviding {
    /// A ``GIFIncrementalDecoder`` with `options`.
    public func makeIncrementalDecoder(options: DecodeOptions) -> any IncrementalImageDecoding {
        GIFIncrementalDecoder(options: options)
    }
}
