import Foundation
import LoopbackServer
import Osprey

/// `osprey demo`: the library's main job on an embedded default — a loopback server with
/// generated images, loaded cold through the prefetcher, then warm from memory and from disk.
enum DemoCommand {
    static let help = """
    usage: osprey demo [--count N] [--concurrency N]

    Starts a loopback HTTP server with N images (default 200: generated PNGs, and every
    fourth a shipped JPEG, GIF or WebP sample), prefetches them
    all through ImageManager into a temporary cache, loads them again warm (memory), then once
    more after emptying the memory tier (disk), and prints what happened in each phase.
    The figures are only representative of the library in a release build
    (`swift run -c release osprey demo`); a debug build says so.
    """

    /// Which build this is, and what that means for the figures.
    ///
    /// Measured with `perf` on a debug build: ~80 % of the demo's CPU time is PNG
    /// decoding, ~70 % in the Paeth unfilter alone, because unoptimized Swift calls the generic
    /// `SIMD4<Int16>` operations through witness tables and metadata lookups instead of
    /// inlining them. Hashing, file IO and locking are below 2 %. The same 200 disk hits take
    /// 44 ms in release and several seconds in debug, so a debug run must not pass for the
    /// library's speed.
    static var buildNote: String {
        #if DEBUG
        return "debug build: unoptimized Swift decodes PNG 80–140× slower than release (measured), so the times below "
            + "are not the library's; run `swift run -c release osprey demo` for representative figures"
        #else
        return "release build"
        #endif
    }

    /// One phase's figures for the table.
    struct Phase {
        let name: String
        var loads = 0
        var requests = 0
        var bytes = 0
        var memoryHits = 0
        var diskHits = 0
        var networkLoads = 0
        var failures = 0
        var seconds = 0.0

        var row: [String] {
            [name, "\(loads)", "\(requests)", Terminal.bytes(bytes), "\(memoryHits)", "\(diskHits)",
             "\(networkLoads)", "\(failures)", Terminal.milliseconds(seconds)]
        }
    }

    static func run(_ words: [String]) async throws -> Int32 {
        let arguments = try Arguments(words, valued: ["count", "concurrency"])
        let count = try arguments.int("count", in: Limits.demoImages, default: 200)
        let server = try LoopbackServer()
        defer { server.stop() }
        let images = try DemoImages.make(count: count)
        var sizes: [String: Int] = [:]
        for image in images {
            server.setRoute(image.path, .ok(image.data, contentType: image.contentType))
            sizes[image.path] = image.data.count
        }
        let urls = images.map { server.url($0.path) }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("osprey-demo-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: directory) }

        var config = ImageDownloaderConfig()
        config.maxConcurrentDownloads = try arguments.int("concurrency", in: Limits.concurrency, default: 6)
        let cache = ImageCache(namespace: "demo", diskCacheDirectory: directory)
        let manager = ImageManager(cache: cache, loader: ImageDownloader(config: config))
        let total = images.reduce(0) { $0 + $1.data.count }
        let formats = Dictionary(grouping: images, by: { ($0.path as NSString).pathExtension.uppercased() })
            .map { "\($0.value.count) \($0.key)" }.sorted().joined(separator: ", ")
        print("Osprey demo: \(count) images (\(formats); \(Terminal.bytes(total))) served on \(server.baseURL)")
        print(buildNote)
        print("cache: \(directory.path)\n")

        var phases: [Phase] = []
        phases.append(await prefetch(urls, manager: manager, server: server, sizes: sizes))
        phases.append(await load(urls, name: "warm (memory)", manager: manager, server: server))
        await withCheckedContinuation { done in cache.clear(cacheType: .memory) { done.resume() } }
        phases.append(await load(urls, name: "warm (disk)", manager: manager, server: server))

        print("")
        print(Terminal.table(["phase", "loads", "requests", "bytes", "memory hits", "disk hits", "network",
                              "failed", "wall time"], phases.map(\.row)))
        let downloadedOnce = server.totalRequestCount == count
        print("\nevery image downloaded exactly once: \(downloadedOnce ? "yes" : "no (\(server.totalRequestCount) requests)")")
        print("disk cache: \(cache.totalDiskCount()) files, \(Terminal.bytes(cache.totalDiskSize()))")
        #if DEBUG
        print("\nnote: \(buildNote)")
        #endif
        let failed = phases.reduce(0) { $0 + $1.failures }
        return failed == 0 && downloadedOnce ? 0 : 1
    }

    /// The cold phase: everything through the prefetcher, counted at the server.
    private static func prefetch(_ urls: [URL], manager: ImageManager, server: LoopbackServer,
                                 sizes: [String: Int]) async -> Phase {
        let before = server.totalRequestCount
        let start = Date()
        var context = ImageContext()
        context.callbackQueue = .queue(DispatchQueue(label: "osprey.demo.prefetch"))
        let prefetcher = ImagePrefetcher(manager: manager)
        prefetcher.maxConcurrentPrefetchCount = 6
        let summary: PrefetchSummary = await withCheckedContinuation { done in
            prefetcher.prefetchURLs(urls, context: context, progress: { finished, total in
                Terminal.progress(finished, of: total, label: "cold prefetch")
            }, completed: { done.resume(returning: $0) })
        }
        var phase = Phase(name: "cold (prefetch)")
        phase.seconds = Date().timeIntervalSince(start)
        phase.loads = summary.total
        phase.failures = summary.skippedCount
        let requests = server.requestLog.dropFirst(before)
        phase.requests = requests.count
        phase.networkLoads = summary.finishedCount - summary.skippedCount
        phase.bytes = requests.reduce(0) { $0 + (sizes[$1.path] ?? 0) }
        return phase
    }

    /// A warm phase: every URL through `loadImage`, counted by where the image came from.
    private static func load(_ urls: [URL], name: String, manager: ImageManager,
                             server: LoopbackServer) async -> Phase {
        let before = server.totalRequestCount
        let start = Date()
        var phase = Phase(name: name)
        await withTaskGroup(of: Result<ImageResult, ImageError>.self) { group in
            for url in urls {
                group.addTask {
                    do throws(ImageError) { return .success(try await manager.loadImage(with: url)) } catch { return .failure(error) }
                }
            }
            for await result in group {
                phase.loads += 1
                switch result {
                case .success(let image):
                    switch image.cacheType {
                    case .memory: phase.memoryHits += 1
                    case .disk: phase.diskHits += 1
                    default: phase.networkLoads += 1; phase.bytes += image.data?.count ?? 0
                    }
                case .failure(let error):
                    phase.failures += 1
                    Terminal.error("\(name): \(error)")
                }
            }
        }
        phase.seconds = Date().timeIntervalSince(start)
        phase.requests = server.totalRequestCount - before
        return phase
    }
}
