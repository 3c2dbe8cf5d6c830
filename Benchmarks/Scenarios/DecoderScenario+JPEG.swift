import Foundation
import Osprey

/// JPEG decode in megapixels/s beside Pillow (libjpeg-turbo) on the same files.
///
/// Files: the vendored kodim23 768 × 512 encodes (4:2:0 baseline and progressive, from
/// Tests/Fixtures, so the rows exist without Python), and — when Pillow is installed to make
/// them, the project having no JPEG encoder — 4000 × 3000 q85 synthetic pictures: baseline
/// 4:2:0, progressive 4:2:0 and baseline 4:4:4. Targets: baseline and 4:4:4
/// ≥ 1.0 × Pillow, progressive ≥ 0.8; a thumbnail of the large baseline DCT-scaled by 1/8
/// ≤ 0.25 × the full decode, and the 256-px thumbnail ≤ 1.0 × Pillow's `draft()` +
/// `thumbnail()`. In full mode the 256-px thumbnail of the 4000 × 3000 file is the 1/8 one; in
/// quick mode 1600 × 1200 ÷ 8 is under 256 px, so that thumbnail is DCT-scaled by 1/4 (every
/// AC coefficient Huffman-decoded: no target) and a 128-px thumbnail is the 1/8 row.
extension DecoderScenario {
    struct JPEGCase {
        var name: String
        var file: URL
        var data: Data
        var pixels: Int
        var target: Double
    }

    /// The vendored fixtures folder, found from this source file (the benchmark runs from the
    /// package, like the tests).
    static let vendoredJPEGs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/jpeg/subsampling")

    func jpegRows(in bench: Bench, folder: URL) throws -> [Row] {
        let label = "\(id) \(title)"
        let python = bench.python
        var rows: [Row] = []
        var cases: [JPEGCase] = []
        func add(_ name: String, _ file: URL, target: Double) throws {
            let data = try Data(contentsOf: file)
            let image = try ImageCoders.shared.decode(data)
            cases.append(JPEGCase(name: name, file: file, data: data, pixels: image.pixelWidth * image.pixelHeight,
                                  target: target))
        }
        for (name, file, target) in [("kodim23 768×512 q90 4:2:0", "kodim23_q90_420.jpg", 1.0),
                                     ("kodim23 768×512 q85 4:2:0 progressive", "kodim23_q85_420_progressive.jpg", 0.8)] {
            let url = Self.vendoredJPEGs.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: url.path) else {
                rows.append(.outcome(.skipped, scenario: label, metric: "JPEG decode, \(name)", note: "\(url.path) missing"))
                continue
            }
            try add(name, url, target: target)
        }
        let (width, height) = bench.size(quick: (1600, 1200), full: (4000, 3000))
        for (name, subsampling, progressive, target) in [("4:2:0", 2, false, 1.0), ("4:2:0 progressive", 2, true, 0.8),
                                                         ("4:4:4", 0, false, 1.0)] {
            let metric = "JPEG decode, \(width)×\(height) q85 \(name)"
            let file = folder.appendingPathComponent("synthetic-\(subsampling)-\(progressive ? "p" : "b").jpg")
            do {
                try python.makeJPEG(file, width: width, height: height, quality: 85, subsampling: subsampling,
                                    progressive: progressive)
                try add("\(width)×\(height) q85 \(name)", file, target: target)
            } catch let skip as Skip {
                rows.append(.outcome(.skipped, scenario: label, metric: metric, note: skip.description))
            }
        }

        let iterations = bench.size(quick: 3, full: 7)
        typealias Item = PythonReference.Item
        // The thumbnail rows use the large baseline 4:2:0 file; its time is the last sample.
        let thumbnailCase = cases.firstIndex { $0.name.hasSuffix("q85 4:2:0") }
        // 256 px first (the Pillow comparison); in quick mode also 128 px, the 1/8-scale one.
        let thumbnailEdges = bench.size(quick: [256, 128], full: [256])
        let thumbnailOptions = thumbnailEdges.map { edge in
            var options = DecodeOptions()
            options.thumbnailPixelSize = PixelSize(width: edge, height: edge)
            return options
        }
        let samples = try bench.rounds.alternate(
            osprey: {
                try cases.map { item in
                    Stat(try (0..<iterations).map { _ in try Clock.time { _ = try ImageCoders.shared.decode(item.data) } }).median
                } + (try thumbnailCase.map { index in
                    try thumbnailOptions.map { options in
                        Stat(try (0..<iterations).map { _ in
                            try Clock.time { _ = try ImageCoders.shared.decode(cases[index].data, options: options) }
                        }).median
                    }
                } ?? [])
            },
            baseline: {
                let thumbnailItems = thumbnailCase.map { [Item(kind: .jpegThumbnail, file: cases[$0].file)] } ?? []
                let items = cases.map { Item(kind: .jpeg, file: $0.file) } + thumbnailItems
                    + cases.map { Item(kind: .cJPEG, file: $0.file) }
                let answer = try python.measure(items, iterations: iterations)
                return items.map { answer[$0] ?? .nan }
            })
        let hasPillow = python.probe.pillow != nil
        for (index, item) in cases.enumerated() {
            let mp = Double(item.pixels) / 1e6
            rows.append(Row(scenario: label, metric: "JPEG decode, \(item.name)", unit: "MP/s",
                            osprey: Stat(samples.osprey.map { mp / $0[index] }),
                            baselineName: hasPillow ? "Pillow" : "—",
                            baseline: hasPillow ? Stat(samples.baseline.map { mp / $0[index] }) : nil,
                            target: .ratio(.atLeast, item.target, source: "≥ \(item.target) × Pillow"),
                            note: "\(item.data.count / 1000) kB file"
                                + (hasPillow ? "" : "; \(python.pillowStatus): no reference figure")))
            // The C column follows the Pillow items and the thumbnail item in each sample.
            let cIndex = cases.count + (thumbnailCase == nil ? 0 : 1) + index
            rows.append(python.cLibraryRow(scenario: label, metric: "JPEG decode, \(item.name)", unit: "MP/s",
                                           osprey: Stat(samples.osprey.map { mp / $0[index] }), kind: .cJPEG,
                                           seconds: samples.baseline.map { $0[cIndex] }, work: mp))
        }
        if let index = thumbnailCase {
            let name = cases[index].name
            let full = Stat(samples.osprey.map { $0[index] * 1000 })
            for (k, edge) in thumbnailEdges.enumerated() {
                let time = Stat(samples.osprey.map { $0[cases.count + k] * 1000 })
                let eighth = Self.jpegDCTScale(sourceWidth: width, sourceHeight: height, edge: edge) == 8
                rows.append(Row(scenario: label, metric: "JPEG \(edge)-px thumbnail ÷ full decode, \(name)", unit: "ms",
                                osprey: time, baselineName: "Osprey full decode", baseline: full,
                                target: eighth ? .ratio(.atMost, 0.25, source: "a 1/8-scaled thumbnail costs ≤ 0.25 × Osprey's full decode")
                                    : nil,
                                note: eighth ? "DCT-scaled (1/8: DC only, the AC symbols skipped) decode streamed through the resampler"
                                    : "DCT-scaled by 1/\(Self.jpegDCTScale(sourceWidth: width, sourceHeight: height, edge: edge)) "
                                        + "(the picture ÷ 8 is under \(edge) px): every AC coefficient is Huffman-decoded, "
                                        + "so the entropy decoding the full decode also does bounds the ratio; no target"))
            }
            let thumbnail = Stat(samples.osprey.map { $0[cases.count] * 1000 })
            rows.append(Row(scenario: label, metric: "JPEG 256-px thumbnail, \(name)", unit: "ms", osprey: thumbnail,
                            baselineName: hasPillow ? "Pillow draft()+thumbnail()" : "—",
                            baseline: hasPillow ? Stat(samples.baseline.map { $0[cases.count] * 1000 }) : nil,
                            target: .ratio(.atMost, 1.0, source: "≤ Pillow's draft() + thumbnail() time"),
                            note: hasPillow ? "Pillow: open, draft(\"RGB\", 256²), thumbnail(256²), convert RGBA"
                                : "\(python.pillowStatus): no reference figure"))
        }
        if hasPillow {
            bench.note("JPEG reference: \(python.pillowStatus) (libjpeg-turbo), open + load + convert to RGBA in Python, "
                       + "same files, same rounds; the 4000×3000 files are Pillow's encodes of a synthetic picture with noise.")
        }
        return rows
    }

    /// The DCT scale denominator (8, 4, 2 or 1) a JPEG decoder picks for a thumbnail of at most
    /// `edge` × `edge`: the largest reduction whose picture still covers the thumbnail, as
    /// libjpeg-turbo and Osprey do.
    static func jpegDCTScale(sourceWidth: Int, sourceHeight: Int, edge: Int) -> Int {
        let fit = min(Double(edge) / Double(sourceWidth), Double(edge) / Double(sourceHeight), 1)
        let target = (max(1, Int((Double(sourceWidth) * fit).rounded())), max(1, Int((Double(sourceHeight) * fit).rounded())))
        for denominator in [8, 4, 2] where (sourceWidth + denominator - 1) / denominator >= target.0
            && (sourceHeight + denominator - 1) / denominator >= target.1 {
            return denominator
        }
        return 1
    }
}
