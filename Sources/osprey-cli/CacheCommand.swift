import Foundation
import Osprey

/// `osprey cache stats|clear|path|trim`: looks after a disk cache.
enum CacheCommand {
    static let help = """
    usage: osprey cache stats [--json] [--cache-dir D]
           osprey cache clear|path [--cache-dir D]
           osprey cache trim [--max-age AGE] [--max-size SIZE] [--cache-dir D]

      stats   entries, bytes, temporary and foreign files in the disk cache (--json: one
              JSON object with the same figures, for scripts)
      clear   delete every entry (files the cache did not write are left alone)
      path    print the folder that holds the entries
      trim    apply the limits now: delete entries unused for longer than AGE, then, while
              over SIZE, the least recently used (down to half of SIZE, as the cache does)
    --cache-dir D    the cache root (default \(ImageCache.defaultDiskCacheDirectory.path)); the
                     entries live in its namespace folder D/\(namespace), which `path` prints
    --max-age AGE    seconds, or with a unit: 90s, 30m, 12h, 7d (default 7d; "never" keeps all)
    --max-size SIZE  bytes, or with a unit: 500k, 200M, 2G (powers of 1024; default 1G)
    None of these creates the cache folder: a missing one is an empty cache. Only files
    the cache writes (named by 64 hex digits) are ever deleted; anything else in the
    folder is reported as foreign and left alone.
    """

    /// The namespace the tool's commands share.
    static let namespace = "default"

    static func run(_ words: [String]) async throws -> Int32 {
        let arguments = try Arguments(words, valued: ["cache-dir", "max-age", "max-size"], switches: ["json"])
        guard arguments.positional.count == 1, let action = arguments.positional.first else {
            throw Arguments.Problem(description: "cache needs one of: stats, clear, path, trim")
        }
        guard ["stats", "clear", "path", "trim"].contains(action) else {
            throw Arguments.Problem(description: "unknown cache action '\(action)' (stats, clear, path, trim)")
        }
        if action != "trim" && (arguments.value("max-age") != nil || arguments.value("max-size") != nil) {
            throw Arguments.Problem(description: "--max-age and --max-size go with trim")
        }
        if action != "stats" && arguments.flag("json") {
            throw Arguments.Problem(description: "--json goes with stats")
        }
        var config = ImageCacheConfig()
        config.sweepInterval = 0   // a one-shot command sweeps only when asked (trim)
        if let age = arguments.value("max-age") { config.maxDiskAge = try parseAge(age) }
        if let size = arguments.value("max-size") { config.maxDiskSize = try parseSize(size) }
        let root = arguments.value("cache-dir").map { URL(fileURLWithPath: $0) } ?? ImageCache.defaultDiskCacheDirectory
        let folder = root.appendingPathComponent(namespace, isDirectory: true)
        // Opening an ImageCache creates its folder: look first, so that asking about a cache
        // never makes one.
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder)
        if exists && !isFolder.boolValue { throw FileProblem("not a folder: \(folder.path)") }
        let cache = exists ? ImageCache(namespace: namespace, diskCacheDirectory: root, config: config) : nil
        let report = cache?.diskCache.folderReport()
        switch action {
        case "stats" where arguments.flag("json"):
            print(try statsJSON(folder: folder, exists: exists, report: report))
        case "stats":
            let size = report.map { $0.entryBytes + $0.temporaryBytes } ?? 0
            print("path:  \(folder.path)\(exists ? "" : " (does not exist)")")
            print("files: \(report?.entryCount ?? 0)")
            print("bytes: \(size) (\(Terminal.bytes(size)))")
            if let report, report.temporaryCount > 0 {
                print("temporary files: \(report.temporaryCount) (\(Terminal.bytes(report.temporaryBytes)))")
            }
            if let report { printForeign(report) }
        case "clear":
            let removal = cache?.diskCache.removeAll() ?? DiskCache.Removal()
            print("removed \(removal.entries) entries (\(Terminal.bytes(removal.bytes))) from \(folder.path)")
            if let report { printForeign(report) }
        case "trim":
            let (count, size) = (cache?.totalDiskCount() ?? 0, cache?.totalDiskSize() ?? 0)
            if let cache {
                await withCheckedContinuation { done in cache.deleteExpiredFiles { done.resume() } }
            }
            let (keptCount, keptSize) = (cache?.totalDiskCount() ?? 0, cache?.totalDiskSize() ?? 0)
            print("removed \(count - keptCount) entries (\(Terminal.bytes(size - keptSize))) from \(folder.path)")
            print("kept \(keptCount) entries (\(Terminal.bytes(keptSize)))")
        default:
            print(folder.path)
        }
        return 0
    }

    /// The figures of `stats` as one JSON object (keys sorted, so scripts and diffs are stable).
    private static func statsJSON(folder: URL, exists: Bool, report: DiskCache.FolderReport?) throws -> String {
        struct Stats: Encodable {
            var path: String
            var exists: Bool
            var entries: Int
            var entryBytes: Int
            var temporaryFiles: Int
            var temporaryBytes: Int
            var foreignFiles: Int
            var marked: Bool
        }
        let stats = Stats(path: folder.path, exists: exists, entries: report?.entryCount ?? 0,
                          entryBytes: report?.entryBytes ?? 0, temporaryFiles: report?.temporaryCount ?? 0,
                          temporaryBytes: report?.temporaryBytes ?? 0, foreignFiles: report?.foreignCount ?? 0,
                          marked: report?.isMarked ?? false)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(stats), as: UTF8.self)
    }

    /// Says what in the folder is not the cache's: those files are never deleted.
    private static func printForeign(_ report: DiskCache.FolderReport) {
        guard report.foreignCount > 0 || !report.isMarked else { return }
        print("foreign files: \(report.foreignCount) (not written by the cache; left alone)")
        if !report.isMarked {
            print("note: no \(DiskCache.markerFileName) marker: this folder was not created by an Osprey cache")
        }
    }

    /// `90`, `90s`, `30m`, `12h`, `7d` → seconds; `never` → −1 (no age limit).
    static func parseAge(_ text: String) throws(Arguments.Problem) -> TimeInterval {
        if text == "never" { return -1 }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        let unit = text.last.flatMap { units[$0] }
        let digits = unit == nil ? Substring(text) : text.dropLast()
        guard let number = Double(digits), number.isFinite, number >= 0, number * (unit ?? 1) < 1e12 else {
            throw Arguments.Problem(description: "--max-age takes seconds or 90s, 30m, 12h, 7d, never; not '\(text)'")
        }
        return number * (unit ?? 1)
    }

    /// `1048576`, `500k`, `200M`, `2G` → bytes (powers of 1024); at least 1.
    static func parseSize(_ text: String) throws(Arguments.Problem) -> Int {
        let units: [Character: Int] = ["k": 1 << 10, "K": 1 << 10, "m": 1 << 20, "M": 1 << 20, "g": 1 << 30, "G": 1 << 30]
        let unit = text.last.flatMap { units[$0] }
        let digits = unit == nil ? Substring(text) : text.dropLast()
        guard let number = Int(digits), number > 0, number <= (1 << 50) / (unit ?? 1) else {
            throw Arguments.Problem(description: "--max-size takes a positive byte count or 500k, 200M, 2G; not '\(text)'")
        }
        return number * (unit ?? 1)
    }
}
