import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The POSIX calls the disk tier makes, wrapped so that every failure is a nil or false and
/// never a trap.
///
/// Foundation is avoided on purpose on these paths: on Linux `Data.write(options: .atomic)`
/// calls fsync (~300 µs per file), `URL.resourceValues` costs 25–45 µs per call and reports
/// allocated sizes several times too high on ext4, so `open`/`read`/`write`/`rename` and
/// `stat` are used directly.
enum CacheFiles {
    /// What `stat` says about one file.
    struct Info {
        /// Logical size in bytes (`st_size`).
        var size: Int
        /// Modification time in seconds since 1970 (`st_mtime`), which the disk tier uses as
        /// its recency record.
        var modified: Double
    }

    /// One file found by ``scan(_:)``.
    struct Entry {
        var name: String
        var info: Info
    }

    /// `stat` of a regular file at `path`; nil when it is missing or not a regular file.
    static func info(atPath path: String) -> Info? {
        var status = stat()
        guard stat(path, &status) == 0, isRegularFile(status) else { return nil }
        return info(of: status)
    }

    /// The whole content of the regular file at `path`, or nil when it is missing, not a
    /// regular file or unreadable. When `touchAt` is given and the file's modification time
    /// is at least one second older, the time is moved to `touchAt`: this is how a read
    /// records recency (see ``DiskCache``). Skipping the update within a second spares the
    /// filesystem an inode write per hit on hot entries.
    static func read(atPath path: String, touchAt: Date?) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, isRegularFile(status) else { return nil }
        let size = Int(status.st_size)
        guard size > 0 else { return Data() }
        guard let buffer = malloc(size) else { return nil }
        var filled = 0
        while filled < size {
            let count = posixRead(descriptor, buffer + filled, size - filled)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        // Entries are replaced by rename, never rewritten in place, so a short read means the
        // file is not ours to trust: a miss.
        guard filled == size else {
            free(buffer)
            return nil
        }
        if let touchAt, touchAt.timeIntervalSince1970 - info(of: status).modified >= 1 {
            var times = [timespec(touchAt), timespec(touchAt)]   // atime too: it is not used
            _ = futimens(descriptor, &times)
        }
        return Data(bytesNoCopy: buffer, count: size, deallocator: .free)
    }

    /// Writes `data` to a fresh temporary file in `directory`, stamps it `modified`, then
    /// renames it over `path`. The rename is atomic, so a reader (or a process that survives a
    /// crash of the writer) sees the old file or the new one, never a partial one. There is no
    /// fsync: a power loss may lose or empty a recent entry, which a cache can afford.
    /// Returns false (and leaves no temporary file behind) when any step fails.
    static func writeAtomically(_ data: Data, toPath path: String, directory: String, modified: Date) -> Bool {
        let temporary = directory + "/" + temporaryPrefix + randomSuffix()
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        var written = data.isEmpty
        if !data.isEmpty {
            written = data.withUnsafeBytes { bytes in writeAll(descriptor, bytes) }
        }
        if written {
            var times = [timespec(modified), timespec(modified)]
            _ = futimens(descriptor, &times)
        }
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Removes the file at `path`; true when it existed.
    @discardableResult
    static func remove(atPath path: String) -> Bool {
        unlink(path) == 0
    }

    /// Creates `path` and its missing parents (mode 0755); true when it exists afterwards.
    @discardableResult
    static func makeDirectory(atPath path: String) -> Bool {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return true }
        guard errno == ENOENT else { return false }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path, makeDirectory(atPath: parent) else { return false }
        return mkdir(path, 0o755) == 0 || errno == EEXIST
    }

    /// Every regular file directly in `directory` with its `stat` (one `fstatat` per name,
    /// no Foundation). Files that vanish between listing and `stat` are skipped; a missing
    /// directory yields no files.
    static func scan(_ directory: String) -> [Entry] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        let directoryDescriptor = dirfd(handle)
        var entries: [Entry] = []
        while let item = readdir(handle) {
            let name = withUnsafePointer(to: &item.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            var status = stat()
            guard fstatat(directoryDescriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0,
                  isRegularFile(status) else { continue }
            entries.append(Entry(name: name, info: info(of: status)))
        }
        return entries
    }

    /// Names of temporary files start with this (a dot, so they sort apart and are never
    /// mistaken for an entry, whose name is 64 hex digits).
    static let temporaryPrefix = ".tmp-"

    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let count = posixWrite(descriptor, base + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    private static func randomSuffix() -> String {
        let digits = Array("0123456789abcdef".utf8)
        var value = UInt64.random(in: .min ... .max)
        var text = [UInt8](repeating: 0, count: 16)
        for position in 0..<16 {
            text[position] = digits[Int(value & 0xF)]
            value >>= 4
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func isRegularFile(_ status: stat) -> Bool {
        (status.st_mode & S_IFMT) == S_IFREG
    }

    private static func info(of status: stat) -> Info {
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        return Info(size: Int(status.st_size), modified: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }
}

extension timespec {
    /// The POSIX time of `date`.
    fileprivate init(_ date: Date) {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        self.init(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
    }
}

// Module-qualified POSIX calls: inside ``CacheFiles`` the bare names `read` and `write` would
// resolve to its own members.
@inline(__always)
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.read(descriptor, buffer, count)
    #elseif canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Musl.read(descriptor, buffer, count)
    #endif
}

@inline(__always)
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.write(descriptor, buffer, count)
    #elseif canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #else
    Musl.write(descriptor, buffer, count)
    #endif
}
