import Foundation
import Osprey

/// The cost of converting to sRGB while decoding: a 12 MP (4000 × 3000; quick: 1600 × 1200)
/// Display P3 JPEG decoded with ``DecodeOptions/convertToSRGB`` ÷ the same decode without.
/// Target ≤ 1.25: the conversion runs in the renderer's row loop on each row just written (per
/// pixel one 8-byte table load and two adds with a memory operand, three 16-bit lanes of one
/// general register, then an encoding-table lookup per channel: no clamps, no shifts), not as
/// a pass of its own. Nine loads and three stores a pixel bound it (SSE2, the baseline, has no
/// gather, so vector lanes would not load fewer). From perf samples, which a busy machine skews
/// far less than wall time, the kernel costs 0.18 of the plain decode at 12 MP and 0.27 at the
/// quick size (where the plain decode costs less a pixel), so the ratio stays near 1.18 and 1.27.
/// Reference column: Pillow's decode + `ImageCms.profileToProfile` (littleCMS, relative
/// colorimetric) on the same file, when Pillow is installed.
struct ColorConversionScenario: Scenario {
    let id = "color-convert"
    let title = "Display P3 JPEG decoded to sRGB"

    /// The profile: the Display P3 profile the colour tests use, from the vendored fixtures.
    static let profileURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/color/profiles/display-p3.icc")

    func run(in bench: Bench) throws -> [Row] {
        let (width, height) = bench.size(quick: (1600, 1200), full: (4000, 3000))
        let profile = try [UInt8](Data(contentsOf: Self.profileURL))
        // Grain of ±12 levels makes the file about as dense as a phone photo (a few bits a
        // pixel); the default grain of 4 compresses to 0.1 bit a pixel, which decodes unusually
        // fast and would make any per-pixel work look larger than it is in practice.
        let pixels = PixelBuffer(width: width, height: height,
                                 bytes: Synth.photo(width: width, height: height, seed: 27, noise: 24))
        let data = try JPEGEncoder.encode(pixels, options: ImageEncodeOptions(quality: 85, iccProfile: profile))
        let folder = try bench.makeDirectory("color-convert")
        let file = folder.appendingPathComponent("p3.jpg")
        try data.write(to: file)
        var converting = DecodeOptions()
        converting.convertToSRGB = true
        let plain = DecodeOptions()
        guard try ImageCoders.shared.decode(data, options: converting).colorProfile == .sRGB else {
            throw BenchError("the P3 JPEG was not converted")
        }
        let iterations = bench.size(quick: 3, full: 5)
        func time(_ options: DecodeOptions) throws -> Double {
            Stat(try (0..<iterations).map { _ in try Clock.time { _ = try ImageCoders.shared.decode(data, options: options) } })
                .median
        }
        let python = bench.python
        let pillow = python.probe.pillow != nil ? python.probe.python : nil
        let samples = try bench.rounds.interleave([
            { try time(converting) },
            { try time(plain) },
            { try pillow.map { try Self.pillowSeconds(python: $0, file: file, iterations: iterations) } ?? .nan },
        ])
        let megapixels = Double(width * height) / 1e6
        let metric = "JPEG \(width)×\(height) Display P3 → sRGB"
        var rows = [
            Row(scenario: label, metric: "\(metric), with ÷ without conversion", unit: "ms",
                osprey: Stat(samples[0].map { $0 * 1000 }), baselineName: "Osprey decode, no conversion",
                baseline: Stat(samples[1].map { $0 * 1000 }),
                target: .ratio(.atMost, 1.25, source: "conversion costs ≤ 25 % of the decode"),
                note: "\(data.count / 1000) kB 4:2:0 q85 file (\(String(format: "%.1f", Double(data.count * 8) / Double(width * height))) "
                    + "bits a pixel) written by Osprey's encoder with the P3 profile in APP2; matrix/TRC kernel (three "
                    + "16-bit lanes in one 64-bit table entry, unclamped encode table) in the renderer's row loop"),
        ]
        if pillow != nil {
            rows.append(Row(scenario: label, metric: "\(metric), decode + convert", unit: "MP/s",
                            osprey: Stat(samples[0].map { megapixels / $0 }),
                            baselineName: "Pillow + ImageCms.profileToProfile",
                            baseline: Stat(samples[2].map { megapixels / $0 }),
                            note: "Pillow: open + load + ImageCms.applyTransform of profileToProfile's transform (embedded profile → sRGB, relative colorimetric, built once); "
                                + "no target"))
        } else {
            rows.append(.outcome(.skipped, scenario: label, metric: "\(metric), decode + convert",
                                 note: "\(python.pillowStatus): no reference figure"))
        }
        return rows
    }

    /// Median seconds of Pillow decoding `file` and converting it with littleCMS.
    private static func pillowSeconds(python: String, file: URL, iterations: Int) throws -> Double {
        let output = try ChildProcess.run(python, ["-c", script, file.path, "\(iterations)"])
        guard output.status == 0, let seconds = Double(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("Pillow colour reference failed: \(output.stderr.suffix(300))")
        }
        return seconds
    }

    /// python3 -c SCRIPT FILE ITERATIONS: prints the median time of open + load +
    /// profileToProfile to sRGB (the transform built once, as a server would cache it).
    private static let script = """
        import io, sys, time, statistics
        from PIL import Image, ImageCms
        path, n = sys.argv[1], int(sys.argv[2])
        first = Image.open(path)
        source = ImageCms.ImageCmsProfile(io.BytesIO(first.info["icc_profile"]))
        transform = ImageCms.buildTransform(source, ImageCms.createProfile("sRGB"), "RGB", "RGB",
                                            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
        times = []
        for _ in range(n):
            start = time.perf_counter()
            image = Image.open(path)
            image.load()
            ImageCms.applyTransform(image, transform)
            times.append(time.perf_counter() - start)
        print(statistics.median(times))
        """
}
