import Foundation
import Osprey

/// `osprey cache stats|clear|path`: looks after a disk cache.
enum CacheCommand {
    static let help = """
    usage: osprey cache stats|clear|path [--cache-dir D]

      stats   files and bytes in the disk cache
      clear   delete every entry
      path    print the folder that holds the entries
    --cache-dir D  the cache folder (default \(ImageCache.defaultDiskCacheDirectory.path))
    """

    static func run(_ words: [String]) async throws -> Int32 {
        let arguments = try Arguments(words, valued: ["cache-dir"])
        guard arguments.positional.count == 1, let action = arguments.positional.first else {
            throw Arguments.Problem(description: "cache needs one of: stats, clear, path")
        }
        let directory = arguments.value("cache-dir").map { URL(fileURLWithPath: $0) }
        let cache = ImageCache(namespace: "default", diskCacheDirectory: directory)
        switch action {
        case "stats":
            print("path:  \(cache.diskCache.directoryURL.path)")
            print("files: \(cache.totalDiskCount())")
            print("bytes: \(cache.totalDiskSize()) (\(Terminal.bytes(cache.totalDiskSize())))")
        case "clear":
            let count = cache.totalDiskCount()
            await withCheckedContinuation { done in cache.clear(cacheType: .all) { done.resume() } }
            print("removed \(count) entries from \(cache.diskCache.directoryURL.path)")
        case "path":
            print(cache.diskCache.directoryURL.path)
        default:
            throw Arguments.Problem(description: "unknown cache action '\(action)' (stats, clear, path)")
        }
        return 0
    }
}
