import Foundation
import OspreyCore

/// The seam's fallback for a decoder that cannot resume: it keeps the bytes received so far
/// and, for every partial image asked for, decodes all of them again with the ordinary
/// one-shot decoder, as SDWebImage's progressive coders do. The owner bounds the cost by
/// asking at most every ``ImageContext/progressiveInterval``.
///
/// A partial image exists only when the one-shot decoder accepts a truncated file; one that
/// rejects it (most do, e.g. for a missing end marker) gives no partial images, only the final
/// one. The format owners replace this with resumable decoders
/// (``IncrementalImageDecoderProviding``).
final class PrefixImageDecoder: IncrementalImageDecoding {
    private struct State {
        /// Every byte appended, joined (appending is amortised linear).
        var bytes = Data()
        /// How many bytes the last partial decode saw.
        var decodedCount = 0
    }

    private let decoder: any ImageDecoding
    private let options: DecodeOptions
    /// Invariant: only touched inside `withLock`; `decodedCount <= bytes.count`.
    private let state = Locked(State())

    init(decoder: any ImageDecoding, options: DecodeOptions) {
        self.decoder = decoder
        self.options = options
    }

    /// False: every partial image decodes the whole prefix again.
    var isResumable: Bool { false }

    func append(_ chunk: Data) {
        state.withLock { $0.bytes.append(chunk) }
    }

    /// Decodes everything received so far, when more arrived since the last call; nil when
    /// nothing new arrived or the decoder rejects the truncated file.
    func currentImage() -> DecodedImage? {
        // Decoded under the lock: a copy of `bytes` taken out would make the next append copy
        // the whole buffer.
        state.withLock { state -> DecodedImage? in
            guard state.bytes.count > state.decodedCount else { return nil }
            state.decodedCount = state.bytes.count
            return (try? decoder.decode(state.bytes, options: options))
                .map { ImageCoders.fittingThumbnail($0, options: options) }
        }
    }

    func finish() throws(ImageError) -> DecodedImage {
        let bytes = state.withLock { state in
            defer { state = State() }
            return state.bytes
        }
        return ImageCoders.fittingThumbnail(try decoder.decode(bytes, options: options), options: options)
    }

    /// Decodes `allBytes` (the owner has them anyway) and drops the copy kept here.
    func finish(allBytes: Data) throws(ImageError) -> DecodedImage {
        state.withLock { $0 = State() }
        return ImageCoders.fittingThumbnail(try decoder.decode(allBytes, options: options), options: options)
    }
}
