import Foundation
import Osprey

/// Issue 7 §6 / issue 3: PNG decode in megapixels/s for a large RGBA and a large palette PNG
/// (and the 256 × 256 download image), beside Pillow when installed; inflate in MB/s of
/// output beside Python's zlib. Target: decode ≥ 0.8 × Pillow.
struct DecoderScenario: Scenario {
    let id = "6"
    let title = "decoders"

    struct Case {
        var name: String
        var file: URL
        var data: Data
        var pixels: Int
    }

    func run(in bench: Bench) throws -> [Row] {
        try bench.fixtures.requirePNG()
        let folder = try bench.makeDirectory("decoders")
        let (width, height) = (2048, 1536)
        var cases: [Case] = []
        func add(_ name: String, _ data: Data) throws {
            let file = folder.appendingPathComponent(name.replacingOccurrences(of: " ", with: "-") + ".png")
            try data.write(to: file)
            let image = try ImageCoders.shared.decode(data)
            cases.append(Case(name: name, file: file, data: data, pixels: image.pixelWidth * image.pixelHeight))
        }
        try add("RGBA \(width)×\(height)", try bench.fixtures.largeRGBA(width: width, height: height))
        var rows: [Row] = []
        let label = "\(id) \(title)"
        do {
            try add("palette \(width)×\(height)", try bench.fixtures.largePalette(width: width, height: height))
        } catch let skip as Skip {
            rows.append(.outcome(.skipped, scenario: label, metric: "PNG palette decode", note: skip.description))
        }
        let small = try bench.fixtures.downloadImages()[0]
        try add("RGB 256×256", try bench.fixtures.data(small))

        let python = bench.python
        let iterations = bench.size(quick: 3, full: 7)
        let osprey = { () throws -> [Double] in
            try cases.map { item in
                var times: [Double] = []
                for _ in 0..<iterations {
                    times.append(try Clock.time { _ = try ImageCoders.shared.decode(item.data) })
                }
                return Stat(times).median
            }
        }
        let reference = { () throws -> [Double] in
            let answer = try python.measure(cases.map { (.png, $0.file) }, iterations: iterations)
            return cases.map { answer[$0.file] ?? .nan }
        }
        let samples = try bench.rounds.alternate(osprey: osprey, baseline: reference)
        let pillow = python.pillowStatus
        let hasPillow = python.probe.pillow != nil
        for (index, item) in cases.enumerated() {
            let mp = Double(item.pixels) / 1e6
            rows.append(Row(scenario: label, metric: "PNG decode, \(item.name)", unit: "MP/s",
                            osprey: Stat(samples.osprey.map { mp / $0[index] }),
                            baselineName: hasPillow ? "Pillow" : "—",
                            baseline: hasPillow ? Stat(samples.baseline.map { mp / $0[index] }) : nil,
                            target: .ratio(.atLeast, 0.8, source: "issue 3: ≥ 0.8 × Pillow"),
                            note: hasPillow ? "\(item.data.count / 1000) kB; Pillow decodes and converts to RGBA, as Osprey outputs RGBA"
                                            : "\(pillow): no reference figure"))
        }
        rows.append(try inflateRow(cases: cases, bench: bench, label: label))
        return rows
    }

    /// Inflate speed: the zlib stream of each PNG (its IDAT data), output MB/s.
    private func inflateRow(cases: [Case], bench: Bench, label: String) throws -> Row {
        .outcome(.skipped, scenario: label, metric: "inflate", note: "Osprey's inflate is not public API yet (png part not merged)")
    }
}
