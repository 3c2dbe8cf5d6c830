import Foundation
import Osprey

/// A 256-px thumbnail of a large progressive JPEG beside its full decode and beside Pillow's
/// `draft()` + `thumbnail()` (libjpeg-turbo's scaled decode), in the same rounds.
///
/// At 1/8 scale a block is its DC coefficient alone, so the thumbnail decode reads the DC
/// scans and passes over every AC scan's entropy-coded data to the next marker without Huffman
/// decoding: the thumbnail should cost a small fraction of the full decode (target ≤ 0.15),
/// and less than half of libjpeg-turbo's scaled decode, which still decodes every AC scan.
/// The file is Pillow's progressive q85 4:2:0 encode of the synthetic noisy picture the
/// decoder rows use (12 MP), so the rows need Pillow.
struct ProgressiveThumbnailScenario: Scenario {
    let id = "jpeg-progressive-thumbnail"
    let title = "Progressive JPEG thumbnails"

    func run(in bench: Bench) throws -> [Row] {
        let python = bench.python
        let (width, height) = (4000, 3000)
        let size = "\(width)×\(height) q85 4:2:0 progressive"
        let folder = try bench.makeDirectory("jpeg-progressive-thumbnail")
        let file = folder.appendingPathComponent("progressive.jpg")
        do {
            try python.makeJPEG(file, width: width, height: height, quality: 85, subsampling: 2, progressive: true)
        } catch let skip as Skip {
            return [.outcome(.skipped, scenario: label, metric: "256-px thumbnail, \(size)", note: skip.description)]
        }
        let data = try Data(contentsOf: file)
        var thumbnail = DecodeOptions()
        thumbnail.thumbnailPixelSize = PixelSize(width: 256, height: 256)
        let iterations = bench.size(quick: 3, full: 7)
        typealias Item = PythonReference.Item
        let item = Item(kind: .jpegThumbnail, file: file)
        let samples = try bench.rounds.alternate(
            osprey: {
                let full = Stat(try (0..<iterations).map { _ in try Clock.time { _ = try ImageCoders.shared.decode(data) } })
                let small = Stat(try (0..<iterations).map { _ in
                    try Clock.time { _ = try ImageCoders.shared.decode(data, options: thumbnail) }
                })
                return [full.median, small.median]
            },
            baseline: { [try python.measure([item], iterations: iterations)[item] ?? .nan] })
        let full = Stat(samples.osprey.map { $0[0] * 1000 }), small = Stat(samples.osprey.map { $0[1] * 1000 })
        let hasPillow = python.probe.pillow != nil
        return [
            Row(scenario: label, metric: "256-px thumbnail ÷ full decode, \(size)", unit: "ms", osprey: small,
                baselineName: "Osprey full decode", baseline: full,
                target: .ratio(.atMost, 0.15, source: "≤ 0.15 × Osprey's full decode"),
                note: "\(data.count / 1000) kB; 1/8-scale decode of the DC scans, AC scans passed over unread"),
            Row(scenario: label, metric: "256-px thumbnail, \(size)", unit: "ms", osprey: small,
                baselineName: hasPillow ? "Pillow draft()+thumbnail()" : "—",
                baseline: hasPillow ? Stat(samples.baseline.map { $0[0] * 1000 }) : nil,
                target: .ratio(.atMost, 0.5, source: "≤ 0.5 × Pillow's draft() + thumbnail()"),
                note: hasPillow ? "Pillow: open, draft(\"RGB\", 256²), thumbnail(256²), convert RGBA"
                    : "\(python.pillowStatus): no reference figure"),
        ]
    }
}
