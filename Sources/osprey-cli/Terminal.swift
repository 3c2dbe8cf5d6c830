import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output helpers: a progress bar on a terminal, plain lines otherwise.
enum Terminal {
    /// Whether standard output is a terminal (progress redraws in place) or a pipe/file.
    static let isInteractive = isatty(STDOUT_FILENO) == 1

    /// Writes to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// A bar like `[#########           ] 120/200` redrawn in place on a terminal; without one,
    /// a line every `plainEvery` steps and at the end, so logs stay short.
    static func progress(_ done: Int, of total: Int, label: String, plainEvery: Int = 50) {
        if isInteractive {
            let width = 30
            let filled = total == 0 ? width : done * width / total
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            print("\r\(label) [\(bar)] \(done)/\(total)", terminator: done == total ? "\n" : "")
            fflush(nil)
        } else if done == total || done % plainEvery == 0 {
            print("\(label): \(done)/\(total)")
        }
    }

    /// A left-aligned text table with a header rule.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }

    /// `1.5 MB`-style byte counts.
    static func bytes(_ count: Int) -> String {
        let units = ["B", "kB", "MB", "GB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 { value /= 1000; unit += 1 }
        return unit == 0 ? "\(count) B" : String(format: "%.1f", value) + " " + units[unit]
    }

    /// Milliseconds with one decimal.
    static func milliseconds(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
}
