import Foundation

/// Where and when the run happened, for the reports.
struct Machine: Codable {
    var date: String
    var cores: Int
    var cpu: String
    var memoryGiB: Double
    var swift: String
    var kernel: String
    var mode: String
    var server: String
    var references: String
    /// `/proc/loadavg` at the end: these machines are shared, a high load explains noise.
    var loadAverage: String

    static func current(bench: Bench, server: String) -> Machine {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
        let swift = ChildProcess.which("swift").flatMap { try? ChildProcess.run($0, ["--version"]) }
            .flatMap { $0.stdout.split(separator: "\n").first(where: { $0.contains("Swift version") }) }
            .map(String.init) ?? "unknown"
        var uts = utsname()
        uname(&uts)
        let release = withUnsafeBytes(of: &uts.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let python = bench.python
        return Machine(
            date: formatter.string(from: Date()) + " UTC",
            cores: ProcessInfo.processInfo.activeProcessorCount,
            cpu: model,
            memoryGiB: (Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30) * 10).rounded() / 10,
            swift: swift,
            kernel: "Linux \(release)",
            mode: bench.quick ? "quick" : "full",
            server: server,
            references: "\(python.pillowStatus); zlib \(python.probe.zlib ?? "n/a"); curl \(ChildProcess.which("curl") != nil ? "installed" : "not installed")",
            loadAverage: ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?")
                .split(separator: " ").prefix(3).joined(separator: " ")
        )
    }
}
