import Dispatch
import Foundation
import LoopbackServer
import Osprey

/// Progressive loading of a 4 MP Adam7 PNG and a 12 MP progressive JPEG (both
/// resumable decoders), both arriving in 64 kB
/// pieces 50 ms apart (the loopback server's drip at 1.28 MB/s).
///
/// Two measurements per file:
/// - Decode CPU (this thread's CPU time): the pieces replayed through
///   `ImageCoders.incrementalDecoder(for:options:)`, a partial image asked for every 10 pieces
///   (0.5 s, the default `progressiveInterval`, at 20 pieces a second), then the final image;
///   beside one plain decode of the whole file. Target ≤ 1.3: progressive loading may cost at most 30 % more CPU than one decode.
/// - End to end through `ImageDownloader` with `.progressiveLoad` (interval 0.5 s): partial
///   images delivered, time to the first one ÷ time to the full image, and the process's CPU
///   beside a plain load of the same bytes (URLSession's own CPU included in both).
struct ProgressiveScenario: Scenario {
    let id = "progressive"
    let title = "progressive loading"
    static let piece = 64 * 1024
    static let piecesPerSecond = 20
    static let interval = 0.5

    func run(in bench: Bench) throws -> [Row] {
        let label = "\(id) \(title)"
        guard let python = bench.python.probe.python else { throw Skip("python3 not installed: no fixtures") }
        let folder = try bench.makeDirectory("progressive")
        var rows: [Row] = []
        let (pw, ph) = bench.size(quick: (1024, 768), full: (2304, 1728))
        let png = folder.appendingPathComponent("adam7-\(pw)x\(ph).png")
        try ProgressiveFixtures.makeInterlacedPNG(png, width: pw, height: ph, python: python)
        rows += try measure("\(pw)×\(ph) Adam7 PNG", data: Data(contentsOf: png), bench: bench, label: label)
        let (jw, jh) = bench.size(quick: (1600, 1200), full: (4000, 3000))
        let jpeg = folder.appendingPathComponent("progressive-\(jw)x\(jh).jpg")
        do {
            try bench.python.makeJPEG(jpeg, width: jw, height: jh, quality: 85, subsampling: 2, progressive: true)
            rows += try measure("\(jw)×\(jh) progressive JPEG", data: Data(contentsOf: jpeg), bench: bench, label: label)
        } catch let skip as Skip {
            rows.append(.outcome(.skipped, scenario: label, metric: "progressive JPEG", note: skip.description))
        }
        return rows
    }

    private func measure(_ name: String, data: Data, bench: Bench, label: String) throws -> [Row] {
        let iterations = bench.size(quick: 2, full: 5)
        let every = Int(Self.interval * Double(Self.piecesPerSecond))
        var partials = 0
        var resumable = false
        let plain = try (0..<iterations).map { _ in
            try Self.cpu { _ = try ImageCoders.shared.decode(data) }
        }
        let progressive = try (0..<iterations).map { _ in
            try Self.cpu {
                guard let decoder = ImageCoders.shared.incrementalDecoder(for: data.prefix(16), options: DecodeOptions())
                else { throw Skip("no incremental decoder") }
                resumable = decoder.isResumable
                partials = 0
                var offset = 0, index = 0
                while offset < data.count {
                    let end = min(data.count, offset + Self.piece)
                    decoder.append(data.subdata(in: offset..<end))
                    offset = end
                    index += 1
                    if index % every == 0, offset < data.count, decoder.currentImage() != nil { partials += 1 }
                }
                _ = try decoder.finish(allBytes: data)
            }
        }
        var rows = [Row(scenario: label, metric: "decode CPU, \(name): progressive ÷ plain", unit: "s",
                        osprey: Stat(progressive), baselineName: "one plain decode", baseline: Stat(plain),
                        target: .ratio(.atMost, 1.3, source: "progressive loading costs ≤ 1.3 × one decode"),
                        note: "\(data.count / 1000) kB in 64 kB pieces, \(partials) partial images; "
                            + (resumable ? "resumable decoder" : "prefix fallback: every partial decodes the prefix again"))]
        rows += try endToEnd(name, data: data, label: label)
        return rows
    }

    /// One progressive and one plain download of `data`, dripped by the loopback server.
    private func endToEnd(_ name: String, data: Data, label: String) throws -> [Row] {
        let server = try LoopbackServer()
        defer { server.stop() }
        var config = ImageDownloaderConfig()
        config.downloadTimeout = 300
        let downloader = ImageDownloader(config: config)
        defer { downloader.invalidate() }
        let route = Route.ok(data).with { $0.bytesPerSecond = Self.piece * Self.piecesPerSecond }
        server.setRoute("/progressive", route)
        server.setRoute("/plain", route)
        server.setRoute("/warm", .ok(Data(count: 16)))
        let queue = DispatchQueue(label: "osprey.bench.progressive")
        var context = ImageContext()
        context.callbackQueue = .queue(queue)
        context.progressiveInterval = Self.interval

        struct Timeline: Sendable { var firstPartial: Double?; var partials = 0; var done: Double? }
        func load(_ path: String, options: DownloaderOptions) -> (Timeline, cpu: Double) {
            let timeline = Locked(Timeline())
            let finished = DispatchSemaphore(value: 0)
            let start = Clock.now(), cpu = ResourceUsage.cpuSeconds()
            downloader.downloadImage(with: server.url(path), options: options, context: context, progress: { report in
                guard report.partialImage != nil else { return }
                timeline.withLock { $0.partials += 1; if $0.firstPartial == nil { $0.firstPartial = Clock.now() - start } }
            }) { _ in
                timeline.withLock { $0.done = Clock.now() - start }
                finished.signal()
            }
            finished.wait()
            return (timeline.withLock { $0 }, ResourceUsage.cpuSeconds() - cpu)
        }
        // A first request opens the keep-alive connection both loads then use: a fresh
        // connection makes FoundationNetworking spin a core for the whole transfer.
        _ = load("/warm", options: [.avoidDecodeImage])
        let (_, plainCPU) = load("/plain", options: [])
        let (progressive, progressiveCPU) = load("/progressive", options: [.progressiveLoad])
        let full = progressive.done ?? .nan
        return [
            Row(scenario: label, metric: "partial images delivered, \(name)", unit: "count",
                osprey: Stat([Double(progressive.partials)]), note: String(format: "full image after %.2f s", full)),
            Row(scenario: label, metric: "time to first partial ÷ time to full, \(name)", unit: "ratio",
                osprey: Stat([(progressive.firstPartial ?? .nan) / full]),
                note: String(format: "first partial after %.2f s", progressive.firstPartial ?? .nan)),
            Row(scenario: label, metric: "process CPU, progressive load ÷ plain load, \(name)", unit: "s",
                osprey: Stat([progressiveCPU]), baselineName: "plain load", baseline: Stat([plainCPU]),
                note: "whole process over the dripped download, URLSession's CPU included in both"),
        ]
    }

    private static func cpu(_ body: () throws -> Void) throws -> Double {
        let start = ProgressiveFixtures.threadCPUSeconds()
        try body()
        return ProgressiveFixtures.threadCPUSeconds() - start
    }
}
