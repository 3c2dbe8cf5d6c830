import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Removing what someone put in the cache folder — a symlink, a FIFO, a whole folder tree —
/// without ever following a link out of it.
extension CacheFiles {
    /// Removes whatever is at `path` without following links: a file, symlink, FIFO or
    /// socket is unlinked; a folder is emptied (at most ``maximumRemovalDepth`` levels down,
    /// every step relative to an open descriptor of its parent and opened with `O_NOFOLLOW`,
    /// so a link swapped in midway is unlinked, never entered) and then removed.
    /// True when nothing is left at `path`.
    @discardableResult
    static func removeTree(atPath path: String) -> Bool {
        if unlink(path) == 0 || errno == ENOENT { return true }
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard folder >= 0 else { return false }
        emptyFolder(folder, depth: 1)
        return rmdir(path) == 0 || errno == ENOENT
    }

    /// How deep ``removeTree(atPath:)`` goes: deeper trees are left (the entry stays a miss),
    /// so a hostile tree cannot exhaust the stack.
    static let maximumRemovalDepth = 32

    /// Removes everything inside the open folder `descriptor`, then closes it.
    private static func emptyFolder(_ descriptor: Int32, depth: Int) {
        guard let handle = fdopendir(descriptor) else {
            close(descriptor)
            return
        }
        defer { closedir(handle) }   // closes `descriptor` too
        // Names as raw bytes: a name that is not UTF-8 must still be removable.
        var names: [[CChar]] = []
        while let item = readdir(handle) {
            let name = nameBytes(item)
            if name == [46, 0] || name == [46, 46, 0] { continue }   // "." and ".."
            names.append(name)
        }
        for name in names {
            if unlinkat(descriptor, name, 0) == 0 || depth >= maximumRemovalDepth { continue }
            let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard child >= 0 else { continue }
            emptyFolder(child, depth: depth + 1)
            _ = unlinkat(descriptor, name, AT_REMOVEDIR)
        }
    }
}
