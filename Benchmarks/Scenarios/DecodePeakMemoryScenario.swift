import Foundation
import Osprey
import OspreyTestSupport

/// Safety: a decoder's peak memory on a bomb, the smallest file of its format that decodes to
/// an 8192 × 8192 picture (lossy WebP: 16383 × 4096), as peak resident bytes beyond what the
/// process held before the decode, ÷ the RGBA output's size. 1.00 means the output is the only
/// large buffer; a second full-size buffer makes it 2. Target ≤ 1.25 (the output plus an index
/// plane at most); there is no baseline beside it, the figure is a ratio to the output itself.
///
/// Each bomb is decoded in a fresh child (``DecodePeakChild``) so the peak is that decode's alone.
struct DecodePeakMemoryScenario: Scenario {
    let id = "decode-memory"
    let title = "decoder peak memory on bombs"
    static let side = 8192

    func run(in bench: Bench) throws -> [Row] {
        guard ResourceUsage.peakResidentBytes() != nil else { throw Skip("no /proc/self/status VmHWM on this system") }
        let folder = try bench.makeDirectory("decode-bombs")
        let label = "\(id) \(title)"
        let mib = Double(1 << 20)
        var rows: [Row] = []
        for bomb in DecoderBombs.all(side: Self.side) {
            let file = folder.appendingPathComponent("bomb-\(bomb.name)")
            try Data(bomb.bytes).write(to: file)
            let reports = try Rounds(count: bench.size(quick: 1, full: 3), warmup: 0).repeated {
                () throws -> DecodePeakChild.Report in
                let output = try ChildProcess.run(ChildProcess.selfExecutable, [DecodePeakChild.name, file.path])
                guard output.status == 0, let line = output.stdout.split(separator: "\n").last,
                      let report = try? JSONDecoder().decode(DecodePeakChild.Report.self, from: Data(line.utf8)) else {
                    throw BenchError("decode-peak child failed on \(bomb.name) (\(output.status)): \(output.stderr.suffix(300))")
                }
                return report
            }
            let last = reports.last!
            rows.append(Row(scenario: label, metric: "\(bomb.name) \(bomb.width)×\(bomb.height): peak ÷ output",
                            unit: "×", osprey: Stat(reports.map { Double($0.peakBytes - $0.startBytes) / Double(bomb.outputBytes) }),
                            target: .value(.atMost, 1.25, source: "safety: decoder peak memory"),
                            note: String(format: "%d-byte file; fresh child: %.0f MiB before the decode, peak %.0f MiB, output %.0f MiB; %.2f s",
                                         bomb.bytes.count, Double(last.startBytes) / mib, Double(last.peakBytes) / mib,
                                         Double(bomb.outputBytes) / mib, last.seconds)))
        }
        return rows
    }
}

/// The child side: `osprey-bench decode-peak-child <file>` decodes the file once through
/// `ImageCoders.shared` and prints one JSON ``Report`` line: resident bytes after reading the
/// file (the peak counter is reset there) and the peak during the decode.
enum DecodePeakChild {
    static let name = "decode-peak-child"

    struct Report: Codable {
        var startBytes: Int
        var peakBytes: Int
        var seconds: Double
    }

    static func run(arguments: [String]) -> Never {
        guard arguments.count == 1, let data = FileManager.default.contents(atPath: arguments[0]) else {
            FileHandle.standardError.write(Data("usage: decode-peak-child <file>\n".utf8))
            exit(2)
        }
        let start = ResourceUsage.residentBytes() ?? 0
        ResourceUsage.resetPeakResident()
        let began = Clock.now()
        do {
            let image = try ImageCoders.shared.decode(data)
            let seconds = Clock.now() - began
            let report = Report(startBytes: start, peakBytes: ResourceUsage.peakResidentBytes() ?? 0, seconds: seconds)
            withExtendedLifetime(image) {}
            print((try? JSONEncoder().encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? "{}")
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("decode failed: \(error)\n".utf8))
            exit(1)
        }
    }
}
