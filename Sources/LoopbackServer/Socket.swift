#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Why the server could not start: the failing system call and its `errno`.
public struct LoopbackServerError: Error, Sendable, CustomStringConvertible {
    /// The system call that failed, e.g. "bind".
    public let call: String
    /// The `errno` it left.
    public let code: Int32

    /// A readable one-liner, e.g. "LoopbackServer: bind failed: Address already in use (98)".
    public var description: String {
        "LoopbackServer: \(call) failed: \(String(cString: strerror(code))) (\(code))"
    }
}

/// Thin wrappers over the BSD socket calls that differ between Glibc and Darwin.
///
/// Every descriptor is close-on-exec (a test that spawns a child must not leak our sockets
/// into it), and no send can raise SIGPIPE: MSG_NOSIGNAL on Linux, SO_NOSIGPIPE on Darwin.
enum Socket {
    /// A non-blocking listening socket on 127.0.0.1 with a port the kernel picked.
    static func listenOnLoopback() throws -> (descriptor: Int32, port: Int) {
        #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw LoopbackServerError(call: "socket", code: errno) }
        do {
            setCloseOnExecAndNoSigPipe(descriptor)
            var reuse: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = 0
            address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
            }
            guard bound == 0 else { throw LoopbackServerError(call: "bind", code: errno) }
            guard listen(descriptor, 256) == 0 else { throw LoopbackServerError(call: "listen", code: errno) }
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            guard named == 0 else { throw LoopbackServerError(call: "getsockname", code: errno) }
            // Non-blocking, so a connection that vanishes between poll and accept cannot
            // block the accept loop.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Accepts one pending connection as a blocking socket with TCP_NODELAY (so dripped
    /// chunks leave at once instead of being coalesced), or returns nil.
    static func accept(from listener: Int32) -> Int32? {
        // accept4 (atomic close-on-exec) is a GNU extension the Glibc module does not export.
        #if canImport(Darwin)
        let descriptor = Darwin.accept(listener, nil, nil)
        #else
        let descriptor = Glibc.accept(listener, nil, nil)
        #endif
        guard descriptor >= 0 else { return nil }
        setCloseOnExecAndNoSigPipe(descriptor)
        // Darwin hands the listener's O_NONBLOCK down to accepted sockets; we want blocking.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        return descriptor
    }

    /// Sends every byte, retrying after signals and partial writes. False when the peer is
    /// gone (EPIPE, ECONNRESET) or the socket was shut down by `stop()`.
    static func sendAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var next = bytes.baseAddress else { return true }
        var remaining = bytes.count
        while remaining > 0 {
            #if canImport(Darwin)
            let sent = Darwin.send(descriptor, next, remaining, 0)
            #else
            let sent = Glibc.send(descriptor, next, remaining, Int32(MSG_NOSIGNAL))
            #endif
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            next += sent
            remaining -= sent
        }
        return true
    }

    /// Reads up to `buffer.count` bytes; 0 means the peer closed, -1 an error (both final).
    static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            #if canImport(Darwin)
            let received = Darwin.recv(descriptor, buffer.baseAddress, buffer.count, 0)
            #else
            let received = Glibc.recv(descriptor, buffer.baseAddress, buffer.count, 0)
            #endif
            if received < 0, errno == EINTR { continue }
            return received
        }
    }

    /// What a connection looks like after waiting on it.
    enum Readiness {
        /// Nothing happened within the timeout.
        case quiet
        /// The peer closed or reset, or `stop()` shut the socket down.
        case closed
        /// The peer sent more bytes (a pipelined request) that are waiting to be read.
        case dataPending
    }

    /// Waits up to `milliseconds` for the peer to send or close, without consuming data.
    static func waitForPeer(_ descriptor: Int32, milliseconds: Int32) -> Readiness {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, milliseconds)
        if ready < 0 { return errno == EINTR ? .quiet : .closed }
        if ready == 0 { return .quiet }
        if entry.revents & Int16(POLLNVAL | POLLERR) != 0 { return .closed }
        var probe: UInt8 = 0
        #if canImport(Darwin)
        let peeked = Darwin.recv(descriptor, &probe, 1, MSG_PEEK | MSG_DONTWAIT)
        #else
        let peeked = Glibc.recv(descriptor, &probe, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        #endif
        if peeked > 0 { return .dataPending }
        if peeked < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return .quiet }
        return .closed
    }

    /// Waits up to `milliseconds` for a connection to accept; false on timeout.
    static func waitForConnection(_ listener: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    /// Sleeps `milliseconds` without a descriptor (used while a peer has pipelined data, which
    /// would otherwise make every poll return at once).
    static func sleep(milliseconds: Int32) {
        _ = poll(nil, 0, milliseconds)
    }

    /// Wakes every thread blocked on `descriptor` (recv, send, poll) without freeing the
    /// number, so no other thread can be handed the same number while ours still use it.
    static func shutDown(_ descriptor: Int32) {
        #if canImport(Darwin)
        _ = Darwin.shutdown(descriptor, SHUT_RDWR)
        #else
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        #endif
    }

    /// Sends FIN after what was written, keeping the socket readable.
    static func shutDownWrites(_ descriptor: Int32) {
        #if canImport(Darwin)
        _ = Darwin.shutdown(descriptor, SHUT_WR)
        #else
        _ = Glibc.shutdown(descriptor, Int32(SHUT_WR))
        #endif
    }

    /// Frees the descriptor.
    static func close(_ descriptor: Int32) {
        #if canImport(Darwin)
        _ = Darwin.close(descriptor)
        #else
        _ = Glibc.close(descriptor)
        #endif
    }

    private static func setCloseOnExecAndNoSigPipe(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }
}
