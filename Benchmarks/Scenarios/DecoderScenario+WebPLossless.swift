import Foundation
import Osprey

/// WebP lossless decode in megapixels/s beside Pillow (libwebp) on the same file.
///
/// The file is made at bench time by Pillow (the project has no WebP encoder): the same
/// deterministic photo-like picture as the JPEG rows (a Mandelbrot detail over two gradients
/// with noise), saved lossless at Pillow's default effort, so it uses the predictor, cross-colour
/// and subtract-green transforms, LZ77 and the colour cache as a real photo does. Without
/// Pillow the row says so. Target: ≥ 0.8 × Pillow.
extension DecoderScenario {
    func webpLosslessRows(in bench: Bench, folder: URL) throws -> [Row] {
        let label = "\(id) \(title)"
        let python = bench.python
        let (width, height) = bench.size(quick: (1024, 768), full: (2048, 1536))
        let metric = "WebP lossless decode, \(width)×\(height) photo-like"
        guard let executable = python.probe.python, python.probe.pillow != nil else {
            return [.outcome(.skipped, scenario: label, metric: metric, note: "\(python.pillowStatus): cannot make the WebP file")]
        }
        let file = folder.appendingPathComponent("photo-lossless.webp")
        let output = try ChildProcess.run(executable, ["-c", Self.makeLosslessWebP, file.path, "\(width)", "\(height)"])
        guard output.status == 0 else { throw BenchError("making the lossless WebP failed: \(output.stderr.suffix(300))") }
        let data = try Data(contentsOf: file)
        let image = try ImageCoders.shared.decode(data)
        let mp = Double(image.pixelWidth * image.pixelHeight) / 1e6

        let iterations = bench.size(quick: 3, full: 7)
        // Pillow's generic "open + load + convert to RGBA" timing (the PNG kind) fits any format it reads.
        let item = PythonReference.Item(kind: .png, file: file)
        let cItem = PythonReference.Item(kind: .cWebP, file: file)
        let samples = try bench.rounds.alternate(
            osprey: { () throws -> [Double] in
                [Stat(try (0..<iterations).map { _ in try Clock.time { _ = try ImageCoders.shared.decode(data) } }).median]
            },
            baseline: { () throws -> [Double] in
                let answer = try python.measure([item, cItem], iterations: iterations)
                return [answer[item] ?? .nan, answer[cItem] ?? .nan]
            })
        return [Row(scenario: label, metric: metric, unit: "MP/s",
                    osprey: Stat(samples.osprey.map { mp / $0[0] }),
                    baselineName: "Pillow (libwebp)",
                    baseline: Stat(samples.baseline.map { mp / $0[0] }),
                    target: .ratio(.atLeast, 0.8, source: "≥ 0.8 × Pillow"),
                    note: "\(data.count / 1000) kB file, made by Pillow at bench time; open + load + convert to RGBA"),
                python.cLibraryRow(scenario: label, metric: metric, unit: "MP/s", osprey: Stat(samples.osprey.map { mp / $0[0] }),
                                   kind: .cWebP, seconds: samples.baseline.map { $0[1] }, work: mp)]
    }

    /// python3 -c SCRIPT PATH WIDTH HEIGHT: the photo-like picture, saved as lossless WebP.
    private static let makeLosslessWebP = """
        import sys
        from PIL import Image
        path, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
        detail = Image.effect_mandelbrot((w, h), (-2.2, -1.2, 0.8, 1.2), 96)
        ramp = Image.linear_gradient("L").resize((w, h))
        disc = Image.radial_gradient("L").resize((w, h))
        noise = Image.effect_noise((w, h), 24)
        picture = Image.merge("RGB", (Image.blend(detail, noise, 0.15), Image.blend(ramp, noise, 0.15),
                                      Image.blend(disc, noise, 0.15)))
        picture.save(path, "WEBP", lossless=True)
        """
}
