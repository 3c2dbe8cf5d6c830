import Foundation
import LoopbackServer
import Osprey

/// 64 concurrent loads of one URL must make exactly one network request; their
/// wall time ÷ that of a single load shows what joining costs. The server runs in this
/// process here, because the request count is read from it.
struct CoalescingScenario: Scenario {
    let id = "3"
    let title = "coalescing"
    static let loads = 64

    func run(in bench: Bench) throws -> [Row] {
        let server = try LoopbackServer()
        defer { server.stop() }
        let names = try bench.fixtures.downloadImages()
        let body = try bench.fixtures.data(names[0])
        let decode = bench.fixtures.hasPNG
        let loader = try CoalescingLoader(bench: bench, decode: decode)
        defer { loader.close() }

        var round = 0
        let requests = Box<[Double]>([])
        func load(copies: Int) throws -> Double {
            round += 1
            let path = "/coalesce-\(round).png"
            server.setRoute(path, .ok(body))
            let url = server.url(path)
            let wall = try Clock.time { try loader.load(url, copies: copies) }
            if copies > 1 {
                let count = Double(server.requestCount(for: path))
                requests.withLock { $0.append(count) }
            }
            return wall * 1000
        }
        let samples = try bench.rounds.alternate(osprey: { try load(copies: Self.loads) },
                                                 baseline: { try load(copies: 1) })
        let counts = requests.withLock { $0 }
        let label = "\(id) \(title)"
        let what = decode ? "with decode" : "no decode (no PNG decoder yet)"
        return [
            Row(scenario: label, metric: "network requests for \(Self.loads) loads (worst round)", unit: "requests",
                osprey: Stat(single: counts.max() ?? .nan),
                target: .value(.exactly, 1, source: "identical concurrent loads make one request"),
                note: "through \(loader.name), \(what); requests per round (warm-up first): "
                    + counts.map { String(Int($0)) }.joined(separator: ", ")),
            Row(scenario: label, metric: "wall, \(Self.loads) joined loads", unit: "ms", osprey: Stat(samples.osprey),
                baselineName: "one load", baseline: Stat(samples.baseline),
                note: "ratio = what 63 extra callers cost on top of one load"),
        ]
    }
}

/// Loads one URL `copies` times at once through `ImageManager.loadImage` (fresh cache in a
/// scratch folder) and waits for every completion.
final class CoalescingLoader {
    let name = "ImageManager.loadImage"
    private let stack: OspreyStack
    private let options: ImageOptions

    init(bench: Bench, decode: Bool) throws {
        stack = OspreyStack(directory: try bench.makeDirectory("coalescing"), memoryLimit: 64 << 20)
        options = decode ? [] : [.avoidDecodeImage]
    }

    func load(_ url: URL, copies: Int) throws {
        try stack.load([URL](repeating: url, count: copies), options: options)
    }

    func close() {
        stack.close()
    }
}
