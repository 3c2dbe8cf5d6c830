import Foundation
import Osprey

/// Thumbnails that save: a thumbnail decode must cost less time and far less memory than the
/// full decode it replaces.
///
/// - A 12 MP PNG (plain, and Adam7-interlaced) to 256 px: time ÷ the full decode (target ≤ 1,
///   same process, alternating rounds); the decoder's working memory (target ≤ 4 MiB, counted
///   as the resampler's is); and the peak resident memory the decode adds in a fresh child.
/// - Animations to 128 px — the 1000 × 175 × 259-frame GIF banner, an APNG and an animated
///   WebP made from its first 60 frames — eager and lazy: peak resident memory ÷ the full-size
///   eager decode's (target ≤ 0.1 for the GIF): one full-size canvas composes, the frames are
///   kept at the thumbnail size.
struct ThumbnailScenario: Scenario {
    let id = "thumbs"
    let title = "thumbnail time and memory"

    func run(in bench: Bench) throws -> [Row] {
        guard ResourceUsage.peakResidentBytes() != nil else { throw Skip("no /proc/self/status VmHWM on this system") }
        let label = "\(id) \(title)"
        let folder = try bench.makeDirectory("thumbs")
        var rows: [Row] = []
        rows += try pngRows(bench, label: label, folder: folder)
        rows += try animationRows(bench, label: label, folder: folder)
        return rows
    }

    // MARK: - PNG

    private func pngRows(_ bench: Bench, label: String, folder: URL) throws -> [Row] {
        let (width, height) = bench.size(quick: (2000, 1500), full: (4000, 3000))
        var files: [(name: String, file: URL)] = []
        let plain = folder.appendingPathComponent("plain-\(width)x\(height).png")
        try bench.fixtures.largeRGBA(width: width, height: height).write(to: plain)
        files.append(("\(width)×\(height) RGBA", plain))
        var rows: [Row] = []
        let interlaced = folder.appendingPathComponent("adam7-\(width)x\(height).png")
        if let python = bench.python.probe.python {
            let made = try ChildProcess.run(python, ["-c", Self.makeAdam7, interlaced.path, "\(width)", "\(height)"])
            if made.status == 0 {
                files.append(("\(width)×\(height) RGB Adam7", interlaced))
            } else {
                rows.append(.outcome(.skipped, scenario: label, metric: "PNG thumbnail, Adam7",
                                     note: "could not make the Adam7 PNG (numpy missing?): \(made.stderr.suffix(200))"))
            }
        }
        var thumbnail = DecodeOptions()
        thumbnail.thumbnailPixelSize = PixelSize(width: 256, height: 256)
        let iterations = bench.size(quick: 2, full: 3)
        for (name, file) in files {
            let data = try Data(contentsOf: file)
            let samples = try bench.rounds.alternate(
                osprey: {
                    Stat(try (0..<iterations).map { _ in try Clock.time { _ = try ImageCoders.shared.decode(data, options: thumbnail) } }).median
                },
                baseline: {
                    Stat(try (0..<iterations).map { _ in try Clock.time { _ = try ImageCoders.shared.decode(data) } }).median
                })
            rows.append(Row(scenario: label, metric: "PNG 256-px thumbnail ÷ full decode, \(name)", unit: "ms",
                            osprey: Stat(samples.osprey.map { $0 * 1000 }), baselineName: "Osprey full decode",
                            baseline: Stat(samples.baseline.map { $0 * 1000 }),
                            target: .ratio(.atMost, 1.0, source: "thumbnail time ≤ its full decode"),
                            note: "\(data.count / 1000) kB file"))
            let mib = 1_048_576.0
            let thumbWorking = try PNGDecoder.decodeCountingWorkingBytes(data, options: thumbnail).workingBytes
            let fullWorking = try PNGDecoder.decodeCountingWorkingBytes(data, options: DecodeOptions()).workingBytes
            rows.append(Row(scenario: label, metric: "PNG 256-px thumbnail, decoder working memory, \(name)", unit: "MiB",
                            osprey: Stat([Double(thumbWorking) / mib]), baselineName: "Osprey full decode",
                            baseline: Stat([Double(fullWorking) / mib]),
                            target: .value(.atMost, 4.0, source: "thumbnail extra memory ≤ 4 MB, counted as the resampler row counts"),
                            note: "most bytes held for the image (canvas or thumbnail sums, row window, compressed input), "
                                + "sampled after every 128 KiB of image data; the full decode's is its canvas, the output"))
            let thumb = try ThumbnailPeakChild.measure(file, mode: "thumb:256")
            let full = try ThumbnailPeakChild.measure(file, mode: "full")
            rows.append(Row(scenario: label, metric: "PNG 256-px thumbnail, peak resident memory added, \(name)", unit: "MiB",
                            osprey: Stat([thumb.addedMiB]), baselineName: "Osprey full decode",
                            baseline: Stat([full.addedMiB]),
                            note: "peak resident − resident before the decode (file already read), fresh child each: "
                                + "includes the code pages and heap arenas a first decode touches (about 2.5 MiB); "
                                + String(format: "output %.2f vs %.1f MiB", thumb.outputMiB, full.outputMiB)))
        }
        return rows
    }

    /// python3 -c SCRIPT PATH W H: a photo-like RGB Adam7 PNG (numpy, zlib level 6, filter 0).
    private static let makeAdam7 = """
        import sys, zlib, struct
        import numpy as np
        path, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
        y, x = np.mgrid[0:h, 0:w]
        rng = np.random.default_rng(24)
        noise = rng.integers(0, 24, size=(h, w))
        image = np.stack([(x * 255 // w + noise) & 255, (y * 255 // h + noise) & 255,
                          ((x * y) // 97 + noise) & 255], axis=2).astype(np.uint8)
        raw = bytearray()
        for (x0, y0, dx, dy) in [(0,0,8,8),(4,0,8,8),(0,4,4,8),(2,0,4,4),(0,2,2,4),(1,0,2,2),(0,1,1,2)]:
            if x0 >= w or y0 >= h: continue
            part = image[y0::dy, x0::dx].reshape(-1, ((w - x0 + dx - 1) // dx) * 3)
            rows = np.concatenate([np.zeros((part.shape[0], 1), np.uint8), part], axis=1)
            raw += rows.tobytes()
        def chunk(kind, data):
            body = kind + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xffffffff)
        png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 1))
        png += chunk(b"IDAT", zlib.compress(bytes(raw), 6)) + chunk(b"IEND", b"")
        open(path, "wb").write(png)
        """

    // MARK: - Animations

    private func animationRows(_ bench: Bench, label: String, folder: URL) throws -> [Row] {
        let python = bench.python
        let gif = folder.appendingPathComponent("banner-1000x175x259.gif")
        do {
            try python.makeGIF(gif, width: 1000, height: 175, frames: 259)
        } catch let skip as Skip {
            return [.outcome(.skipped, scenario: label, metric: "animated thumbnails", note: skip.description)]
        }
        var files: [(name: String, file: URL, target: Target?)] = [
            ("GIF 1000×175 × 259 frames", gif, .ratio(.atMost, 0.1, source: "animated thumbnail peak ≤ 0.1 × full eager")),
        ]
        // An APNG of the first 60 composed frames, written by Osprey's encoder.
        var eager = DecodeOptions()
        eager.lazyAnimationThreshold = Int.max
        eager.animationMemoryBudget = Int.max
        let banner = try ImageCoders.shared.decode(try Data(contentsOf: gif), options: eager)
        let sixty = DecodedImage(frames: Array(banner.frames.prefix(60)), format: .png, loopCount: 0)
        let apng = folder.appendingPathComponent("banner-1000x175x60.png")
        try ImageCoders.shared.encode(sixty, format: .png).write(to: apng)
        files.append(("APNG 1000×175 × 60 frames", apng, nil))
        let webp = folder.appendingPathComponent("banner-1000x175x60.webp")
        if let interpreter = python.probe.python, python.probe.pillow != nil {
            let made = try ChildProcess.run(interpreter, ["-c", Self.makeAnimatedWebP, gif.path, webp.path, "60"])
            if made.status == 0 { files.append(("animated WebP 1000×175 × 60 frames", webp, nil)) }
        }
        var rows: [Row] = []
        for (name, file, target) in files {
            let full = try ThumbnailPeakChild.measure(file, mode: "eager")
            for (mode, how) in [("thumb:128", "eager"), ("lazythumb:128", "lazy")] {
                let thumb = try ThumbnailPeakChild.measure(file, mode: mode)
                rows.append(Row(scenario: label, metric: "128-px thumbnail peak ÷ full-size eager decode, \(name), \(how)",
                                unit: "MiB", osprey: Stat([thumb.addedMiB]), baselineName: "full-size eager decode",
                                baseline: Stat([full.addedMiB]), target: how == "eager" ? target : nil,
                                note: "peak resident − resident before the decode, fresh child each; "
                                    + String(format: "frames held %.2f vs %.1f MiB; %.2f vs %.2f s", thumb.outputMiB,
                                             full.outputMiB, thumb.seconds, full.seconds)))
            }
        }
        return rows
    }

    /// python3 -c SCRIPT GIF OUT N: the GIF's first N frames as a lossy animated WebP (Pillow).
    private static let makeAnimatedWebP = """
        import sys
        from PIL import Image, ImageSequence
        source, out, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
        frames = [frame.convert("RGBA") for _, frame in zip(range(count), ImageSequence.Iterator(Image.open(source)))]
        frames[0].save(out, "WEBP", save_all=True, append_images=frames[1:], duration=40, loop=0, quality=80, method=0)
        """
}

/// The child side: `osprey-bench thumb-peak-child <file> <mode>` decodes the file once (mode
/// `full`, `eager` = every frame held at full size, `thumb:N` = an N-pixel box, `lazythumb:N` =
/// the same decoded lazily) and prints one JSON ``Report`` line.
enum ThumbnailPeakChild {
    static let name = "thumb-peak-child"

    struct Report: Codable {
        var startBytes: Int
        var peakBytes: Int
        var outputBytes: Int
        var seconds: Double

        var addedMiB: Double { Double(peakBytes - startBytes) / 1_048_576 }
        var outputMiB: Double { Double(outputBytes) / 1_048_576 }
    }

    static func measure(_ file: URL, mode: String) throws -> Report {
        let output = try ChildProcess.run(ChildProcess.selfExecutable, [name, file.path, mode])
        guard output.status == 0, let line = output.stdout.split(separator: "\n").last,
              let report = try? JSONDecoder().decode(Report.self, from: Data(line.utf8)) else {
            throw BenchError("\(name) failed on \(file.lastPathComponent) \(mode) (\(output.status)): \(output.stderr.suffix(300))")
        }
        return report
    }

    static func run(arguments: [String]) -> Never {
        guard arguments.count == 2, let data = FileManager.default.contents(atPath: arguments[0]) else {
            FileHandle.standardError.write(Data("usage: \(name) <file> full|eager|thumb:N|lazythumb:N\n".utf8))
            exit(2)
        }
        var options = DecodeOptions()
        let mode = arguments[1]
        if mode == "eager" {
            options.lazyAnimationThreshold = Int.max
            options.animationMemoryBudget = Int.max
        } else if let side = Int(mode.split(separator: ":").last ?? ""), mode.contains("thumb:") {
            options.thumbnailPixelSize = PixelSize(width: side, height: side)
            if mode.hasPrefix("lazy") { options.lazyAnimationThreshold = 0 }
        }
        let start = ResourceUsage.residentBytes() ?? 0
        ResourceUsage.resetPeakResident()
        let began = Clock.now()
        do {
            let image = try ImageCoders.shared.decode(data, options: options)
            // A lazy animation composes its frames when asked: play it through once.
            for index in 0..<image.frameCount { _ = image.frame(at: index) }
            let report = Report(startBytes: start, peakBytes: ResourceUsage.peakResidentBytes() ?? 0,
                                outputBytes: image.cost, seconds: Clock.now() - began)
            withExtendedLifetime(image) {}
            print((try? JSONEncoder().encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? "{}")
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("decode failed: \(error)\n".utf8))
            exit(1)
        }
    }
}
