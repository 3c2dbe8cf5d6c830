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
///
/// `Sendable`: its state sits behind a lock, so even overlapping calls (which the protocol
/// rules out) would be safe.
public final class PNGIncrementalDecoder: IncrementalImageDecoding {
    /// Invariant: touched only inside `withLock`; see ``PNGIncrementalState``.
    private let state: Locked<PNGIncrementalState>

    /// A decoder for one PNG decoded as `options` say.
    public init(options: DecodeOptions) {
        state = Locked(PNGIncrementalState(options: options))
    }

    /// True: each byte is decoded once.
    public var isResumable: Bool { true }

    /// Feeds the next bytes and decodes every row they complete.
    public func append(_ chunk: Data) {
        state.withLock { $0.append(chunk) }
    }

    /// The image so far, or nil when no row (or, interlaced, no pass) completed since last time.
    public func currentImage() -> DecodedImage? {
        state.withLock { $0.currentImage() }
    }

    /// The final image; throws when the file is incomplete or was rejected, or when only a
    /// one-shot decode can finish it (see the type's documentation).
    public func finish() throws(ImageError) -> DecodedImage {
        try state.withLock { state in
            Result { () throws(ImageError) in try state.finish(allBytes: nil) }
        }.get()
    }

    /// The final image, falling back to a one-shot decode of `allBytes` where needed.
    public func finish(allBytes: Data) throws(ImageError) -> DecodedImage {
        try state.withLock { state in
            Result { () throws(ImageError) in try state.finish(allBytes: allBytes) }
        }.get()
    }

    /// Input bytes moved in memory after they arrived (for the linearity tests).
    var inputBytesMoved: Int { state.withLock { $0.inputBytesMoved } }
}

extension PNGDecoder: IncrementalImageDecoderProviding {
    /// A ``PNGIncrementalDecoder`` with `options`.
    public func makeIncrementalDecoder(options: DecodeOptions) -> any IncrementalImageDecoding {
        PNGIncrementalDecoder(options: options)
    }
}
