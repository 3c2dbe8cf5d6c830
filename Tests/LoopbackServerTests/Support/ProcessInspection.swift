import Foundation

/// Looks at this process from the outside, through /proc (Linux only), to prove that a
/// stopped server left no socket and no thread behind.
///
/// Why not simply count /proc/self/fd before and after: Swift Testing runs tests in
/// parallel in one process, so other tests open and close descriptors meanwhile and a
/// plain count would be flaky. Instead we find *this server's* sockets by their port in
/// /proc/net/tcp (socket inodes are unique while open) and check that none of them is still
/// among our descriptors; the server opens nothing but TCP sockets, so that covers all of
/// its descriptors. Threads are found by the server's thread-name prefix.
enum ProcessInspection {
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: "/proc/self/net/tcp") }

    /// Inodes of the IPv4 sockets whose *local* port is `port`: the server's listener and the
    /// server side of its accepted connections (client sockets have it as remote port).
    /// TIME_WAIT leftovers have inode 0 and belong to no process: skipped.
    static func socketInodes(localPort port: Int) -> Set<UInt64> {
        guard let table = try? String(contentsOfFile: "/proc/self/net/tcp", encoding: .utf8) else { return [] }
        var inodes: Set<UInt64> = []
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 9 else { continue }
            let local = fields[1].split(separator: ":")
            guard local.count == 2, let localPort = Int(local[1], radix: 16), localPort == port,
                  let inode = UInt64(fields[9]), inode != 0 else { continue }
            inodes.insert(inode)
        }
        return inodes
    }

    /// Inodes of every socket this process holds a descriptor for.
    static func ownSocketInodes() -> Set<UInt64> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        var inodes: Set<UInt64> = []
        for name in names {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                  target.hasPrefix("socket:["), target.hasSuffix("]"),
                  let inode = UInt64(target.dropFirst("socket:[".count).dropLast()) else { continue }
            inodes.insert(inode)
        }
        return inodes
    }

    /// Names (comm) of this process's live threads.
    static func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
