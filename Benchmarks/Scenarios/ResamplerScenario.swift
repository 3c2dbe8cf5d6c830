import Foundation
import Osprey

/// Shrinking a 12 MP image (4000 × 3000) to 256 × 192 with the streaming
/// fixed-point area resampler (through the public `ResizingTransformer`), in ms, beside Pillow's
/// `Image.resize(BOX)` on the same RGBA pixels when installed; and the resampler's extra memory
/// (its buffers besides the output, counted from their sizes), target ≤ 2 MB.
struct ResamplerScenario: Scenario {
    let id = "resample"
    let title = "resampler"

    func run(in bench: Bench) throws -> [Row] {
        let source = PixelSize(width: 4000, height: 3000), target = PixelSize(width: 256, height: 192)
        let label = "\(id) \(title)"
        var bytes = [UInt8](repeating: 0, count: source.width * source.height * 4)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in stride(from: 0, to: bytes.count, by: 4) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let x = (i / 4) % source.width, y = (i / 4) / source.width
            bytes[i] = UInt8(truncatingIfNeeded: x / 16)
            bytes[i + 1] = UInt8(truncatingIfNeeded: y / 12)
            bytes[i + 2] = UInt8(truncatingIfNeeded: state >> 56)
            bytes[i + 3] = 255
        }
        let image = DecodedImage(pixels: PixelBuffer(width: source.width, height: source.height, bytes: bytes))
        let transformer = ResizingTransformer(size: target, mode: .stretch)
        let folder = try bench.makeDirectory("resampler")
        let raw = folder.appendingPathComponent("src-\(source.width)x\(source.height)-to-\(target.width)x\(target.height).rgba")
        try Data(bytes).write(to: raw)

        let python = bench.python
        let iterations = bench.size(quick: 2, full: 5)
        let item = PythonReference.Item(kind: .boxResize, file: raw)
        let samples = try bench.rounds.alternate(
            osprey: {
                Stat((0..<iterations).map { _ in Clock.time { _ = transformer.transform(image) } }).median
            },
            baseline: { try python.measure([item], iterations: iterations)[item] ?? .nan })
        let hasPillow = python.probe.pillow != nil
        let resampler = StreamingResampler(source: source, target: target, collecting: false)
        let extra = resampler.workingBytes
        var rows = [Row(scenario: label, metric: "shrink 12 MP → 256 px", unit: "ms",
                        osprey: Stat(samples.osprey.map { $0 * 1000 }),
                        baselineName: hasPillow ? "Pillow resize(BOX)" : "—",
                        baseline: hasPillow ? Stat(samples.baseline.map { $0 * 1000 }) : nil,
                        note: "RGBA in, RGBA out, alpha-weighted"
                            + (hasPillow ? "" : "; \(python.pillowStatus): no reference figure"))]
        rows.append(Row(scenario: label, metric: "extra memory, 12 MP → 256 px", unit: "bytes",
                        osprey: Stat([Double(extra)]), baselineName: "—", baseline: nil,
                        target: .value(.atMost, 2_097_152, source: "a thumbnail needs ≤ 2 MB beside its input"),
                        note: "tap tables + one horizontal row + pending sums, counted; the output "
                            + "(\(target.width * target.height * 4) bytes) is not extra. The float resampler it "
                            + "replaced copied the source to floats: \(source.width * source.height * 16) bytes"))
        return rows
    }
}
