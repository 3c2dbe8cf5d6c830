import Foundation
import Osprey
#if canImport(Glibc)
import Glibc
#endif

/// The disk tier against the peers' figures on this machine: `DiskCache` storing N blobs (atomic, crash-safe)
/// beside raw POSIX writes, warm reads p50/p99 beside `Data(contentsOf:)`, and the size
/// sweep of a fresh instance beside `readdir` + `stat`. Times are scaled to 2,000 files.
struct DiskTierScenario: Scenario {
    let id = "disk-ops"
    let title = "disk tier store/read/sweep"
    /// 2,000 blobs of this size are the 215 MiB the peers were measured with.
    static let blobSize = 112_700

    func run(in bench: Bench) throws -> [Row] {
        let n = bench.size(quick: 500, full: 2000)
        let scale = 2000 / Double(n)
        let blob = Data(Synth.blob(count: Self.blobSize, seed: 9))
        let keys = (0..<n).map { "https://images.example/originals/\($0).jpg" }
        var config = ImageCacheConfig()
        config.maxDiskSize = 1 << 40
        var round = 0

        // Store: a fresh folder each round. They are all removed at the end of the scenario,
        // not between rounds: on ext4, creating files right after thousands were deleted
        // makes the inode allocator scan (`find_inode_bit` → `recently_deleted`), which
        // would charge one round's clean-up to the next round's writes.
        var storeFolders: [URL] = []
        defer { for folder in storeFolders { try? FileManager.default.removeItem(at: folder) } }
        let storeRounds = Rounds(count: bench.size(quick: 3, full: 5), warmup: 1)
        let store = try storeRounds.alternate(
            osprey: {
                round += 1
                let folder = try bench.makeDirectory("disk-store-\(round)")
                let cache = DiskCache(directory: folder, namespace: "bench", config: config)
                storeFolders.append(folder)
                return try TimeSample.measure {
                    for key in keys where !cache.store(blob, forKey: key) { throw BenchError("store failed") }
                }
            },
            baseline: {
                round += 1
                let folder = try bench.makeDirectory("disk-store-\(round)")
                storeFolders.append(folder)
                return try TimeSample.measure { try Self.posixWrite(blob, count: n, into: folder.path) }
            })

        // Warm reads and the sweep run on one stored copy per side.
        let cacheFolder = try bench.makeDirectory("disk-read-osprey")
        let cache = DiskCache(directory: cacheFolder, namespace: "bench", config: config)
        for key in keys { cache.store(blob, forKey: key) }
        let rawFolder = try bench.makeDirectory("disk-read-raw")
        try Self.posixWrite(blob, count: n, into: rawFolder.path)
        let rawURLs = (0..<n).map { rawFolder.appendingPathComponent("blob\($0)") }

        let reads = try bench.rounds.alternate(
            osprey: { try Self.latencies(n) { i in cache.data(forKey: keys[i])?.count ?? 0 } },
            baseline: { try Self.latencies(n) { i in (try? Data(contentsOf: rawURLs[i]))?.count ?? 0 } })
        let sweeps = try bench.rounds.alternate(
            osprey: {
                var total = 0
                let ms = Clock.time {
                    total = DiskCache(directory: cacheFolder, namespace: "bench", config: config).totalSize()
                } * 1000
                guard total >= n * Self.blobSize else { throw BenchError("totalSize \(total) < \(n * Self.blobSize)") }
                return ms * scale
            },
            baseline: { Clock.time { _ = Self.posixSizeSweep(rawFolder.path) } * 1000 * scale })

        let label = "\(id) \(title)"
        let scaled = n == 2000 ? "" : " (\(n) measured, scaled)"
        return [
            Row(scenario: label, metric: "store 2,000 blobs of 110 kB\(scaled)", unit: "ms",
                osprey: Stat(store.osprey.map { $0.wall * 1000 * scale }),
                baselineName: "POSIX write, no fsync", baseline: Stat(store.baseline.map { $0.wall * 1000 * scale }),
                target: .value(.atMost, 600, source: "peers 1,325 ms, raw writes 86 ms; goal ≤ 600 ms, crash-safe"),
                note: "DiskCache writes a temp file and renames it (crash-safe, no fsync)"),
            Row(scenario: label, metric: "store 2,000 blobs, CPU\(scaled)", unit: "ms",
                osprey: Stat(store.osprey.map { $0.cpu * 1000 * scale }),
                baselineName: "POSIX write, no fsync", baseline: Stat(store.baseline.map { $0.cpu * 1000 * scale }),
                note: "CPU of this process (user + system); wall minus CPU is time blocked on the disk"),
            Row(scenario: label, metric: "warm read p50", unit: "µs", osprey: Stat(reads.osprey.map(\.p50)),
                baselineName: "Data(contentsOf:)", baseline: Stat(reads.baseline.map(\.p50)),
                target: .value(.atMost, 35, source: "peers 61 µs, Data(contentsOf:) 23 µs; goal ≤ 35 µs")),
            Row(scenario: label, metric: "warm read p99", unit: "µs", osprey: Stat(reads.osprey.map(\.p99)),
                baselineName: "Data(contentsOf:)", baseline: Stat(reads.baseline.map(\.p99)),
                target: .value(.atMost, 70, source: "peers 93 µs, Data(contentsOf:) 48 µs; goal ≤ 70 µs")),
            Row(scenario: label, metric: "size sweep of 2,000 files\(scaled)", unit: "ms", osprey: Stat(sweeps.osprey),
                baselineName: "readdir + stat", baseline: Stat(sweeps.baseline),
                target: .value(.atMost, 300, source: "peers 480 ms, raw 237 ms; goal ≤ 300 ms"),
                note: "a fresh DiskCache instance, so it has to scan the folder"),
        ]
    }

    struct Latencies {
        var p50: Double
        var p99: Double
    }

    /// Per-operation latencies (µs) of `read` over 0..<count in a shuffled order.
    private static func latencies(_ count: Int, _ read: (Int) -> Int) throws -> Latencies {
        var rng = SplitMix64(seed: UInt64(count))
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for i in Array(0..<count).shuffled(using: &rng) {
            let start = Clock.now()
            let bytes = read(i)
            samples.append((Clock.now() - start) * 1e6)
            guard bytes == blobSize else { throw BenchError("read \(bytes) bytes instead of \(blobSize)") }
        }
        samples.sort()
        return Latencies(p50: Stat.percentile(samples, 0.5), p99: Stat.percentile(samples, 0.99))
    }

    /// The baseline writer: open, write, close, no fsync, no rename.
    static func posixWrite(_ data: Data, count: Int, into folder: String) throws {
        try data.withUnsafeBytes { raw in
            for i in 0..<count {
                let fd = open(folder + "/blob\(i)", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                guard fd >= 0 else { throw BenchError("open failed: errno \(errno)") }
                var offset = 0
                while offset < raw.count {
                    let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                    guard written > 0 else { close(fd); throw BenchError("write failed: errno \(errno)") }
                    offset += written
                }
                close(fd)
            }
        }
    }

    /// The baseline sweep: sum of `st_size` over a folder's regular files.
    static func posixSizeSweep(_ folder: String) -> Int {
        guard let directory = opendir(folder) else { return 0 }
        defer { closedir(directory) }
        var total = 0
        var info = stat()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            if lstat(folder + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { total += Int(info.st_size) }
        }
        return total
    }
}
