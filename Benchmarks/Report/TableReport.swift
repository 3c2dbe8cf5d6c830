import Foundation

/// The stdout table: scenario, metric, Osprey, baseline, ratio, target, verdict; then notes.
enum TableReport {
    static let header = ["scenario", "metric", "Osprey med / p90", "baseline", "baseline med / p90", "ratio", "target", "verdict"]

    static func cells(_ row: Row) -> [String] {
        [row.scenario, row.metric + (row.unit.isEmpty ? "" : " (\(row.unit))"), Format.stat(row.osprey),
         row.baselineName, Format.stat(row.baseline), Format.ratio(row.ratio),
         row.target?.text ?? "—", row.verdict.rawValue]
    }

    static func render(rows: [Row], notes: [String], machine: Machine) -> String {
        let table = [header] + rows.map(cells)
        var widths = [Int](repeating: 0, count: header.count)
        for line in table {
            for (i, cell) in line.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func pad(_ line: [String]) -> String {
            line.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        var out = "osprey-bench (\(machine.mode)) — \(machine.date), \(machine.cores) cores, \(machine.swift), load \(machine.loadAverage)\n\n"
        out += pad(header) + "\n"
        out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for line in table.dropFirst() { out += pad(line) + "\n" }
        let rowNotes = rows.filter { !$0.note.isEmpty }.map { "\($0.scenario) — \($0.metric): \($0.note)" }
        if !(rowNotes + notes).isEmpty {
            out += "\nNotes:\n" + (rowNotes + notes).map { "  • " + $0 }.joined(separator: "\n") + "\n"
        }
        let counts = Dictionary(grouping: rows, by: \.verdict).mapValues(\.count)
        out += "\n" + [Verdict.met, .missed, .notApplicable, .skipped, .error]
            .map { "\($0.rawValue): \(counts[$0] ?? 0)" }.joined(separator: ", ") + "\n"
        return out
    }
}
