import Foundation
import OspreyCore

/// What a format's resumable decode keeps between pieces of a file: the part of an
/// ``IncrementalImageDecoding`` that differs per format. ``ResumableDecoder`` wraps it in a lock.
protocol ResumableDecodeState {
    /// A fresh decode of one file with `options`.
    init(options: DecodeOptions)
    /// Whether each byte is decoded once (default true).
    var isResumable: Bool { get }
    /// Takes the next bytes and decodes what they complete.
    mutating func append(_ chunk: Data)
    /// The image so far, or nil when nothing new was decoded since the last call.
    mutating func currentImage() -> DecodedImage?
    /// The final image, given (when the caller has them) all the bytes, for the cases the
    /// format leaves to a one-shot decode.
    mutating func finish(allBytes: Data?) throws(ImageError) -> DecodedImage
}

extension ResumableDecodeState {
    var isResumable: Bool { true }
}

/// An ``IncrementalImageDecoding`` over one format's ``ResumableDecodeState``: PNG, JPEG, GIF and
/// WebP each name theirs (`PNGIncrementalDecoder` and so on).
///
/// `Sendable`: the state sits behind a lock, so even overlapping calls (which the protocol
/// rules out) would be safe.
final class ResumableDecoder<State: ResumableDecodeState>: IncrementalImageDecoding {
    /// Invariant: touched only inside `withLock`; the state type documents its own.
    private let state: Locked<State>

    /// A decoder for one file decoded as `options` say.
    init(options: DecodeOptions) {
        state = Locked(State(options: options))
    }

    var isResumable: Bool { state.withLock { $0.isResumable } }

    func append(_ chunk: Data) {
        state.withLock { $0.append(chunk) }
    }

    func currentImage() -> DecodedImage? {
        state.withLock { $0.currentImage() }
    }

    func finish() throws(ImageError) -> DecodedImage {
        try state.withLock { state in
            Result { () throws(ImageError) in try state.finish(allBytes: nil) }
        }.get()
    }

    func finish(allBytes: Data) throws(ImageError) -> DecodedImage {
        try state.withLock { state in
            Result { () throws(ImageError) in try state.finish(allBytes: allBytes) }
        }.get()
    }

    /// Reads the state (for tests and counters).
    func inspect<T>(_ body: (State) -> T) -> T {
        state.withLock { body($0) }
    }
}
