import Foundation

/// N unique ≈ 50 kB images, no decode, Osprey's downloader ÷ raw URLSession with
/// the same concurrency on the same server; wall time and CPU per image (`getrusage`);
/// `curl --parallel` beside them as the transport limit; the server's own CPU share.
struct ColdDownloadScenario: Scenario {
    let id = "1"
    let title = "cold download, no decode"
    static let concurrency = 6

    func run(in bench: Bench) throws -> [Row] {
        let n = bench.size(quick: 300, full: 1000)
        let host = try bench.host()
        let osprey = OspreyDownloadDriver(concurrency: Self.concurrency)
        let session = URLSessionDriver(concurrency: Self.concurrency)
        defer {
            osprey.close()
            session.close()
        }
        let curl = CurlDriver(concurrency: Self.concurrency, scratch: bench.workDirectory)
        // The same downloads through the manager, with the cache out of the way (no query, no
        // store), so the row shows the manager's own overhead on the loading path.
        let stack = OspreyStack(directory: try bench.makeDirectory("cold-download"), memoryLimit: 64 << 20)
        defer { stack.close() }
        var noCache = OspreyStack.context
        noCache.queryCacheType = .none
        noCache.storeCacheType = .none

        /// One side's round: wall and client CPU, plus the server's CPU over the same stretch.
        struct Sample {
            var time: TimeSample
            var serverCPU: Double
        }
        func measured(_ fetch: ([URL]) throws -> TimeSample) throws -> Sample {
            let urls = try bench.freshURLs(n)
            let server0 = host.cpuSeconds
            let time = try fetch(urls)
            return Sample(time: time, serverCPU: host.cpuSeconds - server0)
        }
        var sides: [() throws -> Sample] = [
            { try measured { urls in try TimeSample.measure { try osprey.fetch(urls) } } },
            { try measured { urls in try TimeSample.measure { try session.fetch(urls) } } },
            { try measured { urls in try TimeSample.measure { try stack.load(urls, options: [.avoidDecodeImage], context: noCache) } } },
        ]
        if let curl { sides.append({ try measured { try curl.fetch($0) } }) }
        let samples = try bench.rounds.interleave(sides)

        let label = "\(id) \(title)"
        let wallTarget = Target.ratio(.atMost, 1.05, source: "Osprey adds at most 5% to raw URLSession")
        func wallMS(_ s: [Sample]) -> Stat { Stat(s.map { $0.time.wall * 1000 }) }
        func cpuPerImage(_ s: [Sample]) -> Stat { Stat(s.map { $0.time.cpu / Double(n) * 1e6 }) }
        func filesPerSecond(_ s: [Sample]) -> Stat { Stat(s.map { Double(n) / $0.time.wall }) }
        func serverShare(_ s: [Sample]) -> Stat { Stat(s.map { $0.serverCPU / $0.time.wall * 100 }) }
        var rows = [
            Row(scenario: label, metric: "wall, \(n) images", unit: "ms", osprey: wallMS(samples[0]),
                baselineName: "URLSession", baseline: wallMS(samples[1]), target: wallTarget,
                note: "ImageDownloader.downloadImage(.avoidDecodeImage); concurrency \(Self.concurrency) on both sides; \(host.name)"),
            Row(scenario: label, metric: "client CPU per image", unit: "µs", osprey: cpuPerImage(samples[0]),
                baselineName: "URLSession", baseline: cpuPerImage(samples[1]), target: wallTarget),
            Row(scenario: label, metric: "wall via ImageManager, \(n) images", unit: "ms", osprey: wallMS(samples[2]),
                baselineName: "URLSession", baseline: wallMS(samples[1]), target: wallTarget,
                note: "loadImage(.avoidDecodeImage) with queryCacheType and storeCacheType .none"),
            Row(scenario: label, metric: "client CPU per image via ImageManager", unit: "µs", osprey: cpuPerImage(samples[2]),
                baselineName: "URLSession", baseline: cpuPerImage(samples[1]), target: wallTarget),
            Row(scenario: label, metric: "throughput", unit: "files/s", osprey: filesPerSecond(samples[0]),
                baselineName: "URLSession", baseline: filesPerSecond(samples[1])),
            Row(scenario: label, metric: "server CPU share of wall", unit: "%", osprey: serverShare(samples[0]),
                baselineName: "URLSession", baseline: serverShare(samples[1]),
                note: "CPU of the serving process ÷ wall time while each client ran; well under 100% means the server is not the bottleneck"),
        ]
        if curl != nil {
            rows.append(Row(scenario: label, metric: "wall vs transport limit", unit: "ms", osprey: wallMS(samples[0]),
                            baselineName: "curl --parallel", baseline: wallMS(samples[3]),
                            note: "curl is the transport limit on this platform, not a target"))
            rows.append(Row(scenario: label, metric: "CPU per image vs transport limit", unit: "µs",
                            osprey: cpuPerImage(samples[0]), baselineName: "curl --parallel", baseline: cpuPerImage(samples[3])))
        } else {
            rows.append(.outcome(.skipped, scenario: label, metric: "curl --parallel", note: "curl not installed or without --parallel"))
        }
        return rows
    }
}
