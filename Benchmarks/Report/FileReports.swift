import Foundation

/// `--json PATH` (for machines) and `--markdown PATH` (for the README and LATEST.md).
enum FileReports {
    struct Document: Codable {
        var machine: Machine
        var rows: [Row]
        var notes: [String]
    }

    static func writeJSON(to path: String, rows: [Row], notes: [String], machine: Machine) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        try encoder.encode(Document(machine: machine, rows: rows, notes: notes))
            .write(to: URL(fileURLWithPath: path))
    }

    static func markdown(rows: [Row], notes: [String], machine: Machine) -> String {
        var out = "# osprey-bench — \(machine.mode) mode\n\n"
        out += "- Date: \(machine.date)\n"
        out += "- Machine: \(machine.cores) cores (\(machine.cpu)), \(machine.memoryGiB) GiB, \(machine.kernel); load average at the end \(machine.loadAverage)\n"
        out += "- Toolchain: \(machine.swift), release build\n"
        out += "- Server for the download scenarios: \(machine.server)\n"
        out += "- References: \(machine.references)\n\n"
        out += "Figures are median / p90 over rounds; Osprey and its baseline alternate in one process. "
        out += "Ratio = Osprey ÷ baseline (medians).\n\n"
        out += "| " + TableReport.header.joined(separator: " | ") + " |\n"
        out += "|" + String(repeating: "---|", count: TableReport.header.count) + "\n"
        for row in rows {
            var cells = TableReport.cells(row).map { $0.replacingOccurrences(of: "|", with: "\\|") }
            if row.verdict == .missed || row.verdict == .error { cells[7] = "**\(cells[7])**" }
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        let rowNotes = rows.filter { !$0.note.isEmpty }.map { "**\($0.scenario) — \($0.metric)**: \($0.note)" }
        if !(rowNotes + notes).isEmpty {
            out += "\n## Notes\n\n" + (rowNotes + notes).map { "- " + $0 }.joined(separator: "\n") + "\n"
        }
        let targets = rows.filter { $0.target != nil }
        out += "\n## Targets\n\n"
        for row in targets {
            let source = row.target.map { " (\($0.source))" } ?? ""
            let figure = row.target?.subject == .ratio ? Format.ratio(row.ratio) : Format.number(row.osprey?.median ?? .nan)
            out += "- \(row.scenario), \(row.metric): \(figure) against \(row.target!.text)\(source) — \(row.verdict.rawValue)\n"
        }
        return out
    }
}
