import Foundation

extension DiskCache {
    /// The files of a namespace folder sorted by what they are to the cache (see
    /// ``DiskCache/FileKind``).
    struct Inventory {
        var entries: [CacheFiles.Entry] = []
        /// Extended data by the name of its entry.
        var extendedData: [String: CacheFiles.Info] = [:]
        var temporaries: [CacheFiles.Entry] = []
        /// Names the cache writes, held by something that is not a regular file (a symlink, a
        /// folder, a FIFO): removed without being followed, never counted.
        var squatters: [String] = []
        /// Files the cache did not write: never touched.
        var foreignCount = 0
        var hasMarker = false

        init(_ files: [CacheFiles.Entry]) {
            entries.reserveCapacity(files.count)
            for file in files {
                let kind = DiskCache.kind(ofName: file.name)
                switch kind {
                case .foreign:
                    foreignCount += 1
                case .marker:
                    hasMarker = true
                case .entry, .extendedData, .temporary:
                    guard file.isRegular else {
                        squatters.append(file.name)
                        continue
                    }
                    if kind == .entry {
                        entries.append(file)
                    } else if kind == .extendedData {
                        extendedData[String(file.name.prefix(64))] = file.info
                    } else {
                        temporaries.append(file)
                    }
                }
            }
        }

        /// Bytes of entries and of extended data whose entry exists.
        var entryBytes: Int {
            entries.reduce(0) { total, entry in
                total + entry.info.size + (extendedData[entry.name]?.size ?? 0)
            }
        }

        /// Everything the size limit counts: entries, their extended data, temporary files.
        var countedBytes: Int {
            temporaries.reduce(entryBytes) { $0 + $1.info.size }
        }
    }
}
