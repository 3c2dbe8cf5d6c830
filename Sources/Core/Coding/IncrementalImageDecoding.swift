import Foundation

/// A decoder for one image whose bytes arrive in pieces, after `SDProgressiveImageCoder` but
/// resumable: it keeps its state between pieces, so each byte is decoded once, and the final
/// image comes from the same state as the partial ones.
///
/// One instance serves one download and one set of ``DecodeOptions``. Made by a
/// ``IncrementalImageDecoderProviding`` decoder (or, for a decoder that cannot resume, by the
/// registry's prefix fallback, which decodes the bytes so far again for every partial image
/// and says so in ``isResumable``).
///
/// Threading contract: calls on one instance never overlap; the owner makes them one after
/// the other (they may come from different threads). Conforming types are `Sendable` so the
/// owner can move them between its queues. It must never trap, hang or allocate without bound
/// on hostile input: the limits of its ``DecodeOptions`` apply as to a one-shot decode.
///
/// Typical use (the downloader's): ``append(_:)`` each piece as it arrives; now and then
/// ``currentImage()`` for a preview; ``finish()`` (or ``finish(allBytes:)``) once the body is
/// complete.
public protocol IncrementalImageDecoding: AnyObject, Sendable {
    /// Whether the decoder resumes where it stopped (true) or decodes everything received so far
    /// again for each partial image (false, the prefix fallback).
    var isResumable: Bool { get }

    /// Feeds the next piece of the file. Never throws: a decoder that meets bad data stops
    /// producing partial images and reports the error from ``finish()``.
    func append(_ chunk: Data)

    /// The image as far as it is known (the unknown part transparent, or coarser), at the size
    /// the options ask for; nil when nothing new was decoded since the last call (or nothing
    /// yet). Costs about one copy of the output per call; the owner decides how often to ask.
    func currentImage() -> DecodedImage?

    /// Every byte was appended: the final image, equal to a one-shot decode of the whole file
    /// with the same options, or the error that decode would throw.
    func finish() throws(ImageError) -> DecodedImage

    /// ``finish()``, given all the bytes joined, for a decoder that must fall back to a one-shot
    /// decode for what it cannot do incrementally. Default: ``finish()``.
    func finish(allBytes: Data) throws(ImageError) -> DecodedImage
}

extension IncrementalImageDecoding {
    /// Calls ``finish()``: a decoder that needs no fallback ignores the bytes.
    public func finish(allBytes: Data) throws(ImageError) -> DecodedImage {
        try finish()
    }
}

/// A one-shot decoder that can also decode incrementally. The registry
/// (`ImageCoders.incrementalDecoder(for:options:)`) asks the decoder that accepts the first
/// bytes; a decoder that does not conform gets the prefix fallback instead.
public protocol IncrementalImageDecoderProviding: ImageDecoding {
    /// A fresh incremental decoder for one image of this decoder's format.
    func makeIncrementalDecoder(options: DecodeOptions) -> any IncrementalImageDecoding
}
