import Foundation

/// Looks at this process from the outside, through /proc (Linux only), to prove that a
/// stopped server left no socket and no thread behind.
///
/// Why not simply count /proc/self/fd before and after: Swift Testing runs tests in
/// parallel in one process, so other tests open and close descriptors meanwhile and a
/// plain count would be flaky. Instead we find *this server's* sockets (bound to its port)
/// among our descriptors and remember their inodes, which are unique while a socket is
/// open; after `stop()` none of them may still be open. The server opens nothing but TCP
/// sockets, so that covers all of its descriptors. Threads are found by name prefix.
///
/// (/proc/net/tcp would be the obvious table, but on this VM it lists only listening
/// sockets, not established loopback connections.)
enum ProcessInspection {
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: "/proc/self/fd") }

    /// Inodes of the sockets whose *local* port is `port`: the server's listener and the
    /// server side of its accepted connections (client sockets have it as the remote port).
    static func socketInodes(localPort port: Int) -> Set<UInt64> {
        var inodes: Set<UInt64> = []
        for (descriptor, inode) in socketDescriptors() where localPort(of: descriptor) == port {
            inodes.insert(inode)
        }
        return inodes
    }

    private static func localPort(of descriptor: Int32) -> Int? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0, address.sin_family == sa_family_t(AF_INET) else { return nil }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Inodes of every socket this process holds a descriptor for.
    static func ownSocketInodes() -> Set<UInt64> {
        Set(socketDescriptors().map(\.inode))
    }

    private static func socketDescriptors() -> [(descriptor: Int32, inode: UInt64)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { name in
            guard let descriptor = Int32(name),
                  let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                  target.hasPrefix("socket:["), target.hasSuffix("]"),
                  let inode = UInt64(target.dropFirst("socket:[".count).dropLast()) else { return nil }
            return (descriptor, inode)
        }
    }

    /// Names (comm) of this process's live threads.
    static func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// Whether every thread named with `prefix` has left `/proc/self/task` within `timeout`.
    ///
    /// `pthread_join` returns once the kernel has cleared the thread's id (early in its exit),
    /// but the thread's `/proc` entry goes only when the kernel reaps it, a moment later: a
    /// check made right after a join can still list the thread. The server guarantees the
    /// join; this waits for the kernel's reaping, polling, with a generous deadline.
    static func threadsGone(prefix: String, timeout: TimeInterval = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if !threadNames().contains(where: { $0.hasPrefix(prefix) }) { return true }
            if Date() > deadline { return false }
            usleep(2_000)
        }
    }
}
