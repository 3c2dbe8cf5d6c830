import Foundation
import Osprey

/// PNG decode in megapixels/s for a large RGBA and a large palette PNG
/// (and the 256 × 256 download image), beside Pillow when installed; and the inflate-bound
/// rate (MB/s of inflated data) beside Python's zlib on the same zlib streams.
/// Target: decode ≥ 0.8 × Pillow.
struct DecoderScenario: Scenario {
    let id = "6"
    let title = "decoders"

    struct Case {
        var name: String
        var file: URL
        var zlibFile: URL
        var data: Data
        var pixels: Int
        var inflatedBytes: Int?
    }

    func run(in bench: Bench) throws -> [Row] {
        try bench.fixtures.requirePNG()
        let folder = try bench.makeDirectory("decoders")
        let (width, height) = (2048, 1536)
        let label = "\(id) \(title)"
        var rows: [Row] = []
        var cases: [Case] = []
        func add(_ name: String, _ make: () throws -> Data) throws {
            let data: Data
            do {
                data = try make()
            } catch let skip as Skip {
                rows.append(.outcome(.skipped, scenario: label, metric: "PNG decode, \(name)", note: skip.description))
                return
            }
            let stem = folder.appendingPathComponent(name.filter { $0.isLetter || $0.isNumber })
            let file = stem.appendingPathExtension("png")
            let zlibFile = stem.appendingPathExtension("zlib")
            try data.write(to: file)
            try PNGChunks.zlibStream(of: data).write(to: zlibFile)
            let image = try ImageCoders.shared.decode(data)
            cases.append(Case(name: name, file: file, zlibFile: zlibFile, data: data,
                              pixels: image.pixelWidth * image.pixelHeight, inflatedBytes: PNGChunks.inflatedSize(of: data)))
        }
        try add("RGBA \(width)×\(height)") { try bench.fixtures.largeRGBA(width: width, height: height) }
        try add("palette \(width)×\(height)") { try bench.fixtures.largePalette(width: width, height: height) }
        try add("RGB 256×256") { try bench.fixtures.data(try bench.fixtures.downloadImages()[0]) }

        let python = bench.python
        let iterations = bench.size(quick: 3, full: 7)
        typealias Item = PythonReference.Item
        let items = cases.map { Item(kind: .png, file: $0.file) } + cases.map { Item(kind: .zlib, file: $0.zlibFile) }
        /// Per round: median seconds per decode of each case, Osprey's or the references'.
        struct Sample {
            var png: [Double]
            var zlib: [Double]
            var encode: Double
            /// The C library alone (libspng through imagecodecs), per case.
            var c: [Double] = []
        }
        // Encoding: the small image, which the cache's transformed-image path resembles.
        let encodeCase = cases.last!
        let encodeImage = try ImageCoders.shared.decode(encodeCase.data)
        let pythonItems = items + [Item(kind: .encode, file: encodeCase.file)] + cases.map { Item(kind: .cPNG, file: $0.file) }
        let samples = try bench.rounds.alternate(
            osprey: {
                Sample(png: try cases.map { item in
                    var times: [Double] = []
                    for _ in 0..<iterations { times.append(try Clock.time { _ = try ImageCoders.shared.decode(item.data) }) }
                    return Stat(times).median
                }, zlib: [], encode: try Stat((0..<iterations).map { _ in
                    try Clock.time { _ = try ImageCoders.shared.encode(encodeImage, format: .png) }
                }).median)
            },
            baseline: {
                let answer = try python.measure(pythonItems, iterations: iterations)
                return Sample(png: cases.map { answer[Item(kind: .png, file: $0.file)] ?? .nan },
                              zlib: cases.map { answer[Item(kind: .zlib, file: $0.zlibFile)] ?? .nan },
                              encode: answer[Item(kind: .encode, file: encodeCase.file)] ?? .nan,
                              c: cases.map { answer[Item(kind: .cPNG, file: $0.file)] ?? .nan })
            })

        let hasPillow = python.probe.pillow != nil
        let hasZlib = python.probe.python != nil
        for (index, item) in cases.enumerated() {
            let mp = Double(item.pixels) / 1e6
            rows.append(Row(scenario: label, metric: "PNG decode, \(item.name)", unit: "MP/s",
                            osprey: Stat(samples.osprey.map { mp / $0.png[index] }),
                            baselineName: hasPillow ? "Pillow" : "—",
                            baseline: hasPillow ? Stat(samples.baseline.map { mp / $0.png[index] }) : nil,
                            target: .ratio(.atLeast, 0.8, source: "≥ 0.8 × Pillow"),
                            note: "\(item.data.count / 1000) kB file"
                                + (hasPillow ? "" : "; \(python.pillowStatus): no reference figure")))
            rows.append(python.cLibraryRow(scenario: label, metric: "PNG decode, \(item.name)", unit: "MP/s",
                                           osprey: Stat(samples.osprey.map { mp / $0.png[index] }), kind: .cPNG,
                                           seconds: samples.baseline.map { $0.c[index] }, work: mp))
        }
        for (index, item) in cases.enumerated() where item.pixels >= 1_000_000 {
            guard let inflated = item.inflatedBytes else { continue }
            let mb = Double(inflated) / 1e6
            rows.append(Row(scenario: label, metric: "inflate-bound, \(item.name)", unit: "MB/s out",
                            osprey: Stat(samples.osprey.map { mb / $0.png[index] }),
                            baselineName: hasZlib ? "zlib inflate" : "—",
                            baseline: hasZlib ? Stat(samples.baseline.map { mb / $0.zlib[index] }) : nil,
                            note: "Osprey's inflater is internal (no public API), so its column is the whole decode "
                                + "(inflate + unfilter + expand to RGBA) per inflated byte: a lower bound on inflate alone"))
        }
        let encodeMP = Double(encodeCase.pixels) / 1e6
        rows.append(Row(scenario: label, metric: "PNG encode, \(encodeCase.name)", unit: "MP/s",
                        osprey: Stat(samples.osprey.map { encodeMP / $0.encode }),
                        baselineName: hasPillow ? "Pillow, level 6" : "—",
                        baseline: hasPillow ? Stat(samples.baseline.map { encodeMP / $0.encode }) : nil,
                        note: "no target; the cache encodes transformed images as PNG, and the fixtures are made this way"))
        rows += try jpegRows(in: bench, folder: folder)
        rows += try webpLossyRows(in: bench, folder: folder)
        rows += try webpLossyPhotoRows(in: bench)
        rows += try webpLosslessRows(in: bench, folder: folder)
        if hasPillow {
            bench.note("Decode reference: \(python.pillowStatus) (libpng + zlib \(python.probe.zlib ?? "?")), timed inside Python "
                       + "(open + load, then convert to RGBA when the file is not RGBA), same files, same rounds.")
        } else {
            bench.note("Decode reference: \(python.pillowStatus); decode rows have no baseline.")
        }
        return rows
    }
}
