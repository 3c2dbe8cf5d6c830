import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// What `start()` sets going: the data task or a local file read.
extension DownloaderOperation {
    /// Makes, registers and resumes the data task of one attempt, unless every caller left
    /// meanwhile. When bytes of an earlier attempt (or an earlier load) of this URL were
    /// kept, it asks only for the rest (unless `resumeRefused`: a server refused a range
    /// earlier in this download).
    func startDataTask(resumeRefused: Bool) {
        var cachedData: Data?
        if options.contains(.useURLCache), options.contains(.ignoreCachedResponse) {
            cachedData = session.configuration.urlCache?.cachedResponse(for: request)?.data
        }
        let (attemptRequest, kept) = resumingRequest(refused: resumeRefused)
        // Made, registered and resumed inside the gate, so `invalidate()` either waits for
        // this task (and the session cancels it) or happens first (and no task is made).
        let started = settings.sessionGate.whileOpen { () -> Bool? in
            let task = makeDataTask(for: attemptRequest, in: session)
            if options.contains(.highPriority) {
                task.priority = URLSessionTask.highPriority
            } else if options.contains(.lowPriority) {
                task.priority = URLSessionTask.lowPriority
            }
            settings.router.register(task, for: self, idleDeadline: idleDeadline())
            // One locked step records the task, resets the attempt and reads whether it is a retry.
            let isRetry = state.withLock { state -> Bool? in
                guard !state.isClosed else { return nil }
                state.task = task
                state.cachedData = cachedData
                beginAttempt(&state, keeping: kept)
                return state.retriedCount > 0
            }
            guard let isRetry else {
                // Everyone left while the task was being made; never resume it.
                settings.router.unregister(task)
                return nil
            }
            task.resume()
            return isRetry
        }
        if let isRetry = started ?? nil {
            attemptDidStart(resumingFrom: kept?.data.count ?? 0, isRetry: isRetry)
        } else if let kept {
            // Not used after all: kept for a later load.
            settings.partials.store(kept, for: partialKey)
        }
        if case .none = started {
            // The downloader was invalidated while this operation was starting.
            fail(ImageError(.cancelled, url: url))
        }
    }

    /// `file://` URLs fail in FoundationNetworking (-1002), so local files are read directly,
    /// off the session's delegate queue: regular files only, their size checked against
    /// ``ImageDownloaderConfig/maxResponseSize`` before a byte is read (``LocalFileReader``).
    func readLocalFile() {
        let fileURL = url
        let began = state.withLock { state -> Bool in
            guard !state.isClosed else { return false }
            beginAttempt(&state, keeping: nil)
            return true
        }
        guard began else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let data: Data
            do throws(LocalFileReader.Failure) {
                data = try LocalFileReader.read(path: fileURL.path, maxBytes: settings.maxResponseSize ?? Int.max)
            } catch {
                switch error {
                case .tooLarge:
                    fail(ImageError(.responseTooLarge, url: fileURL, underlying: error))
                case .unreadable:
                    fail(ImageError(.invalidURL, url: fileURL, underlying: error))
                }
                return
            }
            let response = URLResponse(url: fileURL, mimeType: nil, expectedContentLength: data.count,
                                       textEncodingName: nil)
            let recorded = state.withLock { state -> Bool in
                guard !state.isClosed else { return false }
                state.response = response
                state.data = data
                state.expectedBytes = Int64(data.count)
                return true
            }
            guard recorded else { return }
            reportProgress(received: Int64(data.count), expected: Int64(data.count))
            completeTransfer()
        }
    }
}
