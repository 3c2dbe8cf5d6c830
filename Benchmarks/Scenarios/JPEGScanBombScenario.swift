import Foundation
import Osprey
import OspreyTestSupport

/// Hostile progressive JPEGs: the CPU of a scan bomb and of a valid file of many distinct scans
/// beside Pillow (libjpeg-turbo), and the peak memory of a frame at the pixel limit.
///
/// Files are written scan by scan (``ProgressiveJPEGScans``; every coefficient zero, so each
/// scan is its header and an end-of-band run):
/// - scan bomb: 1024 × 1024 grayscale, libjpeg's luma scans, then 300 copies of the last
///   refinement scan. libjpeg-turbo decodes every copy; Osprey refuses the first copy (a scan
///   must advance the successive approximation of what it codes), so its figure is the time to
///   the error.
/// - many distinct scans: 2048 × 2048 4:4:4 colour, an interleaved DC scan and its refinement,
///   then for each component the band 1–63 first at Al 13 and refined bit by bit to Al 0:
///   44 scans, each advancing every coefficient it codes (a valid file).
/// - memory: 8192² progressive frames (the default pixel limit) cut after a kilobyte of scan
///   data, decoded in a fresh child process; its peak resident set ÷ the 256 MiB RGBA output.
///   4:4:4 CMYK (512 MiB of coefficients) is refused up front, 4:2:0 colour decodes.
struct JPEGScanBombScenario: Scenario {
    let id = "jpeg-scans"
    let title = "JPEG scan bombs and peak memory"

    static func scanBomb() -> [UInt8] {
        var file = ProgressiveJPEGScans(width: 1024, height: 1024, components: [.init(id: 1)])
        file.dcScan([0])
        file.acScan(0, ss: 1, se: 5, al: 2)
        file.acScan(0, ss: 6, se: 63, al: 2)
        file.acScan(0, ss: 1, se: 63, ah: 2, al: 1)
        for _ in 0..<301 { file.acScan(0, ss: 1, se: 63, ah: 1, al: 0) }
        return file.finished()
    }

    static func manyScans() -> [UInt8] {
        var file = ProgressiveJPEGScans(width: 2048, height: 2048, components: (1...3).map { .init(id: UInt8($0)) })
        file.dcScan([0, 1, 2], al: 1)
        for c in 0..<3 {
            file.acScan(c, ss: 1, se: 63, al: 13)
            for al in stride(from: 12, through: 0, by: -1) { file.acScan(c, ss: 1, se: 63, ah: al + 1, al: al) }
        }
        file.dcScan([0, 1, 2], ah: 1, al: 0)
        return file.finished()
    }

    static func memoryBomb(_ components: [ProgressiveJPEGScans.Component]) -> [UInt8] {
        var file = ProgressiveJPEGScans(width: 8192, height: 8192, components: components)
        let header = file.bytes.count
        file.dcScan(Array(components.indices))
        return file.truncated(header + 1024)
    }

    func run(in bench: Bench) throws -> [Row] {
        let folder = try bench.makeDirectory("jpeg-scans")
        let python = bench.python
        let hasPillow = python.probe.pillow != nil
        var rows: [Row] = []
        let iterations = bench.size(quick: 2, full: 5)
        for (name, bytes, expectation) in [("scan bomb: 1024² + 301 identical refinement scans", Self.scanBomb(),
                                            "Osprey: badImageData at the first repeat"),
                                           ("valid file of 44 distinct scans, 2048² 4:4:4", Self.manyScans(),
                                            "both decode it")] {
            let file = folder.appendingPathComponent("\(rows.count).jpg")
            let data = Data(bytes)
            try data.write(to: file)
            let item = PythonReference.Item(kind: .jpeg, file: file)
            let samples = try bench.rounds.alternate(
                osprey: {
                    Stat((0..<iterations).map { _ in
                        TimeSample.measure { _ = try? ImageCoders.shared.decode(data) }.cpu
                    }).median
                },
                baseline: { try python.measure([item], iterations: iterations)[item] ?? .nan })
            rows.append(Row(scenario: label, metric: "CPU, \(name)", unit: "ms",
                            osprey: Stat(samples.osprey.map { $0 * 1000 }),
                            baselineName: hasPillow ? "Pillow" : "—",
                            baseline: hasPillow ? Stat(samples.baseline.map { $0 * 1000 }) : nil,
                            target: .ratio(.atMost, 1.2, source: "≤ 1.2 × Pillow"),
                            note: "\(data.count / 1000) kB; \(expectation); Osprey CPU seconds in process, Pillow wall "
                                + "time of open + load + RGBA" + (hasPillow ? "" : "; \(python.pillowStatus): no reference figure")))
        }
        guard ResourceUsage.peakResidentBytes() != nil else {
            rows.append(.outcome(.skipped, scenario: label, metric: "peak RSS ÷ output", note: "no /proc/self/status VmHWM"))
            return rows
        }
        let output = Double(8192 * 8192 * 4)
        for (name, components) in [("8192² 4:2:0 YCbCr", [ProgressiveJPEGScans.Component(id: 1, h: 2, v: 2), .init(id: 2), .init(id: 3)]),
                                   ("8192² 4:4:4 CMYK", (1...4).map { ProgressiveJPEGScans.Component(id: UInt8($0)) })] {
            let file = folder.appendingPathComponent("memory-\(components.count).jpg")
            try Data(Self.memoryBomb(components)).write(to: file)
            let result = try ChildProcess.run(ChildProcess.selfExecutable, [JPEGPeakChild.name, file.path])
            guard result.status == 0, let line = result.stdout.split(separator: "\n").last,
                  let report = try? JSONDecoder().decode(JPEGPeakChild.Report.self, from: Data(line.utf8)) else {
                throw BenchError("jpeg peak child failed (\(result.status)): \(result.stderr.suffix(300))")
            }
            rows.append(Row(scenario: label, metric: "peak RSS ÷ RGBA output, 1 kB progressive \(name)", unit: "×",
                            osprey: Stat([Double(report.peakBytes) / output]),
                            target: .value(.atMost, 1.25 + 32 / 256, source: "≤ 1.25 × output + 32 MiB"),
                            note: String(format: "fresh child: peak %.0f MiB, %@", Double(report.peakBytes) / Double(1 << 20),
                                         report.outcome)))
        }
        return rows
    }
}

/// The child side: `osprey-bench jpeg-peak-child <file>` decodes the file once and prints one
/// JSON ``Report`` line with its peak resident set.
enum JPEGPeakChild {
    static let name = "jpeg-peak-child"

    struct Report: Codable {
        var peakBytes: Int
        var outcome: String
    }

    static func run(arguments: [String]) -> Never {
        guard arguments.count == 1, let data = FileManager.default.contents(atPath: arguments[0]) else {
            FileHandle.standardError.write(Data("usage: jpeg-peak-child <file>\n".utf8))
            exit(2)
        }
        var outcome: String
        do {
            let image = try ImageCoders.shared.decode(data)
            outcome = "decoded \(image.pixelWidth)×\(image.pixelHeight)"
        } catch {
            outcome = "refused: \(error.code)"
        }
        let report = Report(peakBytes: ResourceUsage.peakResidentBytes() ?? 0, outcome: outcome)
        print(String(decoding: (try? JSONEncoder().encode(report)) ?? Data(), as: UTF8.self))
        exit(0)
    }
}
