import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A POSIX thread that can be joined.
///
/// Foundation's `Thread` cannot be joined: a `stop()` that only waited for a "finished" flag
/// could return while its threads were still unwinding, and a test counting threads would
/// see them. Joining makes "no thread outlives `stop()`" literally true.
struct JoinableThread: @unchecked Sendable {
    // Safety: `handle` is immutable and pthread calls on it are thread-safe; the server joins
    // each handle exactly once, because it takes the handle out of its locked state first.
    private let handle: pthread_t

    private init(handle: pthread_t) {
        self.handle = handle
    }

    /// Starts `body` on a new thread named `name` (at most 15 bytes on Linux), or returns nil
    /// when the system refuses to create a thread. Returns once the thread carries its name,
    /// so a test looking for the server's threads right after `init` finds them.
    static func start(name: String, _ body: @escaping @Sendable () -> Void) -> JoinableThread? {
        let named = DispatchSemaphore(value: 0)
        let context = Unmanaged.passRetained(ThreadContext(name: name, named: named, body: body)).toOpaque()
        #if canImport(Darwin)
        var created: pthread_t?
        let result = pthread_create(&created, nil, { runThread($0) }, context)
        guard result == 0, let handle = created else {
            Unmanaged<ThreadContext>.fromOpaque(context).release()
            return nil
        }
        #else
        var handle = pthread_t()
        let result = pthread_create(&handle, nil, { runThread($0) }, context)
        guard result == 0 else {
            Unmanaged<ThreadContext>.fromOpaque(context).release()
            return nil
        }
        #endif
        named.wait()
        return JoinableThread(handle: handle)
    }

    /// Waits until the thread has exited. Called from the thread itself (e.g. a route handler
    /// that stops the server), it detaches instead, since a thread cannot join itself.
    func join() {
        if pthread_equal(pthread_self(), handle) != 0 {
            pthread_detach(handle)
        } else {
            pthread_join(handle, nil)
        }
    }
}

/// What a new thread runs; handed over through `pthread_create`'s context pointer.
private final class ThreadContext {
    let name: String
    let named: DispatchSemaphore
    let body: @Sendable () -> Void

    init(name: String, named: DispatchSemaphore, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.named = named
        self.body = body
    }
}

private func runThread(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let raw else { return nil }
    let context = Unmanaged<ThreadContext>.fromOpaque(raw).takeRetainedValue()
    // The name lets a test find this server's threads in /proc/self/task/*/comm. Through
    // Foundation because the Glibc module does not export pthread_setname_np (a GNU extension).
    Thread.current.name = context.name
    context.named.signal()
    context.body()
    return nil
}
