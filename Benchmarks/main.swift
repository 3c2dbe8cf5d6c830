import Foundation

// osprey-bench: Osprey beside its baselines in one process. `--quick` for CI.
// Exits non-zero only when a scenario throws — never for a missed ratio.

let arguments = Array(CommandLine.arguments.dropFirst())

// Helper children: the embedded server and the isolated memory measurement re-run this
// executable with a subcommand.
if arguments.first == ServeCommand.name, arguments.count == 2 {
    ServeCommand.run(folder: arguments[1])
}
if arguments.first == PrefetchChild.name {
    PrefetchChild.run(arguments: Array(arguments.dropFirst()))
}
if arguments.first == DecodePeakChild.name {
    DecodePeakChild.run(arguments: Array(arguments.dropFirst()))
}
if arguments.first == JPEGPeakChild.name {
    JPEGPeakChild.run(arguments: Array(arguments.dropFirst()))
}
if arguments.first == ThumbnailPeakChild.name {
    ThumbnailPeakChild.run(arguments: Array(arguments.dropFirst()))
}

let options: BenchOptions
do {
    options = try BenchOptions(arguments: arguments)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

let scenarios = ScenarioList.all
if options.listOnly {
    for scenario in scenarios { print(scenario.label) }
    exit(0)
}

let bench: Bench
do {
    bench = try Bench(options: options)
} catch {
    FileHandle.standardError.write(Data("cannot create the scratch folder: \(error)\n".utf8))
    exit(2)
}
let started = Clock.now()
let rows = ScenarioRunner(bench: bench).run(scenarios)
let machine = Machine.current(bench: bench, server: bench.hostName)
bench.finish()
bench.log(String(format: "total %.1f s", Clock.now() - started))

print(TableReport.render(rows: rows, notes: bench.notes, machine: machine), terminator: "")
do {
    if let path = options.jsonPath {
        try FileReports.writeJSON(to: path, rows: rows, notes: bench.notes, machine: machine)
    }
    if let path = options.markdownPath {
        try FileReports.markdown(rows: rows, notes: bench.notes, machine: machine)
            .write(toFile: path, atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("cannot write a report: \(error)\n".utf8))
    exit(1)
}
exit(rows.contains { $0.verdict == .error } ? 1 : 0)
