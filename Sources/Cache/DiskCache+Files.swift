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

    /// One name found by ``scan(_:)``.
    struct Entry {
        var name: String
        var info: Info
        /// False for anything but a regular file (a symlink, folder, FIFO, socket or device
        /// that someone put there): never opened, never counted, only removed.
        var isRegular: Bool
    }

    /// What a read of an entry found.
    enum Lookup {
        /// The bytes of a regular file, with its `fstat`.
        case hit(Data, Info)
        /// Nothing there, or a regular file that could not be read (left alone).
        case miss
        /// Something that is not a regular file (see ``Entry/isRegular``): the caller removes it.
        case foreign
    }

    /// `lstat` of a regular file at `path`; nil when it is missing or not a regular file. A
    /// symlink is never followed: it is not an entry, whatever it points to.
    static func info(atPath path: String) -> Info? {
        var status = stat()
        guard lstat(path, &status) == 0, isRegularFile(status) else { return nil }
        return info(of: status)
    }

    /// Whether something other than a regular file sits at `path` (never followed).
    static func isForeign(atPath path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && !isRegularFile(status)
    }

    /// Flags for every open of an entry. `O_NOFOLLOW`: a symlink put in place of an entry
    /// fails with `ELOOP` instead of handing out (or re-stamping) its target. `O_NONBLOCK`: a
    /// FIFO opens at once instead of blocking the serial I/O queue until a writer comes (it is
    /// cleared again once `fstat` says regular file). `O_NOCTTY`: a terminal device cannot
    /// become the process's controlling terminal.
    static let openFlags: Int32 = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY

    /// The whole content of the regular file at `path`. A symlink, folder, FIFO or other
    /// non-regular file is ``Lookup/foreign``: it is never followed, read or stamped.
    /// `isExpired` sees the file's `fstat` before anything is read; when it says yes the
    /// answer is a ``Lookup/miss`` (the caller removes the entry). When `touchAt` is given and
    /// the file's modification time is at least one second older, the time is moved to
    /// `touchAt` through the descriptor (`futimens`, so only this very file is touched): this is
    /// how a read records recency (see ``DiskCache``). Skipping the update within a second
    /// spares the filesystem an inode write per hit on hot entries.
    static func read(atPath path: String, touchAt: Date?, isExpired: (Info) -> Bool = { _ in false }) -> Lookup {
        let descriptor = open(path, openFlags)
        guard descriptor >= 0 else {
            // ELOOP: a symlink; ENXIO: a socket or a device without a driver. Anything else
            // (ENOENT, EACCES…) is a plain miss unless lstat sees a non-regular file.
            return errno == ELOOP || errno == ENXIO || isForeign(atPath: path) ? .foreign : .miss
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .miss }
        guard isRegularFile(status) else { return .foreign }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        let found = info(of: status)
        if isExpired(found) { return .miss }
        let size = Int(status.st_size)
        guard size > 0 else { return .hit(Data(), found) }
        guard let buffer = malloc(size) else { return .miss }
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
            return .miss
        }
        if let touchAt, touchAt.timeIntervalSince1970 - found.modified >= 1 {
            var times = [timespec(touchAt), timespec(touchAt)]   // atime too: it is not used
            _ = futimens(descriptor, &times)
        }
        return .hit(Data(bytesNoCopy: buffer, count: size, deallocator: .free), found)
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
        // rename replaces a symlink, FIFO or file at `path` without following it, but not a
        // folder (EISDIR, or ENOTEMPTY/EEXIST on some systems): a folder squatting on the entry
        // is removed, without following anything in it, and the rename tried once more.
        guard written, closed,
              rename(temporary, path) == 0 || (isForeign(atPath: path) && removeTree(atPath: path)
                                               && rename(temporary, path) == 0) else {
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

    /// What ``makeDirectory(atPath:)`` found or did.
    enum FolderCreation: Equatable {
        /// The folder was made now.
        case created
        /// Something was already there (`EEXIST`).
        case existed
        /// It could not be made; `errno` says why.
        case failed(Int32)

        /// Whether a folder (or something in its place) is there now.
        var isThere: Bool {
            if case .failed = self { return false }
            return true
        }
    }

    /// Creates `path` and its missing parents (mode 0755).
    @discardableResult
    static func makeDirectory(atPath path: String) -> FolderCreation {
        if mkdir(path, 0o755) == 0 { return .created }
        if errno == EEXIST { return .existed }
        guard errno == ENOENT else { return .failed(errno) }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path else { return .failed(ENOENT) }
        if case .failed(let code) = makeDirectory(atPath: parent) { return .failed(code) }
        if mkdir(path, 0o755) == 0 { return .created }
        return errno == EEXIST ? .existed : .failed(errno)
    }

    /// Every name directly in `directory` with its `lstat` (one `fstatat` per name, never
    /// following a link and never opening anything, so a FIFO cannot block the scan; no
    /// Foundation). Names that vanish between listing and `stat` are skipped; a missing
    /// directory yields nothing.
    static func scan(_ directory: String) -> [Entry] {
        guard let reader = DirectoryReader(directory) else { return [] }
        var entries: [Entry] = []
        while reader.next(upTo: Int.max, into: &entries) {}
        return entries
    }

    /// The NUL-terminated name of a directory entry.
    static func nameBytes(_ item: UnsafeMutablePointer<dirent>) -> [CChar] {
        withUnsafePointer(to: &item.pointee.d_name) { tuple in
            tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { start in
                Array(UnsafeBufferPointer(start: start, count: strlen(start) + 1))
            }
        }
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

    static func isRegularFile(_ status: stat) -> Bool {
        (status.st_mode & S_IFMT) == S_IFREG
    }

    static func info(of status: stat) -> Info {
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
