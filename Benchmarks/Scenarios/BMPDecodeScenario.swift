import Foundation
import Osprey

/// BMP decode in megapixels per second beside Pillow on the same files: a 24-bit and an 8-bit
/// palette bitmap of the photo-like picture the other decoder rows use, both written by Pillow
/// at bench time (so the rows need it). BMP decoding is a copy with a byte shuffle or a palette
/// lookup per pixel: both decoders should be near memory speed, and the ratio shows the cost
/// of Osprey's bounds-checked row expansion. No target.
struct BMPDecodeScenario: Scenario {
    let id = "bmp-decode"
    let title = "BMP decode"

    func run(in bench: Bench) throws -> [Row] {
        let python = bench.python
        let (width, height) = bench.size(quick: (1024, 768), full: (2048, 1536))
        let folder = try bench.makeDirectory("bmp-decode")
        let kinds = [("24-bit", "RGB"), ("8-bit palette", "P")]
        guard let executable = python.probe.python, python.probe.pillow != nil else {
            return kinds.map { .outcome(.skipped, scenario: label, metric: "BMP decode, \($0.0)",
                                        note: "\(python.pillowStatus): cannot make the BMP files") }
        }
        var files: [(name: String, file: URL, data: Data)] = []
        for (name, mode) in kinds {
            let file = folder.appendingPathComponent("photo-\(mode).bmp")
            let output = try ChildProcess.run(executable, ["-c", Self.makeBMP, file.path, "\(width)", "\(height)", mode])
            guard output.status == 0 else { throw BenchError("making the BMP failed: \(output.stderr.suffix(300))") }
            files.append((name, file, try Data(contentsOf: file)))
        }
        let megapixels = Double(width * height) / 1e6
        let iterations = bench.size(quick: 3, full: 7)
        typealias Item = PythonReference.Item
        // Pillow's generic "open + load + convert to RGBA" timing (the PNG kind) fits any format it reads.
        let items = files.map { Item(kind: .png, file: $0.file) }
        let samples = try bench.rounds.alternate(
            osprey: {
                try files.map { file in
                    Stat(try (0..<iterations).map { _ in try Clock.time { _ = try ImageCoders.shared.decode(file.data) } }).median
                }
            },
            baseline: {
                let answer = try python.measure(items, iterations: iterations)
                return items.map { answer[$0] ?? .nan }
            })
        return files.enumerated().map { index, file in
            Row(scenario: label, metric: "BMP decode, \(file.name) \(width)×\(height)", unit: "MP/s",
                osprey: Stat(samples.osprey.map { megapixels / $0[index] }),
                baselineName: "Pillow",
                baseline: Stat(samples.baseline.map { megapixels / $0[index] }),
                note: "\(file.data.count / 1000) kB file, made by Pillow at bench time; open + load + convert to RGBA; no target")
        }
    }

    /// python3 -c SCRIPT PATH WIDTH HEIGHT MODE: the photo-like picture as a BMP (MODE RGB: 24-bit,
    /// P: 8-bit with an adaptive palette).
    private static let makeBMP = """
        import sys
        from PIL import Image
        path, w, h, mode = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
        detail = Image.effect_mandelbrot((w, h), (-2.2, -1.2, 0.8, 1.2), 96)
        ramp = Image.linear_gradient("L").resize((w, h))
        disc = Image.radial_gradient("L").resize((w, h))
        noise = Image.effect_noise((w, h), 24)
        picture = Image.merge("RGB", (Image.blend(detail, noise, 0.15), Image.blend(ramp, noise, 0.15),
                                      Image.blend(disc, noise, 0.15)))
        if mode == "P":
            picture = picture.convert("P", palette=Image.Palette.ADAPTIVE, colors=256)
        picture.save(path, "BMP")
        """
}
