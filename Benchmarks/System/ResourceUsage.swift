import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// CPU time and resident memory of this process (and of a child by PID), from `getrusage`
/// and `/proc`.
enum ResourceUsage {
    /// User + system CPU seconds this process has used so far (all threads).
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// User + system CPU seconds of waited-for children (e.g. `curl`) so far.
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// User + system CPU seconds of a running process, from `/proc/<pid>/stat`; nil when it
    /// cannot be read (not Linux, process gone).
    static func cpuSeconds(ofProcess pid: Int32) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        // Fields after "comm)": state is field 3, utime 14, stime 15 (1-based).
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The peak resident set (VmHWM) in bytes, or nil where `/proc/self/status` is missing.
    static func peakResidentBytes() -> Int? { statusField("VmHWM") }

    /// The current resident set (VmRSS) in bytes.
    static func residentBytes() -> Int? { statusField("VmRSS") }

    /// Resets VmHWM to the current RSS (Linux ≥ 4.0: write "5" to clear_refs), so that a
    /// later peak belongs to what ran in between. Returns false where that is not allowed.
    @discardableResult
    static func resetPeakResident() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }

    private static func statusField(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            if let kilobytes = digits.first { return kilobytes * 1024 }
        }
        return nil
    }

    private static func seconds(_ value: timeval) -> Double {
        Double(value.tv_sec) + Double(value.tv_usec) * 1e-6
    }
}

/// Wall and CPU time of one measured stretch.
struct TimeSample: Sendable {
    var wall: Double
    var cpu: Double

    /// Runs `body`, measuring wall time and this process's CPU time.
    static func measure(_ body: () throws -> Void) rethrows -> TimeSample {
        let cpu0 = ResourceUsage.cpuSeconds()
        let wall0 = Clock.now()
        try body()
        return TimeSample(wall: Clock.now() - wall0, cpu: ResourceUsage.cpuSeconds() - cpu0)
    }
}
