import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A bare TCP client for what URLSession will not send: malformed heads, pipelining,
/// HTTP/1.0, oversized headers. Blocking calls with a receive timeout, so a server that
/// never answers fails the test instead of hanging it.
final class RawConnection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32

    init(port: Int, receiveTimeout seconds: Int = 10) throws {
        #if canImport(Darwin)
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect: errno \(errno)")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends all of `bytes`; false if the server has gone (EPIPE/ECONNRESET).
    @discardableResult
    func send(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Darwin)
                let sent = Darwin.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, 0)
                #else
                let sent = Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #endif
                if sent < 0 { return false }
                offset += sent
            }
            return true
        }
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Data(text.utf8)) }

    /// Reads until the server closes. Throws if the receive timeout passes first, so it
    /// also proves the server closed the connection.
    func readToEnd() throws -> Data {
        var result = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let received = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if received == 0 { return result }
            if received < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { return result }
                throw Failure(description: "recv: errno \(errno) after \(result.count) bytes")
            }
            result.append(contentsOf: chunk[..<received])
        }
    }

    /// Reads until `marker` has appeared `count` times (e.g. two response heads), without
    /// waiting for the close. Rescans everything read on each chunk: for small responses.
    func read(until marker: String, count: Int) throws -> String {
        var result = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while String(decoding: result, as: UTF8.self).components(separatedBy: marker).count - 1 < count {
            let received = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard received > 0 else { throw Failure(description: "connection ended after \(result.count) bytes") }
            result.append(contentsOf: chunk[..<received])
        }
        return String(decoding: result, as: UTF8.self)
    }
}
