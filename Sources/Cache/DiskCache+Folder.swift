import Foundation
import OspreyCore

/// Which files of the namespace folder belong to the cache, the marker that claims the folder,
/// and the namespace-to-folder rule.
///
/// The cache only ever deletes, counts or trims files whose names it writes itself: entries
/// (64 lowercase hex digits), their extended data (the same + `.ext`) and its temporary files
/// (`.tmp-` + 16 lowercase hex digits). Anything else in the folder — a README, a subfolder, a
/// file of another program — is *foreign*: never removed by `removeAll`, trims or sweeps,
/// and reported by ``DiskCache/folderReport()``.
extension DiskCache {
    /// What a name in the namespace folder is to the cache.
    enum FileKind: Equatable {
        case entry
        /// Extended data of the entry named by the name without its suffix.
        case extendedData
        case temporary
        case marker
        case foreign
    }

    /// The file the cache writes when it creates (or adopts) its folder, so that a folder is
    /// recognisably a cache folder and never confused with one a user made.
    public static let markerFileName = ".osprey-cache"

    /// The bytes of a folder name most filesystems accept (`NAME_MAX`).
    public static let maximumFolderNameBytes = 255

    static func kind(ofName name: String) -> FileKind {
        let bytes = name.utf8
        if isHex(bytes, count: 64) { return .entry }
        let suffix = extendedDataSuffix.utf8
        if bytes.count == 64 + suffix.count, name.hasSuffix(extendedDataSuffix), isHex(bytes.prefix(64), count: 64) {
            return .extendedData
        }
        let prefix = CacheFiles.temporaryPrefix.utf8
        if bytes.count == prefix.count + 16, bytes.starts(with: prefix), isHex(bytes.dropFirst(prefix.count), count: 16) {
            return .temporary
        }
        return name == markerFileName ? .marker : .foreign
    }

    /// Exactly `count` lowercase hex digits.
    private static func isHex<Name: Collection>(_ name: Name, count: Int) -> Bool where Name.Element == UInt8 {
        name.count == count && name.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The folder name of `namespace`: `/` becomes `_`, and an empty, `.` or `..` name gets a
    /// leading `_`, so the namespace is always one folder. Nil when the result is longer than
    /// ``maximumFolderNameBytes`` or holds a NUL, which no filesystem can name.
    static func folderName(forNamespace namespace: String) -> String? {
        var folder = namespace.replacingOccurrences(of: "/", with: "_")
        if folder.isEmpty || folder == "." || folder == ".." { folder = "_" + folder }
        guard folder.utf8.count <= maximumFolderNameBytes, !folder.utf8.contains(0) else { return nil }
        return folder
    }

    /// A folder name for a namespace ``folderName(forNamespace:)`` refuses: its first 64
    /// characters (`/` and NUL replaced) and the SHA-256 of the whole namespace, so distinct
    /// namespaces stay distinct folders.
    static func shortenedFolderName(forNamespace namespace: String) -> String {
        let head = String(namespace.prefix(64)).replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "\u{0}", with: "_")
        let trimmed = String(decoding: head.utf8.prefix(150), as: UTF8.self)
        return "_" + trimmed + "-" + SHA256.hexDigest(Array(namespace.utf8))
    }

    /// Checks that `namespace` can name a cache folder: it is at most
    /// ``maximumFolderNameBytes`` bytes of UTF-8 (after `/` becomes `_`) and holds no NUL.
    /// ``ImageCache/init(validatingNamespace:diskCacheDirectory:config:)`` runs this; the
    /// non-throwing initializers instead shorten such a name (see ``DiskCache/init(directory:namespace:config:now:)``).
    public static func validate(namespace: String) throws(CacheSetupError) {
        if namespace.utf8.contains(0) { throw CacheSetupError(.namespaceHasNUL) }
        guard folderName(forNamespace: namespace) != nil else {
            throw CacheSetupError(.namespaceTooLong(bytes: namespace.utf8.count, limit: maximumFolderNameBytes))
        }
    }

    /// What is in the namespace folder, as ``folderReport()`` found it.
    public struct FolderReport: Sendable, Hashable {
        /// Entries (the cached bytes of keys).
        public var entryCount = 0
        /// Bytes of entries and of their extended data.
        public var entryBytes = 0
        /// Temporary files of writes in progress or of killed writers.
        public var temporaryCount = 0
        /// Bytes of those temporary files (counted towards ``ImageCacheConfig/maxDiskSize``).
        public var temporaryBytes = 0
        /// Files, folders and links the cache did not write: never removed, never counted.
        public var foreignCount = 0
        /// Whether the folder carries the cache's marker file (``DiskCache/markerFileName``).
        /// A folder without one that holds foreign files is not claimed: the cache works in it
        /// but leaves the marker unwritten.
        public var isMarked = false
        /// Whether the folder exists at all.
        public var exists = false

        /// An empty report (no folder).
        public init() {}
    }

    /// Lists the namespace folder (one `lstat` per name, on the I/O queue) and sorts what is
    /// there into entries, temporary files and foreign files.
    ///
    /// - Complexity: O(n) in the number of files.
    public func folderReport() -> FolderReport {
        onIOQueue {
            var report = FolderReport()
            guard let reader = DirectoryReader(directoryPath) else { return report }
            report.exists = true
            var files: [CacheFiles.Entry] = []
            while reader.next(upTo: Int.max, into: &files) {}
            let inventory = Inventory(files)
            report.entryCount = inventory.entries.count
            report.entryBytes = inventory.entryBytes
            report.temporaryCount = inventory.temporaries.count
            report.temporaryBytes = inventory.temporaries.reduce(0) { $0 + $1.info.size }
            report.foreignCount = inventory.foreignCount
            report.isMarked = inventory.hasMarker
            return report
        }
    }

    /// What ``removeAll()`` deleted.
    public struct Removal: Sendable, Hashable {
        /// Entries removed.
        public var entries = 0
        /// Bytes freed: entries, their extended data and stale temporary files.
        public var bytes = 0

        /// A count of `entries` entries and `bytes` bytes (nothing, by default).
        public init(entries: Int = 0, bytes: Int = 0) {
            self.entries = entries
            self.bytes = bytes
        }
    }

    /// Writes the marker file; true when it is in place. On the I/O queue.
    @discardableResult
    func writeMarker() -> Bool {
        let text = "Osprey image cache folder. Files named by 64 hex digits (with .ext, or .tmp- files) "
            + "are cache entries and may be deleted at any time; other files are left alone.\n"
        return CacheFiles.writeAtomically(Data(text.utf8), toPath: directoryPath + "/" + Self.markerFileName,
                                          directory: directoryPath, modified: Date())
    }
}

/// A problem that makes a cache folder unusable, reported by the validating initializer
/// ``ImageCache/init(validatingNamespace:diskCacheDirectory:config:)`` and by
/// ``DiskCache/validate(namespace:)``.
public struct CacheSetupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Sendable, Hashable {
        /// The namespace, as a folder name, has more bytes than the filesystem allows.
        case namespaceTooLong(bytes: Int, limit: Int)
        /// The namespace holds a NUL character, which no path can.
        case namespaceHasNUL
        /// The folder could not be created (errno as given by `mkdir`).
        case cannotCreateFolder(path: String, errno: Int32)
    }

    /// What is wrong.
    public var reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    /// One line naming the problem.
    public var description: String {
        switch reason {
        case let .namespaceTooLong(bytes, limit):
            "CacheSetupError: the namespace is \(bytes) bytes long; a cache folder name may have at most \(limit)"
        case .namespaceHasNUL:
            "CacheSetupError: the namespace contains a NUL character"
        case let .cannotCreateFolder(path, code):
            "CacheSetupError: cannot create the cache folder \(path) (\(String(cString: strerror(code))))"
        }
    }
}
