import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore
import OspreyCodecs

/// Starting the producers of the download's stages: a ``DownloaderOperation`` for the bytes,
/// a ``DecodeRun`` for each decoded image.
extension ImageDownloader {
    /// The bytes key of a caller's request (under the downloader's lock: it reads the
    /// headers and may number an unmergeable request), with the configuration and the session
    /// a download started for it uses, read in the same step; nil once the downloader is
    /// invalidated.
    func mergeKey(for url: URL, caller: DownloadCaller) -> (DownloadMergeKey, ImageDownloaderConfig, URLSession)? {
        state.withLock { state in
            guard !state.isInvalidated, let session = state.session else { return nil }
            let key = DownloadMergeKey(url: url, options: caller.options, context: caller.context,
                                       headers: state.headers, headersGeneration: state.headersGeneration,
                                       nextSerial: &state.nextUnmergeableSerial)
            return (key, state.config, session)
        }
    }

    /// Starts the decode task for `caller`'s options: it subscribes to the bytes under `key`
    /// (starting the download when none runs) and decodes them on the coder queue.
    ///
    /// `started` is set when this call tried to start the download: to the operation, or to nil
    /// when the request was refused.
    func startDecode(_ task: SharedTask<Decoded<DownloadedBody>, DecodeProgress>, key: DownloadMergeKey,
                     decode: DecodeKey.Decode, caller: DownloadCaller, config: ImageDownloaderConfig,
                     session: URLSession, started: inout DownloaderOperation??) {
        let coders = config.coders
        let decoders = StageDecoders(decode: { data, options throws(ImageError) in try coders.decode(data, options: options) },
                                     incrementalDecoder: { coders.incrementalDecoder(for: $0, options: $1) },
                                     detectionLength: ImageCoders.incrementalDetectionLength)
        let run = DecodeRun<DownloadedBody>(task: task, options: decode.options, partialInterval: decode.partialInterval,
                                            decoders: decoders, coderQueue: coderQueue, pending: deliveries,
                                            data: { $0.data }, annotate: { error, body in
                                                var error = error
                                                if error.statusCode == nil {
                                                    error.statusCode = (body.response as? HTTPURLResponse)?.statusCode
                                                }
                                                return error
                                            })
        // The decode task's first subscriber is this caller: the bytes are wanted at its priority.
        run.start { listens, deliver in
            bytes.subscribe(key, priority: caller.priority, listens: listens, start: { [self] bytesTask in
                started = .some(startDownload(bytesTask, key: key, caller: caller, config: config, session: session))
            }, deliver)
        }
    }

    /// Builds the request (outside every lock: the request modifier is the caller's code),
    /// makes the operation that produces `task`'s bytes, and queues it by priority. Returns the
    /// operation; nil when the request was refused (its request modifier returned nil or a
    /// request without a URL, or the downloader was invalidated), which has been answered with
    /// the failure already. `config` is the downloader's configuration
    /// and `session` as the caller read them, once for the whole call.
    @discardableResult
    func startDownload(_ task: SharedTask<DownloadedBody, BodyProgress>, key: DownloadMergeKey, caller: DownloadCaller,
                       config: ImageDownloaderConfig, session: URLSession) -> DownloaderOperation? {
        let url = key.url
        let settings = operationSettings(for: caller.context, config: config, sink: task)
        var request = makeRequest(for: url, options: caller.options, headers: key.headers,
                                  idleTimeout: settings.downloadTimeout)
        if let modifier = caller.context.requestModifier {
            guard let modified = modifier(request) else {
                task.finish(.failure(ImageError(.cancelled, url: url)))
                return nil
            }
            guard modified.url != nil else {
                task.finish(.failure(ImageError(.invalidURL, url: url)))
                return nil
            }
            request = modified
        }
        let operation = config.operationClass.init(request: request, session: session, options: caller.options,
                                                   context: caller.context, settings: settings)
        // Filed, and handed a free slot if there is one, in one locked step.
        let filed = state.withLock { state -> [DownloaderOperation]? in
            if state.isInvalidated { return nil }
            if let replaced = state.operations[key] {
                state.keyOfOperation[ObjectIdentifier(replaced)] = nil
            }
            state.operations[key] = operation
            state.keyOfOperation[ObjectIdentifier(operation)] = key
            state.pending.append(operation, priority: operation.queuePriority)
            return Self.takeReady(&state)
        }
        guard let ready = filed else {
            task.finish(.failure(ImageError(.cancelled, url: url)))
            return nil
        }
        // The last subscriber leaving stops the download (the operation then leaves the books);
        // the priority its subscribers still want orders it among the waiting ones.
        task.onCancel({ operation.cancel() },
                      onPriorityChange: { [weak self] priority in self?.setPriority(priority, of: operation) })
        // Outside the lock: the queue may call `start()` on this thread.
        for next in ready { downloadQueue.addOperation(next) }
        return operation
    }

    /// While `operation` waits for a slot it moves to `priority` (lowered as well as raised),
    /// so a lowered download is overtaken by normal ones queued after it. One already handed
    /// to the queue starts at once anyway, so it is left alone (its `queuePriority` is never
    /// written once the queue may read it).
    func setPriority(_ priority: LoadPriority, of operation: DownloaderOperation) {
        let queuePriority: Operation.QueuePriority = switch priority {
        case .low: .low
        case .normal: .normal
        case .high: .high
        }
        state.withLock { state in
            guard state.pending.setPriority(queuePriority, of: operation) else { return }
            operation.queuePriority = queuePriority
        }
    }

    /// What an operation started for a load with `context` is made with: `config` (the
    /// configuration as it is now), with the load's overrides, and the bytes task it produces.
    func operationSettings(for context: ImageContext, config: ImageDownloaderConfig,
                           sink: SharedTask<DownloadedBody, BodyProgress>) -> DownloaderOperation.Settings {
        DownloaderOperation.Settings(config: config, context: context, sink: sink, router: router, coderQueue: coderQueue,
                                     cookieStorage: cookieStorage, sessionGate: sessionGate,
                                     cancellations: cancellations, partials: partials,
                                     operationEnded: { [weak self] operation, freedSlot in
                                         self?.operationDidEnd(operation, freedSlot: freedSlot)
                                     })
    }

    /// An operation sends nothing more: it leaves the books (new callers of its key get a new
    /// operation) and the waiting list; when it also signalled `isFinished` (`freedSlot`), its
    /// queue slot goes to the next waiting operation. One locked step for all of it.
    func operationDidEnd(_ operation: DownloaderOperation, freedSlot: Bool) {
        let ready = state.withLock { state -> [DownloaderOperation] in
            let id = ObjectIdentifier(operation)
            if let key = state.keyOfOperation.removeValue(forKey: id), state.operations[key] === operation {
                state.operations[key] = nil
            }
            // Everyone left before it got a slot: it never reaches the queue.
            state.pending.remove(operation)
            guard freedSlot, state.running.remove(id) != nil else { return [] }
            return Self.takeReady(&state)
        }
        for next in ready { downloadQueue.addOperation(next) }
    }
}

/// The decode stage's key: the bytes' key, and how the caller wants them decoded.
struct DecodeKey: Hashable, Sendable {
    /// The decode options that change pixels, and the partial-image interval of a caller
    /// that wants partial images (nil otherwise): callers with the same values share a
    /// decode; a thumbnail caller and a full-size caller share the bytes, not the image.
    struct Decode: Hashable, Sendable {
        let options: DecodeOptions
        let partialInterval: TimeInterval?
    }
    let bytes: DownloadMergeKey
    let decode: Decode
}
