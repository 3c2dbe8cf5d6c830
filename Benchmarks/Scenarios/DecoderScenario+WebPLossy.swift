import Foundation
import Osprey

/// Lossy WebP (VP8, 4:2:0) decode in megapixels/s beside Pillow (libwebp, with its
/// SIMD) on the same file, and a 256-pixel thumbnail against Osprey's own full decode.
///
/// The file is a deterministic photo-like picture (the JPEG fixtures' Mandelbrot + gradients +
/// noise) that Pillow encodes at quality 80, 4000 × 3000 (1600 × 1200 in quick runs); without
/// Pillow the rows are skipped, the project having no WebP encoder. Osprey's column decodes
/// the file's `VP8 ` chunk with the lossy decoder (``VP8FileDecoder``), so the rows exist
/// before and after the WebP coder is registered. Targets: decode ≥ 0.6 × Pillow,
/// thumbnail ≤ 0.65 × Osprey's full decode (the entropy decoding both share is about 0.53 of the
/// full decode, and libwebp's own reduced decode does no better, so 0.5 is out of reach).
extension DecoderScenario {
    func webpLossyRows(in bench: Bench, folder: URL) throws -> [Row] {
        let label = "\(id) \(title)"
        let python = bench.python
        let (width, height) = bench.size(quick: (1600, 1200), full: (4000, 3000))
        let metric = "lossy WebP decode, \(width)×\(height) q80"
        let file = folder.appendingPathComponent("synthetic-lossy.webp")
        guard let interpreter = python.probe.python, python.probe.pillow != nil else {
            return [.outcome(.skipped, scenario: label, metric: metric,
                             note: "\(python.pillowStatus): cannot make the lossy WebP fixture")]
        }
        let made = try ChildProcess.run(interpreter, ["-c", Self.webpScript, "make", file.path, "\(width)", "\(height)"])
        guard made.status == 0 else { throw BenchError("making the lossy WebP failed: \(made.stderr.suffix(300))") }
        let data = try Data(contentsOf: file)
        var thumbnail = DecodeOptions()
        thumbnail.thumbnailPixelSize = PixelSize(width: 256, height: 256)
        let iterations = bench.size(quick: 3, full: 5)
        struct Sample { var full: Double; var thumbnail: Double; var c: Double = .nan }
        let cItem = PythonReference.Item(kind: .cWebP, file: file)
        let samples = try bench.rounds.alternate(
            osprey: {
                Sample(full: Stat(try (0..<iterations).map { _ in try Clock.time { _ = try VP8FileDecoder.decode(data) } }).median,
                       thumbnail: Stat(try (0..<iterations).map { _ in
                           try Clock.time { _ = try VP8FileDecoder.decode(data, options: thumbnail) }
                       }).median)
            },
            baseline: {
                let output = try ChildProcess.run(interpreter, ["-c", Self.webpScript, "time", file.path, "\(iterations)"])
                guard output.status == 0, let seconds = Double(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
                else { throw BenchError("timing Pillow's WebP decode failed: \(output.stderr.suffix(300))") }
                let c = try python.measure([cItem], iterations: iterations)[cItem] ?? .nan
                return Sample(full: seconds, thumbnail: .nan, c: c)
            })
        let mp = Double(width * height) / 1e6
        return [
            Row(scenario: label, metric: metric, unit: "MP/s",
                osprey: Stat(samples.osprey.map { mp / $0.full }),
                baselineName: "Pillow (libwebp)", baseline: Stat(samples.baseline.map { mp / $0.full }),
                target: .ratio(.atLeast, 0.6, source: "≥ 0.6 × Pillow"),
                note: "\(data.count / 1000) kB file; RGBA out on both sides, libwebp's fancy upsampling"),
            python.cLibraryRow(scenario: label, metric: metric, unit: "MP/s", osprey: Stat(samples.osprey.map { mp / $0.full }),
                               kind: .cWebP, seconds: samples.baseline.map(\.c), work: mp),
            Row(scenario: label, metric: "lossy WebP thumbnail ≤ 256 px, \(width)×\(height)", unit: "ms",
                osprey: Stat(samples.osprey.map { $0.thumbnail * 1000 }),
                baselineName: "Osprey full decode", baseline: Stat(samples.osprey.map { $0.full * 1000 }),
                target: .ratio(.atMost, 0.65, source: "lossy thumbnail ≤ 0.65 × full decode (entropy decoding alone is about 0.53 of it)"),
                note: "synthetic file: Mandelbrot + gradients + heavy noise, about 2.2 bits a pixel, far more tokens than "
                    + "a typical photo (see the gallery-photo row); no loop filter, no planes: each macroblock converted "
                    + "and box-averaged as it is reconstructed; the entropy decoding both columns share is most of the "
                    + "thumbnail's time on this file"),
        ]
    }

    /// `make PATH W H`: writes the picture; `time PATH N`: median seconds of open + load + RGBA.
    private static let webpScript = """
        import io, sys, time
        from PIL import Image
        if sys.argv[1] == "make":
            path, w, h = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
            detail = Image.effect_mandelbrot((w, h), (-2.2, -1.2, 0.8, 1.2), 96)
            ramp = Image.linear_gradient("L").resize((w, h))
            disc = Image.radial_gradient("L").resize((w, h))
            noise = Image.effect_noise((w, h), 48)
            picture = Image.merge("RGB", (Image.blend(detail, noise, 0.25), Image.blend(ramp, noise, 0.25),
                                          Image.blend(disc, noise, 0.25)))
            picture.save(path, "WEBP", quality=80, method=4)
        else:
            data = open(sys.argv[2], "rb").read()
            times = []
            for _ in range(int(sys.argv[3])):
                start = time.perf_counter()
                image = Image.open(io.BytesIO(data))
                image.load()
                if image.mode != "RGBA":
                    image = image.convert("RGBA")
                times.append(time.perf_counter() - start)
            times.sort()
            print(times[len(times) // 2])
        """
}
