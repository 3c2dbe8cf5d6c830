import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// What the bytes stage produces: the body (after the decryptor) and the response (after the
/// response modifier).
struct DownloadedBody: Sendable {
    let data: Data
    let response: URLResponse?
}

/// One `downloadImage` call: its closures and settings, and the guarantee that `completed`
/// runs exactly once, on the context's callback queue, with no progress after it.
final class DownloadCaller: Sendable {
    let url: URL?
    let options: DownloaderOptions
    let context: ImageContext
    let progress: (@Sendable (ImageProgress) -> Void)?

    private struct State {
        /// Taken (set to nil) by whoever completes first.
        var completed: (@Sendable (Result<LoadedImage, ImageError>) -> Void)?
    }
    // Invariant: `completed` is non-nil until the caller is answered, and is called once by
    // the thread that took it out under the lock.
    private let state: Locked<State>
    /// 1 once `completed` was taken: a lock-free copy for the check before each progress
    /// report. Invariant: written only under `state`'s lock, in the step that takes `completed`.
    private let answered = LockFreeMirror(0)

    init(url: URL?, options: DownloaderOptions, context: ImageContext, progress: (@Sendable (ImageProgress) -> Void)?,
         completed: @escaping @Sendable (Result<LoadedImage, ImageError>) -> Void) {
        self.url = url
        self.options = options
        self.context = context
        self.progress = progress
        state = Locked(State(completed: completed))
    }

    /// The priority the caller's options ask for.
    var priority: LoadPriority {
        options.contains(.highPriority) ? .high : options.contains(.lowPriority) ? .low : .normal
    }

    /// How this caller wants the bytes decoded; nil = not at all. The one mapping,
    /// ``DecodeOptions/init(options:context:)``, decides (the decode flags are carried back to
    /// their ``ImageOptions``), so a download decodes exactly as a disk hit does.
    var decodeKey: DecodeKey.Decode? {
        guard !options.contains(.avoidDecodeImage) else { return nil }
        var flags: ImageOptions = []
        if options.contains(.decodeFirstFrameOnly) { flags.insert(.decodeFirstFrameOnly) }
        if options.contains(.scaleDownLargeImages) { flags.insert(.scaleDownLargeImages) }
        return DecodeKey.Decode(options: DecodeOptions(options: flags, context: context),
                                partialInterval: wantsPartialImages ? max(0, context.progressiveInterval) : nil)
    }

    /// Partial images need the option, a progress closure to hear them, and no decryptor
    /// (which needs the whole body first).
    private var wantsPartialImages: Bool {
        options.contains(.progressiveLoad) && progress != nil && context.downloadDecryptor == nil
    }

    /// Whether the caller wants progress reports (the stages it subscribes to send it none
    /// otherwise).
    var listens: Bool { progress != nil }

    /// Whether the caller has been answered.
    var isFinished: Bool {
        if let answered = answered.peek() { return answered != 0 }
        return state.withLock { $0.completed == nil }
    }

    /// Answers the caller unless it was answered already.
    func finish(_ result: Result<LoadedImage, ImageError>) {
        guard let completed = state.withLock({ state in
            defer {
                state.completed = nil
                answered.store(1)
            }
            return state.completed
        }) else { return }
        let result = result.mapError { error in
            var error = error
            if error.url == nil { error.url = url }
            return error
        }
        context.callbackQueue.execute { completed(result) }
    }

    /// Hands a report to the progress closure unless the caller was answered. For a callback
    /// queue, the check and the enqueueing happen under the lock, so no report can follow the
    /// completion there.
    func report(_ report: ImageProgress) {
        guard let progress else { return }
        switch context.callbackQueue {
        case .queue(let queue):
            state.withLock { state in
                if state.completed != nil { queue.async { progress(report) } }
            }
        case .main, .current:
            guard !isFinished else { return }
            context.callbackQueue.execute { progress(report) }
        }
    }

    /// The bytes stage's events, for a caller that skips decoding.
    var deliverBytes: SharedTask<DownloadedBody, BodyProgress>.Deliver {
        { [self] event in
            switch event {
            case .progress(let body):
                guard body.isReport, let url else { return }
                report(ImageProgress(receivedBytes: body.received, expectedBytes: body.expected, url: url))
            case .completed(let result):
                finish(result.map { LoadedImage(image: nil, data: $0.data, response: $0.response) })
            }
        }
    }

    /// The decode stage's events, for a caller that wants an image.
    var deliverDecoded: SharedTask<Decoded<DownloadedBody>, DecodeProgress>.Deliver {
        { [self] event in
            switch event {
            case .progress(let decode):
                guard let url else { return }
                let partial = decode.partial.map { PlatformImageBridge.platformImage(from: $0) }
                report(ImageProgress(receivedBytes: decode.received, expectedBytes: decode.expected, url: url,
                                     partialImage: partial))
            case .completed(let result):
                finish(result.map { decoded in
                    LoadedImage(image: PlatformImageBridge.platformImage(from: decoded.image), data: decoded.body.data,
                                response: decoded.body.response, decodedImage: decoded.image)
                })
            }
        }
    }
}
