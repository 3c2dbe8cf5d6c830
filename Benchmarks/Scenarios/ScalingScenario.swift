import Foundation

/// Cold-download time per image for N = 100, 1,000, 5,000 — it should stay flat
/// (queue bookkeeping, handler tables and the URL map must not grow worse than linearly).
struct ScalingScenario: Scenario {
    let id = "8"
    let title = "scaling"

    func run(in bench: Bench) throws -> [Row] {
        let sizes = [100, 1000, 5000]
        let concurrency = ColdDownloadScenario.concurrency
        let osprey = OspreyDownloadDriver(concurrency: concurrency)
        let session = URLSessionDriver(concurrency: concurrency)
        defer {
            osprey.close()
            session.close()
        }
        // Warm both clients' connections once, so N = 100 does not pay for connecting.
        try osprey.fetch(try bench.freshURLs(50))
        try session.fetch(try bench.freshURLs(50))

        let rounds = Rounds(count: bench.size(quick: 1, full: 3), warmup: 0)
        let label = "\(id) \(title)"
        var rows: [Row] = []
        var perImage: [Int: (osprey: Double, baseline: Double)] = [:]
        for n in sizes {
            let samples = try rounds.alternate(
                osprey: { try TimeSample.measure { try osprey.fetch(try bench.freshURLs(n)) } },
                baseline: { try TimeSample.measure { try session.fetch(try bench.freshURLs(n)) } })
            let o = Stat(samples.osprey.map { $0.wall / Double(n) * 1e6 })
            let b = Stat(samples.baseline.map { $0.wall / Double(n) * 1e6 })
            perImage[n] = (o.median, b.median)
            rows.append(Row(scenario: label, metric: "wall per image, N = \(n)", unit: "µs", osprey: o,
                            baselineName: "URLSession", baseline: b))
            let oc = Stat(samples.osprey.map { $0.cpu / Double(n) * 1e6 })
            let bc = Stat(samples.baseline.map { $0.cpu / Double(n) * 1e6 })
            rows.append(Row(scenario: label, metric: "CPU per image, N = \(n)", unit: "µs", osprey: oc,
                            baselineName: "URLSession", baseline: bc))
        }
        let first = perImage[sizes.first!]!
        let last = perImage[sizes.last!]!
        rows.append(Row(scenario: label, metric: "per-image wall, N = \(sizes.last!) ÷ N = \(sizes.first!)", unit: "×",
                        osprey: Stat(single: last.osprey / first.osprey), baselineName: "URLSession",
                        baseline: Stat(single: last.baseline / first.baseline),
                        target: .value(.atMost, 1.25, source: "per-image time stays flat as N grows; 1.25 is this suite's reading of flat"),
                        note: "the ratio column compares Osprey's growth with URLSession's"))
        return rows
    }
}
