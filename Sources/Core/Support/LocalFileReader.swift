import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a local image file with its size checked before a byte is read: `file://` loads,
/// `osprey decode` and the other commands that take files all go through it, so a 2 GB file
/// (or a device that never ends) costs a `stat`, not 2 GB of memory.
///
/// Rules: only regular files are read (a folder, FIFO, socket or device is refused; the open
/// is non-blocking so a FIFO without a writer cannot hang the caller); the size from `fstat`
/// must be at most `maxBytes`, and the read stops at `maxBytes + 1` bytes in case the file
/// grows while it is read (such a file is refused). The buffer is allocated once, at the size `fstat` reported.
package enum LocalFileReader {
    /// Why a file was not read.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// Missing, unreadable, or not a regular file; the text says which.
        case unreadable(String)
        /// Larger than the limit (the size `fstat` reported, or more bytes than that arrived).
        case tooLarge(size: Int, limit: Int)

        package var description: String {
            switch self {
            case .unreadable(let reason): reason
            case .tooLarge(let size, let limit): "too large: \(size) bytes, the limit is \(limit)"
            }
        }
    }

    /// The whole content of the regular file at `path`, at most `maxBytes` long.
    package static func read(path: String, maxBytes: Int) throws(Failure) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw .unreadable(describe(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(describe(errno)) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable((status.st_mode & S_IFMT) == S_IFDIR ? "is a folder, not a file" : "not a regular file")
        }
        // Regular files never block; reads go back to the ordinary blocking mode.
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        let size = Int(status.st_size)
        guard size <= maxBytes else { throw .tooLarge(size: size, limit: maxBytes) }
        // One byte of room past the reported size tells a file that grew meanwhile.
        let capacity = size + 1
        guard let buffer = malloc(capacity) else { throw .unreadable("out of memory") }
        var filled = 0
        while filled < capacity {
            let count = systemRead(descriptor, buffer + filled, capacity - filled)
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                let reason = describe(errno)
                free(buffer)
                throw .unreadable(reason)
            }
            guard count > 0 else { break }
            filled += count
        }
        guard filled <= size else {
            free(buffer)
            throw filled > maxBytes ? .tooLarge(size: filled, limit: maxBytes) : .unreadable("the file grew while it was read")
        }
        if filled == 0 {
            free(buffer)
            return Data()
        }
        return Data(bytesNoCopy: buffer, count: filled, deallocator: .free)
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }
}
