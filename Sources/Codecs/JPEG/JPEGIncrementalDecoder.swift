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
///
/// `Sendable`: its state sits behind a lock, so even overlapping calls (which the protocol
/// rules out) would be safe.
public final class JPEGIncrementalDecoder: IncrementalImageDecoding {
    /// Invariant: touched only inside `withLock`; see ``JPEGIncrementalState``.
    private let state: Locked<JPEGIncrementalState>

    /// A decoder for one JPEG decoded as `options` say.
    public init(options: DecodeOptions) {
        state = Locked(JPEGIncrementalState(options: options))
    }

    /// True: each byte is decoded once (a baseline row whose bytes were cut short, again).
    public var isResumable: Bool { true }

    /// Feeds the next bytes and decodes every segment, scan or MCU row they complete.
    public func append(_ chunk: Data) {
        state.withLock { $0.append(chunk) }
    }

    /// The image so far, or nil when no row (baseline) or scan (progressive) completed since
    /// last time.
    public func currentImage() -> DecodedImage? {
        state.withLock { $0.currentImage() }
    }

    /// The final image; throws when the file is bad, or when only a one-shot decode can finish
    /// it (see the type's documentation).
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

    /// Bytes buffered so far (for the tests).
    var bufferedBytes: Int { state.withLock { $0.bufferedBytes } }
}

extension JPEGDecoder: IncrementalImageDecoderProviding {
    /// A ``JPEGIncrementalDecoder`` with `options`.
    public func makeIncrementalDecoder(options: DecodeOptions) -> any IncrementalImageDecoding {
        JPEGIncrementalDecoder(options: options)
    }
}
