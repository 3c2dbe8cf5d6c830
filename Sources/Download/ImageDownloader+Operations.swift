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
    /// headers and may number an unmergeable request); nil once the downloader is invalidated.
    func mergeKey(for url: URL, caller: DownloadCaller) -> DownloadMergeKey? {
        state.withLock { state in
            guard !state.isInvalidated else { return nil }
            return DownloadMergeKey(url: url, options: caller.options, context: caller.context,
                                    headers: state.headers, headersGeneration: state.headersGeneration,
                                    nextSerial: &state.nextUnmergeableSerial)
        }
    }

    /// Starts the decode task for `caller`'s options: it subscribes to the bytes under `key`
    /// (starting the download when none runs) and decodes them on the coder queue.
    func startDecode(_ task: SharedTask<Decoded<DownloadedBody>, DecodeProgress>, key: DownloadMergeKey,
                     decode: DecodeKey.Decode, caller: DownloadCaller) {
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
        run.start { deliver in
            bytes.subscribe(key, priority: task.priority, start: { [self] bytesTask in
                startDownload(bytesTask, key: key, caller: caller)
            }, deliver)
        }
    }

    /// Builds the request (outside every lock: the request modifier is the caller's code),
    /// makes the operation that produces `task`'s bytes, and queues it by priority.
    func startDownload(_ task: SharedTask<DownloadedBody, BodyProgress>, key: DownloadMergeKey, caller: DownloadCaller) {
        let url = key.url
        let settings = operationSettings(for: caller.context)
        var request = makeRequest(for: url, options: caller.options, headers: key.headers,
                                  idleTimeout: settings.downloadTimeout)
        if let modifier = caller.context.requestModifier {
            guard let modified = modifier(request) else {
                caller.refuse()
                return task.finish(.failure(ImageError(.cancelled, url: url)))
            }
            guard modified.url != nil else {
                caller.refuse()
                return task.finish(.failure(ImageError(.invalidURL, url: url)))
            }
            request = modified
        }
        let operation = config.operationClass.init(request: request, session: session, options: caller.options,
                                                   context: caller.context, settings: settings)
        operation.attach(task)
        let filed = state.withLock { state -> Bool in
            if state.isInvalidated { return false }
            if let replaced = state.operations[key] {
                state.keyOfOperation[ObjectIdentifier(replaced)] = nil
            }
            state.operations[key] = operation
            state.keyOfOperation[ObjectIdentifier(operation)] = key
            state.pending.append(operation, priority: operation.queuePriority)
            return true
        }
        guard filed else {
            caller.refuse()
            return task.finish(.failure(ImageError(.cancelled, url: url)))
        }
        // The last subscriber leaving stops the download; the priority its subscribers still
        // want orders it among the waiting ones.
        task.onCancel { [weak self] in
            self?.operationDidClose(operation)
            operation.cancel()
        }
        task.onPriorityChange { [weak self] priority in self?.setPriority(priority, of: operation) }
        startWaitingOperations()
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

    /// What an operation started for a load with `context` is made with: the configuration
    /// as it is now, with the load's overrides.
    func operationSettings(for context: ImageContext) -> DownloaderOperation.Settings {
        DownloaderOperation.Settings(config: config, context: context, router: router, coderQueue: coderQueue,
                                     cookieStorage: cookieStorage, sessionGate: sessionGate,
                                     deliveries: deliveries, cancellations: cancellations, partials: partials,
                                     operationClosed: { [weak self] operation in self?.operationDidClose(operation) },
                                     operationFinished: { [weak self] operation in
                                         self?.operationDidFinish(operation)
                                     })
    }

    /// An operation stopped accepting callers: new callers of its key get a new operation.
    func operationDidClose(_ operation: DownloaderOperation) {
        state.withLock { state in
            let id = ObjectIdentifier(operation)
            if let key = state.keyOfOperation.removeValue(forKey: id), state.operations[key] === operation {
                state.operations[key] = nil
            }
            // Everyone left before it got a slot: it never reaches the queue.
            state.pending.remove(operation)
        }
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
