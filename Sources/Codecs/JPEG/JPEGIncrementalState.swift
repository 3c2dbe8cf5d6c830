import Foundation
import OspreyCore

/// The state behind ``JPEGIncrementalDecoder``: the bytes so far and one
/// ``JPEGDecodeSession`` that reads them as far as they go each time more arrive
/// (``JPEGDecodeSession/advance(from:final:)``).
///
/// The bytes are kept in one array that grows in place (amortised linear): the session and a
/// parked scan's reader hold it only while the session runs and let go of it afterwards, so an
/// append never copies what came before.
struct JPEGIncrementalState {
    private let options: DecodeOptions
    private var buffer: [UInt8] = []
    private var session: JPEGDecodeSession?
    /// Where the session goes on reading.
    private var position = 2
    /// The first error met; nothing is decoded after it.
    private var failure: ImageError?
    /// A parked streamed scan is tried again only once the buffer reached this size, so a
    /// trickle of tiny pieces does not decode the same MCU row again for every byte.
    private var retryAt = 0
    /// What the last partial image showed: output rows (streamed) or completed scans.
    private var shown = 0

    init(options: DecodeOptions) {
        self.options = options
    }

    /// Bytes the buffer holds (its growth is the only copying of the input).
    var bufferedBytes: Int { buffer.count }

    mutating func append(_ chunk: Data) {
        guard failure == nil, !chunk.isEmpty, session?.stopped != true else { return }
        buffer.append(contentsOf: chunk)
        guard buffer.count >= max(4, retryAt) else { return }
        do throws(ImageError) {
            try run(final: false)
        } catch {
            failure = error
        }
    }

    mutating func currentImage() -> DecodedImage? {
        guard failure == nil, let session, let renderer = session.renderer else { return nil }
        let progress = session.streaming ? renderer.renderedRows : session.completedScans
        guard progress > shown, let pixels = session.partialPixels() else { return nil }
        shown = progress
        return DecodedImage(pixels: pixels, format: .jpeg).withColorProfile(session.outputProfile)
    }

    mutating func finish(allBytes: Data?) throws(ImageError) -> DecodedImage {
        do throws(ImageError) {
            if let failure { throw failure }
            try options.checkCancellation()
            guard buffer.count >= 4 else { throw ImageError(.badImageData) }
            try run(final: true)
            guard let session, !session.needsWholeFile else { throw ImageError(.unsupportedFormat) }
            guard session.geometry != nil, session.decodedSomething else { throw ImageError(.badImageData) }
            let pixels = try session.finishOutput()
            self.session = nil
            buffer = []
            return DecodedImage(pixels: pixels, format: .jpeg).withColorProfile(session.outputProfile)
        } catch {
            if error.code == .cancelled { throw error }
            failure = error
            session = nil
            buffer = []
            // The one-shot decoder has the last word: it decodes what this one cannot (a
            // DNL-defined height) and reports the error of a file that is bad.
            guard let allBytes else { throw error }
            return try JPEGDecoder().decode(allBytes, options: options)
        }
    }

    /// Lets the session read the buffer from `position` on, then takes the buffer back.
    private mutating func run(final: Bool) throws(ImageError) {
        let bytes = buffer
        let session = self.session
        let start = position
        let options = options
        let result = bytes.withUnsafeBufferPointer { pointer -> Result<(JPEGDecodeSession, Int), ImageError> in
            guard let base = pointer.baseAddress else { return .failure(ImageError(.badImageData)) }
            return Result { () throws(ImageError) -> (JPEGDecodeSession, Int) in
                let current: JPEGDecodeSession
                if let session {
                    current = session
                    current.bytes = bytes
                    current.base = base
                    current.end = bytes.count
                } else {
                    guard base[0] == 0xFF, base[1] == 0xD8 else { throw ImageError(.badImageData) }
                    current = JPEGDecodeSession(bytes: bytes, base: base, end: bytes.count, options: options)
                    current.partialData = true
                }
                defer {
                    // Let go of the buffer, so that the next append grows it in place.
                    current.bytes = []
                    current.activeScan?.reader.rebind([])
                }
                return (current, try current.advance(from: start, final: final))
            }
        }
        let (current, next) = try result.get()
        self.session = current
        position = next
        if let parked = current.activeScan {
            // Parked mid-scan: wait for a quarter more of what the unfinished row had, at least 1 kB.
            let waiting = max(0, bytes.count - parked.reader.position)
            retryAt = bytes.count + max(1024, waiting / 4)
        } else {
            retryAt = 0
        }
    }
}
