import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// Redirects without racing a cancel.
///
/// FoundationNetworking (`_HTTPURLProtocol`) parks a redirected task in a "waiting for the
/// redirect answer" state, hands the delegate the question on the delegate queue, and
/// `fatalError`s ("Received callback for HTTP redirection, but we're not waiting for it") if
/// the answer reaches its work queue after `task.cancel()` moved the task out of that state.
/// Both the answer and the cancel are serialized on the task's work queue in the order they
/// are issued, so the rule is: **answer only while this operation still owns the task, under
/// its lock**. Every path that gives a task up (``fail(_:)``, a restart) takes it out of the
/// state under the same lock *before* it calls `cancel()`. Hence either the answer is issued
/// first (and reaches the work queue before the cancel), or the task was given up first and
/// the question is never answered — harmless, as the cancel completes the task anyway.
extension DownloaderOperation {
    /// Answers the session's redirect question for `task` with ``taskWillRedirect(_:to:)``,
    /// unless the task was given up meanwhile.
    func answerRedirect(of task: URLSessionTask, response: HTTPURLResponse, to request: URLRequest,
                        completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // The subclass hook runs outside the lock: it is the caller's code.
        let answer = taskWillRedirect(response, to: request)
        state.withLock { state in
            guard let owned = state.task, owned === task else { return }
            // A redirect is a sign of life for the idle timeout.
            state.lastActivity = settings.clock.now()
            // Only enqueues the answer on the task's work queue; nothing calls back into us.
            completionHandler(answer)
        }
    }
}
