import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Osprey

/// Cold loads through `ImageManager.loadImage` with PNG decoding (and the default
/// memory + disk store), beside raw URLSession + the same decode on a concurrent queue; the
/// decode's share of Osprey's CPU time.
struct ColdLoadScenario: Scenario {
    let id = "2"
    let title = "cold load with decode"

    func run(in bench: Bench) throws -> [Row] {
        try bench.fixtures.requirePNG()
        let n = bench.size(quick: 200, full: 500)
        let stack = OspreyStack(directory: try bench.makeDirectory("cold-load"), memoryLimit: 64 << 20)
        let session = DecodingSessionDriver(concurrency: ColdDownloadScenario.concurrency)
        defer {
            stack.close()
            session.close()
        }
        let samples = try bench.rounds.alternate(
            osprey: { try TimeSample.measure { try stack.load(try bench.freshURLs(n)) } },
            baseline: { try TimeSample.measure { try session.fetchAndDecode(try bench.freshURLs(n)) } })

        // The decode alone: every fixture once, serially, on this thread.
        let names = try bench.fixtures.downloadImages()
        let bodies = try names.map { try bench.fixtures.data($0) }
        let decodeSamples = try bench.rounds.repeated {
            try TimeSample.measure { for body in bodies { _ = try ImageCoders.shared.decode(body) } }.cpu / Double(bodies.count)
        }
        let decodePerImage = Stat(decodeSamples).median
        let label = "\(id) \(title)"
        let cpu = Stat(samples.osprey.map { $0.cpu / Double(n) * 1e6 })
        return [
            Row(scenario: label, metric: "wall, \(n) loads", unit: "ms", osprey: Stat(samples.osprey.map { $0.wall * 1000 }),
                baselineName: "URLSession + decode", baseline: Stat(samples.baseline.map { $0.wall * 1000 }),
                note: "Osprey also stores every image (memory, 64 MiB limit, and disk); the baseline stores nothing"),
            Row(scenario: label, metric: "CPU per load", unit: "µs", osprey: cpu,
                baselineName: "URLSession + decode", baseline: Stat(samples.baseline.map { $0.cpu / Double(n) * 1e6 })),
            Row(scenario: label, metric: "decode share of Osprey's CPU", unit: "%",
                osprey: Stat(samples.osprey.map { decodePerImage / ($0.cpu / Double(n)) * 100 }),
                note: String(format: "PNG decode of one 256×256 fixture alone: %.0f µs CPU", decodePerImage * 1e6)),
        ]
    }
}

/// The baseline for a load with decode: raw URLSession data tasks (same concurrency gate as
/// ``URLSessionDriver``), each body decoded on a concurrent queue.
final class DecodingSessionDriver: Sendable {
    private let inner: URLSessionDriver
    private let decodeQueue = DispatchQueue(label: "bench.decode", attributes: .concurrent)

    init(concurrency: Int) {
        inner = URLSessionDriver(concurrency: concurrency)
    }

    func fetchAndDecode(_ urls: [URL]) throws {
        let latch = Latch(count: urls.count)
        let next = Box(0)
        for _ in 0..<min(inner.concurrency, urls.count) { startNext(urls, next: next, latch: latch) }
        try latch.wait(what: "URLSession downloads with decode")
    }

    private func startNext(_ urls: [URL], next: Box<Int>, latch: Latch) {
        let index: Int? = next.withLock { value in
            guard value < urls.count else { return nil }
            value += 1
            return value - 1
        }
        guard let index else { return }
        inner.session.dataTask(with: urls[index]) { data, _, error in
            self.startNext(urls, next: next, latch: latch)
            guard let data, error == nil else { return latch.arrive(failure: "\(String(describing: error))") }
            self.decodeQueue.async {
                latch.arrive(failure: (try? ImageCoders.shared.decode(data)) == nil ? "decode failed" : nil)
            }
        }.resume()
    }

    func close() {
        inner.close()
    }
}
