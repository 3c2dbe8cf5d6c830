import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// The session's delegate callbacks, on its serial delegate queue. Each is routed to the
/// operation that owns the task (per-task delegates do not fire on Linux); a task no
/// operation owns any more gets the default answer. Not for callers.
extension ImageDownloader: URLSessionDataDelegate {
    /// Routes the response head; cancels the task itself when the operation refuses it (the
    /// `.cancel` disposition is ignored on Linux).
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                           completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let operation = router.operation(for: dataTask) else {
            completionHandler(.allow)
            return
        }
        let disposition = operation.taskDidReceive(response)
        if disposition == .cancel { dataTask.cancel() }
        completionHandler(disposition)
    }

    /// Routes a piece of the body.
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        router.operation(for: dataTask)?.taskDidReceive(data)
    }

    /// Routes the end of a task and forgets it.
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let operation = router.operation(for: task) else { return }
        router.unregister(task)
        operation.taskDidComplete(with: error)
    }

    /// Routes a redirect. FoundationNetworking fatal-errors when the answer to a redirect
    /// arrives after the task was cancelled, so an operation answers only while it still owns
    /// the task (see ``DownloaderOperation/answerRedirect(of:response:to:completionHandler:)``),
    /// and a task no operation owns — one given up and being cancelled — is never answered.
    public func urlSession(_ session: URLSession, task: URLSessionTask,
                           willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
                           completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        guard let operation = router.operation(for: task) else { return }
        operation.answerRedirect(of: task, response: response, to: request, completionHandler: completionHandler)
    }

    /// Routes an authentication challenge; unowned tasks get the default handling.
    public func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                           completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition,
                                                                   URLCredential?) -> Void) {
        guard let operation = router.operation(for: task) else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        let (disposition, credential) = operation.taskDidReceive(challenge)
        completionHandler(disposition, credential)
    }

    /// Downloaded images are never put into `URLCache` unless a request asked for it.
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask,
                           willCacheResponse proposedResponse: CachedURLResponse,
                           completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void) {
        let useCache = router.operation(for: dataTask)?.options.contains(.useURLCache) ?? false
        completionHandler(useCache ? proposedResponse : nil)
    }
}
