import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An open folder listed a bounded number of names at a time, so that a sweep of a folder
/// with 200,000 files can give the I/O queue back between slices instead of holding it for
/// the whole listing.
///
/// Each name gets one `fstatat` relative to the open folder, never following a link and never
/// opening anything (a FIFO cannot block it). Names that vanish between listing and `stat`
/// are skipped. Names created or removed while the listing is under way may or may not be
/// seen (POSIX `readdir`), which the callers treat as an estimate to be corrected by the next
/// sweep.
final class DirectoryReader: @unchecked Sendable {
    // Safety: the `DIR` handle (captured by the closures) is used by one thread at a time:
    // every reader belongs to the disk tier's serial I/O queue (a sweep's reader is kept in its
    // job, touched only there). Closures rather than a stored handle, because `opendir`
    // returns a different pointer type on Darwin and on Glibc.
    private let readEntry: () -> UnsafeMutablePointer<dirent>?
    private let closeFolder: () -> Void
    private let descriptor: Int32
    private var finished = false

    /// Opens `directory`; nil when it is missing or unreadable.
    init?(_ directory: String) {
        guard let handle = opendir(directory) else { return nil }
        readEntry = { readdir(handle) }
        closeFolder = { closedir(handle) }
        descriptor = dirfd(handle)
    }

    deinit { closeFolder() }

    /// Appends up to `limit` names (with their `lstat`) to `entries`; false once the folder
    /// is exhausted.
    func next(upTo limit: Int, into entries: inout [CacheFiles.Entry]) -> Bool {
        guard !finished else { return false }
        var listed = 0
        while listed < limit {
            guard let item = readEntry() else {
                finished = true
                return false
            }
            let raw = CacheFiles.nameBytes(item)
            let name = String(decoding: raw.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if name == "." || name == ".." { continue }
            listed += 1
            var status = stat()
            guard fstatat(descriptor, raw, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            entries.append(CacheFiles.Entry(name: name, info: CacheFiles.info(of: status),
                                            isRegular: CacheFiles.isRegularFile(status)))
        }
        return true
    }
}
