import Foundation

/// One benchmark scenario: it measures Osprey beside a baseline and returns report rows.
///
/// Throwing ``Skip`` means "cannot run here" (a library part or tool is missing); any other
/// error is a failure of the scenario, which makes the process exit non-zero.
protocol Scenario {
    /// Short stable id, e.g. "1" or "mem-ops", for `--only`.
    var id: String { get }
    /// What it measures, e.g. "cold download".
    var title: String { get }
    func run(in bench: Bench) throws -> [Row]
}

extension Scenario {
    /// "1 cold download": how rows name the scenario.
    var label: String { "\(id) \(title)" }
}

/// Runs scenarios one after another, turning skips and errors into rows.
struct ScenarioRunner {
    let bench: Bench

    func run(_ scenarios: [any Scenario]) -> [Row] {
        var rows: [Row] = []
        for scenario in scenarios where bench.options.selects(id: scenario.id, title: scenario.title) {
            bench.log("▶ \(scenario.label)")
            let start = Clock.now()
            do {
                let produced = try scenario.run(in: bench)
                rows += produced
                for row in produced where row.verdict == .skipped {
                    bench.log("  skipped \(row.metric): \(row.note)")
                }
            } catch let skip as Skip {
                rows.append(.outcome(.skipped, scenario: scenario.label, note: skip.description))
                bench.log("  skipped: \(skip.description)")
            } catch {
                rows.append(.outcome(.error, scenario: scenario.label, note: "\(error)"))
                bench.log("  ERROR: \(error)")
            }
            bench.log(String(format: "  done in %.1f s", Clock.now() - start))
        }
        return rows
    }
}
