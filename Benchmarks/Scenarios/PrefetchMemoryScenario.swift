import Foundation
import Osprey

/// Peak resident set (VmHWM) while `ImagePrefetcher` loads 1,000 images with the
/// memory cache limited to L; reported as peak − L. Target ≤ 64 MiB.
///
/// It runs in a fresh child process (``PrefetchChild``) so that what earlier scenarios left
/// in the allocator does not count, and so that the peak is this load's alone.
struct PrefetchMemoryScenario: Scenario {
    let id = "7"
    let title = "peak memory, 1,000-image prefetch"
    static let count = 1000
    static let limit = 64 << 20

    func run(in bench: Bench) throws -> [Row] {
        try bench.fixtures.requirePNG()
        guard ResourceUsage.peakResidentBytes() != nil else { throw Skip("no /proc/self/status VmHWM on this system") }
        let rounds = Rounds(count: bench.size(quick: 1, full: 3), warmup: 0)
        let reports = try rounds.repeated { () throws -> PrefetchChild.Report in
            let urlsFile = bench.workDirectory.appendingPathComponent("prefetch-urls.txt")
            try bench.freshURLs(Self.count).map(\.absoluteString).joined(separator: "\n")
                .write(to: urlsFile, atomically: true, encoding: .utf8)
            let cacheDirectory = try bench.makeDirectory("prefetch-cache")
            let output = try ChildProcess.run(ChildProcess.selfExecutable,
                                              [PrefetchChild.name, urlsFile.path, String(Self.limit), cacheDirectory.path])
            guard output.status == 0, let line = output.stdout.split(separator: "\n").last,
                  let report = try? JSONDecoder().decode(PrefetchChild.Report.self, from: Data(line.utf8)) else {
                throw BenchError("prefetch child failed (\(output.status)): \(output.stdout.suffix(200)) \(output.stderr.suffix(300))")
            }
            guard report.finished == Self.count else {
                throw BenchError("prefetch finished \(report.finished) of \(Self.count) (skipped \(report.skipped))")
            }
            return report
        }
        let mib = Double(1 << 20)
        let label = "\(id) \(title)"
        let last = reports.last!
        return [
            Row(scenario: label, metric: "peak RSS − L (L = 64 MiB)", unit: "MiB",
                osprey: Stat(reports.map { Double($0.peakBytes - Self.limit) / mib }),
                target: .value(.atMost, 64, source: "a prefetch holds at most 64 MiB above the memory limit"),
                note: String(format: "fresh child process: RSS %.0f MiB before the prefetch, peak %.0f MiB, memory cache held %.0f MiB at the end; %.1f s",
                             Double(last.startBytes) / mib, Double(last.peakBytes) / mib, Double(last.memoryCost) / mib, last.seconds)),
            Row(scenario: label, metric: "peak RSS − RSS before − L", unit: "MiB",
                osprey: Stat(reports.map { Double($0.peakBytes - $0.startBytes - Self.limit) / mib }),
                note: "the prefetch's own overhead above the cache limit, without the runtime's baseline"),
        ]
    }
}

/// The child side: `osprey-bench prefetch-child <urls file> <memory limit> <cache folder>`
/// prefetches the URLs with a fresh manager and prints one JSON ``Report`` line.
enum PrefetchChild {
    static let name = "prefetch-child"

    struct Report: Codable {
        var startBytes: Int
        var peakBytes: Int
        var memoryCost: Int
        var finished: Int
        var skipped: Int
        var seconds: Double
    }

    static func run(arguments: [String]) -> Never {
        guard arguments.count == 3, let limit = Int(arguments[1]),
              let list = try? String(contentsOfFile: arguments[0], encoding: .utf8) else {
            FileHandle.standardError.write(Data("usage: prefetch-child <urls file> <limit> <cache folder>\n".utf8))
            exit(2)
        }
        let urls = list.split(separator: "\n").compactMap { URL(string: String($0)) }
        let stack = OspreyStack(directory: URL(fileURLWithPath: arguments[2]), memoryLimit: limit)
        let prefetcher = ImagePrefetcher(manager: stack.manager)
        let summary = Box<PrefetchSummary?>(nil)
        let done = DispatchSemaphore(value: 0)
        let start = ResourceUsage.residentBytes() ?? 0
        ResourceUsage.resetPeakResident()
        let began = Clock.now()
        prefetcher.prefetchURLs(urls, context: OspreyStack.context, completed: { result in
            summary.withLock { $0 = result }
            done.signal()
        })
        guard done.wait(timeout: .now() + 300) == .success, let result = summary.withLock({ $0 }) else {
            FileHandle.standardError.write(Data("prefetch did not finish within 300 s\n".utf8))
            exit(1)
        }
        let seconds = Clock.now() - began
        let report = Report(startBytes: start, peakBytes: ResourceUsage.peakResidentBytes() ?? 0,
                            memoryCost: stack.cache.memoryCache.totalCost, finished: result.finishedCount,
                            skipped: result.skippedCount, seconds: seconds)
        stack.close()
        let line = (try? JSONEncoder().encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        print(line)
        exit(0)
    }
}
