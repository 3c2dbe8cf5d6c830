import Foundation
import Osprey

/// 200 disk hits through `ImageManager.loadImage`, all started at once.
/// Throughput with Osprey's coder queue (decoding in parallel, off the serial I/O queue) ÷
/// the same with every decode serialised behind one lock (what decoding on the I/O queue
/// amounted to). Target ≥ 1.7 on 2 cores.
struct ParallelDiskHitScenario: Scenario {
    let id = "5b"
    let title = "disk hits via loadImage, parallel decode"
    static let loads = 200

    /// The built-in decoders, one decode at a time process-wide: the serialised baseline.
    private struct SerialDecoder: ImageDecoding {
        let lock: Box<Int>
        func canDecode(_ data: Data) -> Bool { ImageCoders.shared.canDecode(data) }
        func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
            let result: Result<DecodedImage, ImageError> = lock.withLock { count in
                count += 1
                do throws(ImageError) { return .success(try ImageCoders.shared.decode(data, options: options)) }
                catch { return .failure(error) }
            }
            return try result.get()
        }
    }

    /// The built-in decoders, counting how many decodes ran at the same time (a figure the
    /// machine's load cannot blur: it shows whether decodes overlap at all).
    private struct CountingDecoder: ImageDecoding {
        /// (in flight now, most at once).
        let counts: Box<(Int, Int)>
        func canDecode(_ data: Data) -> Bool { ImageCoders.shared.canDecode(data) }
        func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
            counts.withLock { $0.0 += 1; $0.1 = max($0.1, $0.0) }
            defer { counts.withLock { $0.0 -= 1 } }
            return try ImageCoders.shared.decode(data, options: options)
        }
    }

    func run(in bench: Bench) throws -> [Row] {
        try bench.fixtures.requirePNG()
        let names = try bench.fixtures.downloadImages()
        let serialCoders = ImageCoders()
        let serialDecodes = Box(0)
        serialCoders.addDecoder(SerialDecoder(lock: serialDecodes))
        let parallelCoders = ImageCoders()
        let overlap = Box((0, 0))
        parallelCoders.addDecoder(CountingDecoder(counts: overlap))
        let parallel = try makeManager(bench, name: "parallel", coders: parallelCoders, names: names)
        let serial = try makeManager(bench, name: "serial", coders: serialCoders, names: names)
        defer { parallel.loader.invalidate(); serial.loader.invalidate() }

        var context = ImageContext()
        context.callbackQueue = .current
        context.storeCacheType = .none   // nothing enters memory: every load is a disk hit
        func pass(_ manager: ImageManager) throws -> Double {
            let latch = Latch(count: Self.loads)
            let seconds = try Clock.time {
                for index in 0..<Self.loads {
                    manager.loadImage(with: Self.url(index), context: context) { result in
                        if case .success(let hit) = result, hit.cacheType == .disk { return latch.arrive() }
                        latch.arrive(failure: "load \(index) was not a disk hit: \(result)")
                    }
                }
                try latch.wait(what: "disk hits")
            }
            return Double(Self.loads) / seconds
        }
        let samples = try Rounds(count: bench.rounds.count * 2, warmup: 1)
            .alternate(osprey: { try pass(parallel.manager) }, baseline: { try pass(serial.manager) })
        guard serialDecodes.withLock({ $0 }) > 0 else { throw BenchError("the serialised decoder was never used") }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return [
            Row(scenario: "\(id) \(title)", metric: "\(Self.loads) hits, 256×256 PNG", unit: "images/s",
                osprey: Stat(samples.osprey), baselineName: "same, decodes serialised", baseline: Stat(samples.baseline),
                target: .ratio(.atLeast, 1.7, source: "disk hits decode in parallel: ≥ 1.7 × serialised"),
                note: "ratio = throughput ÷ serialised throughput (higher is better); \(cores) active cores; "
                    + "at most \(overlap.withLock { $0.1 }) decodes ran at once; memory store off"),
        ]
    }

    private static func url(_ index: Int) -> URL {
        URL(string: "http://127.0.0.1:9/disk-hits/\(index).png")!
    }

    /// A manager over a fresh cache (decoding with `coders`) holding all 200 entries on disk.
    private func makeManager(_ bench: Bench, name: String, coders: ImageCoders,
                             names: [String]) throws -> (manager: ImageManager, loader: ImageDownloader) {
        let cache = ImageCache(namespace: name, diskCacheDirectory: try bench.makeDirectory("parallel-disk-hit-\(name)"),
                               coders: coders)
        let loader = ImageDownloader()
        let manager = ImageManager(cache: cache, loader: loader)
        for index in 0..<Self.loads {
            let data = try bench.fixtures.data(names[index % names.count])
            guard let key = manager.cacheKey(for: Self.url(index)), cache.storeImageDataToDisk(data, forKey: key) else {
                throw BenchError("could not store disk hit \(index)")
            }
        }
        return (manager, loader)
    }
}
