import Foundation
import Osprey
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A live line on standard error with the bytes of the download that reported last, for
/// downloads that take longer than a second, so a slow fetch does not look hung. Only on a
/// terminal: piped output never gets it.
final class ByteProgressLine: Sendable {
    /// Whether standard error is a terminal.
    static let isInteractive = isatty(FileHandle.standardError.fileDescriptor) == 1

    /// A download is shown once it has run this long.
    static let showAfter: TimeInterval = 1
    /// At most ten redraws a second.
    static let redrawInterval: TimeInterval = 0.1

    private struct State {
        /// When each download under way started, by URL.
        var started: [String: Date] = [:]
        var lastDraw = Date.distantPast
        /// Whether the line holds text that must be cleared.
        var isShowing = false
    }
    /// Invariant: `started` holds the downloads that began and have not ended; the line is
    /// drawn only while the lock is held, so redraws never interleave.
    private let state = Locked(State())

    /// A download of `url` began.
    func begin(_ url: String) {
        guard Self.isInteractive else { return }
        state.withLock { $0.started[url] = Date() }
    }

    /// Redraws the line with `progress` when the download is over a second old.
    func update(_ url: String, _ progress: ImageProgress) {
        guard Self.isInteractive else { return }
        let now = Date()
        state.withLock { state in
            guard let started = state.started[url], now.timeIntervalSince(started) >= Self.showAfter,
                  now.timeIntervalSince(state.lastDraw) >= Self.redrawInterval else { return }
            state.lastDraw = now
            state.isShowing = true
            var text = "\(Self.shortName(url)): \(Terminal.bytes(Int(progress.receivedBytes)))"
            if let expected = progress.expectedBytes, expected > 0 {
                text += " of \(Terminal.bytes(Int(expected))) (\(progress.receivedBytes * 100 / expected) %)"
            }
            Self.write("\r\u{1B}[K" + text)
        }
    }

    /// The download of `url` ended: the line is cleared.
    func end(_ url: String) {
        guard Self.isInteractive else { return }
        state.withLock { state in
            state.started[url] = nil
            if state.isShowing {
                state.isShowing = false
                Self.write("\r\u{1B}[K")
            }
        }
    }

    private static func shortName(_ url: String) -> String {
        url.count <= 60 ? url : "…" + url.suffix(59)
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

extension ImageManager {
    /// `loadImage` as an async call that also reports byte progress.
    func load(_ url: URL, options: ImageOptions, context: ImageContext,
              progress: @escaping @Sendable (ImageProgress) -> Void) async throws(ImageError) -> ImageResult {
        var context = context
        context.callbackQueue = .current
        let box = Locked<ImageLoadOperation?>(nil)
        let result: Result<ImageResult, ImageError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let operation = loadImage(with: url, options: options, context: context, progress: progress) { result in
                    continuation.resume(returning: result)
                }
                box.withLock { $0 = operation }
                if Task.isCancelled { operation.cancel() }
            }
        } onCancel: {
            box.withLock { $0 }?.cancel()
        }
        return try result.get()
    }
}
