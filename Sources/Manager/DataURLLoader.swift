import Dispatch
import Foundation

/// Loads `data:` URLs (RFC 2397, base64 or percent-encoded): the bytes are in the URL, so
/// nothing goes to the network. The manager uses it for a `data:` URL its loader does not take.
///
/// The bytes are decoded off the caller's thread, on a global queue, with the load's decode
/// options (a thumbnail size applies); the manager keeps the image in the memory tier only.
/// A URL that is not a well-formed `data:` URL fails with ``ImageError/Code/invalidURL``; bytes
/// that are not an image fail as any download's would.
final class DataURLLoader: ImageLoading {
    static let shared = DataURLLoader()

    /// The decoders (``ImageCoders/shared``).
    let coders: ImageCoders

    init(coders: ImageCoders = .shared) {
        self.coders = coders
    }

    func canRequestImage(for url: URL?) -> Bool {
        url?.scheme?.lowercased() == "data"
    }

    @discardableResult
    func requestImage(with url: URL, options: ImageOptions, context: ImageContext,
                      progress: (@Sendable (ImageProgress) -> Void)?,
                      completed: @escaping @Sendable (Result<LoadedImage, ImageError>) -> Void) -> (any Cancellable)? {
        let queue = context.callbackQueue
        let token = DataURLLoad { queue.execute { completed(.failure(ImageError(.cancelled, url: url))) } }
        let decodeOptions = DecodeOptions(options: options, context: context)
        let coders = coders
        DispatchQueue.global(qos: options.contains(.lowPriority) ? .utility : .userInitiated).async {
            let result = Self.load(url, options: options, decodeOptions: decodeOptions, coders: coders, token: token)
            guard token.take() else { return }
            queue.execute { completed(result) }
        }
        return token
    }

    func shouldBlockFailedURL(_ url: URL, error: ImageError) -> Bool {
        // The same bytes always fail the same way.
        error.code == .invalidURL || error.code == .badImageData || error.code == .unsupportedFormat
    }

    private static func load(_ url: URL, options: ImageOptions, decodeOptions: DecodeOptions, coders: ImageCoders,
                             token: DataURLLoad) -> Result<LoadedImage, ImageError> {
        guard let parsed = DataURL(url) else { return .failure(ImageError(.invalidURL, url: url)) }
        guard !parsed.data.isEmpty else { return .failure(ImageError(.badImageData, url: url)) }
        if options.contains(.avoidDecodeImage) {
            return .success(LoadedImage(image: nil, data: parsed.data, response: nil))
        }
        var decodeOptions = decodeOptions
        decodeOptions.cancellation = token.cancellation
        do throws(ImageError) {
            let decoded = try coders.decode(parsed.data, options: decodeOptions)
            return .success(LoadedImage(image: PlatformImageBridge.platformImage(from: decoded), data: parsed.data,
                                        response: nil, decodedImage: decoded))
        } catch {
            return .failure(ImageError(error.code, url: url, underlying: error.underlying))
        }
    }
}

/// One `data:` load: cancellable until its result is taken; the result and a cancel race for
/// the one completion.
private final class DataURLLoad: Cancellable {
    private struct State {
        var isCancelled = false
        var taken = false
    }
    // Invariant: `taken` is set once, by whoever completes (the result or the cancel).
    private let state = Locked(State())
    let cancellation = DecodeCancellation()
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// True for the first caller: the one that delivers.
    func take() -> Bool {
        state.withLock { state in
            defer { state.taken = true }
            return !state.taken
        }
    }

    func cancel() {
        let first = state.withLock { state -> Bool in
            state.isCancelled = true
            defer { state.taken = true }
            return !state.taken
        }
        cancellation.cancel()
        if first { onCancel() }
    }
}
