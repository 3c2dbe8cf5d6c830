import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// Joining a running download or queueing a new one.
extension ImageDownloader {
    enum JoinResult {
        case invalidated
        case joined(DownloadToken)
        case mustCreate(DownloadMergeKey)
    }

    /// Under the downloader's lock, adds `handler` to the open operation with the same
    /// ``DownloadMergeKey``, if any; otherwise returns the key to create one under.
    /// Lock order: downloader, then operation; an operation never takes the downloader's lock
    /// while holding its own.
    func join(_ url: URL, _ handler: DownloaderOperation.Handler) -> JoinResult {
        let result = state.withLock { state -> JoinResult in
            if state.isInvalidated { return .invalidated }
            let key = DownloadMergeKey(url: url, options: handler.options, context: handler.context,
                                       headers: state.headers, nextSerial: &state.nextUnmergeableSerial)
            if let operation = state.operations[key], let id = operation.addHandler(handler) {
                return .joined(DownloadToken(url: url, operation: operation, handlerID: id))
            }
            return .mustCreate(key)
        }
        if case .joined(let token) = result {
            raisePriority(of: token.operation, for: handler.options)
        }
        return result
    }

    /// Builds the request (outside the lock: the request modifier is the caller's code), makes
    /// the operation, then files and queues it under `key` — unless another caller queued one
    /// under an equal key meanwhile, which is joined instead.
    func create(_ key: DownloadMergeKey, _ handler: DownloaderOperation.Handler) -> DownloadToken? {
        let url = key.url
        var request = makeRequest(for: url, options: handler.options, headers: key.headers)
        if let modifier = handler.context.requestModifier {
            guard let modified = modifier(request) else {
                handler.deliver(.failure(ImageError(.cancelled, url: url)))
                return nil
            }
            guard modified.url != nil else {
                handler.deliver(.failure(ImageError(.invalidURL, url: url)))
                return nil
            }
            request = modified
        }
        let operation = config.operationClass.init(request: request, session: session, options: handler.options,
                                                   context: handler.context, settings: operationSettings)
        enum Filed { case invalidated, joined(DownloadToken), filed(DownloadToken) }
        let priority = operation.queuePriority
        let filed = state.withLock { state -> Filed in
            if state.isInvalidated { return .invalidated }
            if let existing = state.operations[key], let id = existing.addHandler(handler) {
                return .joined(DownloadToken(url: url, operation: existing, handlerID: id))
            }
            // A fresh operation is open, so it always accepts its first caller.
            guard let id = operation.addHandler(handler) else { return .invalidated }
            if let replaced = state.operations[key] {
                state.keyOfOperation[ObjectIdentifier(replaced)] = nil
            }
            state.operations[key] = operation
            state.keyOfOperation[ObjectIdentifier(operation)] = key
            state.pending.append(operation, priority: priority)
            return .filed(DownloadToken(url: url, operation: operation, handlerID: id))
        }
        switch filed {
        case .invalidated:
            handler.deliver(.failure(ImageError(.cancelled, url: url)))
            return nil
        case .joined(let token):
            raisePriority(of: token.operation, for: handler.options)
            return token
        case .filed(let token):
            startWaitingOperations()
            return token
        }
    }

    /// A caller with a higher priority raises the priority of an operation still waiting for a
    /// slot. One already handed to the queue starts at once anyway, so it is left alone (its
    /// `queuePriority` is never written once the queue may read it).
    func raisePriority(of operation: DownloaderOperation, for options: DownloaderOptions) {
        guard options.contains(.highPriority) || !options.contains(.lowPriority) else { return }
        let wanted: Operation.QueuePriority = options.contains(.highPriority) ? .high : .normal
        state.withLock { state in
            guard operation.queuePriority.rawValue < wanted.rawValue,
                  state.pending.setPriority(wanted, of: operation) else { return }
            operation.queuePriority = wanted
        }
    }

    /// One caller of `operation` asks for `priority`: while the operation waits for a slot it
    /// moves to the highest priority its callers still want (lowered as well as raised), so a
    /// lowered download is overtaken by normal ones queued after it.
    func setPriority(_ priority: LoadPriority, of operation: DownloaderOperation, handlerID: Int) {
        state.withLock { state in
            guard state.pending.contains(operation),
                  let wanted = operation.priorityWanted(handlerID: handlerID, priority: priority) else { return }
            let queuePriority: Operation.QueuePriority = switch wanted {
            case .low: .low
            case .normal: .normal
            case .high: .high
            }
            guard state.pending.setPriority(queuePriority, of: operation) else { return }
            operation.queuePriority = queuePriority
        }
    }

    /// What every operation of this downloader is made with.
    var operationSettings: DownloaderOperation.Settings {
        DownloaderOperation.Settings(config: config, router: router, coderQueue: coderQueue,
                                     cookieStorage: cookieStorage, sessionGate: sessionGate,
                                     deliveries: deliveries, cancellations: cancellations,
                                     operationClosed: { [weak self] operation in self?.operationDidClose(operation) },
                                     operationFinished: { [weak self] operation in
                                         self?.operationDidFinish(operation)
                                     },
                                     priorityChanged: { [weak self] operation, handlerID, priority in
                                         self?.setPriority(priority, of: operation, handlerID: handlerID)
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
