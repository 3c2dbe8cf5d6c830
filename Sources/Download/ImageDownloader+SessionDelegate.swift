import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// The session's delegate callbacks, on its serial delegate queue. Each is routed to the
/// operation that owns the task (per-task delegates do not fire on Linux); a task no
/// operation owns any more gets the default answer. Not for callers.
///
/// Nothing here may block: FoundationNetworking has **no flow control** toward its delegate.
/// libcurl reads as fast as the socket allows and queues one operation per ~16 KiB body piece
/// on this queue; while a callback waits (e.g. in `task.cancel()`, which waits for the
/// session's busy work queue for 0.4–2.2 s under a loopback flood), the pieces pile up in
/// memory. Cancels therefore run on a queue of their own. Measured limit of this design: with
/// the CPU heavily overloaded (load 13 on 2 cores), the delegate queue can fall behind a
/// loopback flood by gigabytes before the size cap is reached; making the producer wait
/// (flow control in `addOperation`) deadlocks against FoundationNetworking's own
/// `workQueue.sync` calls, so it is not done.
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
        // `.cancel` is ignored on Linux. The operation normally failed already, which gave the
        // task up and cancels it off this queue; one that refused without failing (a subclass)
        // is failed here, never with a blocking `cancel()` on the delegate queue.
        if disposition == .cancel, operation.dataTask === dataTask {
            operation.fail(ImageError(.invalidDownloadResponse, url: operation.url,
                                      statusCode: (response as? HTTPURLResponse)?.statusCode))
        }
        completionHandler(disposition)
    }

    /// Routes a piece of the body.
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        router.operation(for: dataTask)?.taskDidReceive(data)
    }

    /// Routes the end of a task and forgets it.
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let operation = router.remove(task) else { return }
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
