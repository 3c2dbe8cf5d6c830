import Foundation
import LoopbackServer
import Osprey
import OspreyTestSupport

/// The encoders beside the C libraries, in the same run: Osprey's JPEG encoder against
/// libjpeg-turbo (through Python's imagecodecs `jpeg8_encode` and Pillow, same quality, 4:2:0),
/// its fast PNG mode against fpng (`fpng.from_ndarray`), on a real 1800 × 1200 photo; and a
/// cold load of a photo through the manager with a transformer (the disk tier gets the
/// transformed image: round corners → JPEG with its alpha segment, a flip → JPEG) against the same load without. Sizes are bytes, times ms;
/// PSNR is measured by Pillow on both files against the same source. Absent Python modules
/// are reported, never an error.
struct EncoderScenario: Scenario {
    let id = "encode"
    let title = "encoders"

    /// The reference side: one Python process timing every encode on the raw RGB source.
    static let script = """
    import sys, json, time, io
    import numpy as np
    path, width, height, iterations = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    rgb = np.fromfile(path, dtype=np.uint8).reshape(height, width, 3)
    out = {}
    def timed(fn):
        fn()
        times = []
        for _ in range(iterations):
            start = time.perf_counter(); data = fn(); times.append(time.perf_counter() - start)
        times.sort()
        return times[len(times) // 2], data
    def psnr(data):
        from PIL import Image
        a = np.asarray(Image.open(io.BytesIO(data)).convert('RGB')).astype(np.float64)
        return float(10 * np.log10(255 * 255 / ((a - rgb) ** 2).mean()))
    try:
        import imagecodecs
        t, d = timed(lambda: imagecodecs.jpeg8_encode(rgb, level=85, subsampling='420', optimize=False))
        out['turbo_std'] = dict(seconds=t, bytes=len(d), psnr=psnr(d))
    except Exception as e:
        out['turbo_error'] = str(e)
    try:
        from PIL import Image
        image = Image.fromarray(rgb)
        def pil(**kw):
            def run():
                b = io.BytesIO(); image.save(b, 'JPEG', quality=85, subsampling=2, **kw); return b.getvalue()
            return run
        t, d = timed(pil(optimize=True)); out['pillow_opt'] = dict(seconds=t, bytes=len(d), psnr=psnr(d))
        t, d = timed(pil(optimize=True, progressive=True)); out['pillow_prog'] = dict(seconds=t, bytes=len(d), psnr=psnr(d))
        for name in sys.argv[5:]:
            out['psnr:' + name] = psnr(open(name, 'rb').read())
    except Exception as e:
        out['pillow_error'] = str(e)
    try:
        import fpng
        t, d = timed(lambda: fpng.from_ndarray(rgb)); out['fpng'] = dict(seconds=t, bytes=len(d))
    except Exception as e:
        out['fpng_error'] = str(e)
    print(json.dumps(out))
    """

    func run(in bench: Bench) throws -> [Row] {
        let label = "\(id) \(title)"
        guard let file = Corpus.file("jpeg/exif-orientation/Landscape_1.jpg"), let photoData = try? Data(contentsOf: file) else {
            throw Skip("the photo jpeg/exif-orientation/Landscape_1.jpg is not in the corpus")
        }
        let photo = try ImageCoders.shared.decode(photoData)
        let pixels = photo.firstFrame
        let iterations = bench.size(quick: 3, full: 9)
        func measure(_ body: () throws -> Data) rethrows -> (ms: [Double], data: Data) {
            var data = Data()
            _ = try body()
            let times = try (0..<iterations).map { _ in try Clock.time { data = try body() } * 1000 }
            return (times, data)
        }
        let std = ImageEncodeOptions(quality: 85, chromaSubsampling: .s420, optimizeHuffman: false)
        let opt = ImageEncodeOptions(quality: 85, chromaSubsampling: .s420)
        let prog = ImageEncodeOptions(quality: 85, progressive: true, chromaSubsampling: .s420)
        let oStd = try measure { try JPEGEncoder.encode(pixels, options: std) }
        let oOpt = try measure { try JPEGEncoder.encode(pixels, options: opt) }
        let oProg = try measure { try JPEGEncoder.encode(pixels, options: prog) }
        let oPNG = try measure { try PNGEncoder.encode(pixels, level: 6, fast: true) }

        let folder = try bench.makeDirectory("encoders")
        var rgb = [UInt8]()
        rgb.reserveCapacity(pixels.width * pixels.height * 3)
        for i in stride(from: 0, to: pixels.bytes.count, by: 4) { rgb += pixels.bytes[i..<i + 3] }
        let raw = folder.appendingPathComponent("photo.rgb")
        try Data(rgb).write(to: raw)
        let names = ["std", "opt", "prog"].map { folder.appendingPathComponent("osprey-\($0).jpg") }
        try oStd.data.write(to: names[0])
        try oOpt.data.write(to: names[1])
        try oProg.data.write(to: names[2])
        let scriptFile = folder.appendingPathComponent("encoders.py")
        try Self.script.write(to: scriptFile, atomically: true, encoding: .utf8)
        var reference: [String: Any] = [:]
        var missing = "python3 not installed"
        if let python = ChildProcess.which("python3") {
            let output = try ChildProcess.run(python, [scriptFile.path, raw.path, "\(pixels.width)", "\(pixels.height)",
                                                       "\(iterations)"] + names.map(\.path))
            reference = (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]) ?? [:]
            missing = "reference script failed: \(output.stderr.suffix(200))"
        }
        func ref(_ key: String) -> (ms: Double, bytes: Double, psnr: Double)? {
            guard let entry = reference[key] as? [String: Any], let seconds = entry["seconds"] as? Double,
                  let bytes = entry["bytes"] as? Int else { return nil }
            return (seconds * 1000, Double(bytes), entry["psnr"] as? Double ?? .nan)
        }
        func why(_ key: String) -> String { reference[key + "_error"] as? String ?? missing }
        let size = "\(pixels.width)×\(pixels.height) photo"
        var rows: [Row] = []
        let turbo = ref("turbo_std")
        rows.append(Row(scenario: label, metric: "JPEG q85 4:2:0 standard tables, \(size)", unit: "ms",
                        osprey: Stat(oStd.ms), baselineName: turbo == nil ? "—" : "libjpeg-turbo (imagecodecs)",
                        baseline: turbo.map { Stat([$0.ms]) },
                        target: .ratio(.atMost, 1.0, source: "encoders: speed ≥ 1.0× libjpeg-turbo"),
                        note: turbo == nil ? "imagecodecs: \(why("turbo"))" : "Osprey ms ÷ libjpeg-turbo ms"))
        rows.append(Row(scenario: label, metric: "JPEG q85 standard tables, bytes", unit: "bytes",
                        osprey: Stat([Double(oStd.data.count)]), baselineName: turbo == nil ? "—" : "libjpeg-turbo",
                        baseline: turbo.map { Stat([$0.bytes]) },
                        target: .ratio(.atMost, 1.01, source: "encoders: size within ±1 %"), note: "size ratio"))
        if let turbo, let psnr = reference["psnr:\(names[0].path)"] as? Double {
            rows.append(Row(scenario: label, metric: "JPEG q85 PSNR Osprey − libjpeg-turbo", unit: "dB",
                            osprey: Stat([psnr - turbo.psnr]), baselineName: "—",
                            target: .value(.atLeast, -0.2, source: "encoders: PSNR within 0.2 dB"),
                            note: String(format: "Osprey %.3f dB, libjpeg-turbo %.3f dB (Pillow decodes both)", psnr, turbo.psnr)))
        }
        let pillowOpt = ref("pillow_opt")
        rows.append(Row(scenario: label, metric: "JPEG q85 fitted tables, bytes", unit: "bytes",
                        osprey: Stat([Double(oOpt.data.count)]), baselineName: pillowOpt == nil ? "—" : "Pillow optimize=True",
                        baseline: pillowOpt.map { Stat([$0.bytes]) },
                        target: .ratio(.atMost, 1.03, source: "encoders: within ±3 % of Pillow optimize"),
                        note: pillowOpt == nil ? "Pillow: \(why("pillow"))" : "size ratio"))
        rows.append(Row(scenario: label, metric: "JPEG fitted ÷ standard tables encode time", unit: "ms",
                        osprey: Stat(oOpt.ms), baselineName: "Osprey standard tables", baseline: Stat(oStd.ms),
                        target: .ratio(.atMost, 1.5, source: "encoders: ≤ 1.5× the standard-table encode"),
                        note: "both Osprey"))
        let pillowProg = ref("pillow_prog")
        rows.append(Row(scenario: label, metric: "JPEG q85 progressive", unit: "ms",
                        osprey: Stat(oProg.ms), baselineName: pillowProg == nil ? "—" : "Pillow progressive=True",
                        baseline: pillowProg.map { Stat([$0.ms]) },
                        target: .ratio(.atMost, 1.25, source: "encoders: ≥ 0.8× Pillow's speed"),
                        note: pillowProg == nil ? "Pillow: \(why("pillow"))"
                            : "bytes \(oProg.data.count) vs \(Int(pillowProg!.bytes))"))
        let fpng = ref("fpng")
        rows.append(Row(scenario: label, metric: "fast PNG, \(size)", unit: "ms",
                        osprey: Stat(oPNG.ms), baselineName: fpng == nil ? "—" : "fpng",
                        baseline: fpng.map { Stat([$0.ms]) },
                        target: .ratio(.atMost, 1.25, source: "encoders: ≥ 0.8× fpng's speed"),
                        note: fpng == nil ? "fpng: \(why("fpng"))" : "Osprey RGB (opaque detected), fpng RGB"))
        rows.append(Row(scenario: label, metric: "fast PNG bytes", unit: "bytes",
                        osprey: Stat([Double(oPNG.data.count)]), baselineName: fpng == nil ? "—" : "fpng",
                        baseline: fpng.map { Stat([$0.bytes]) },
                        target: .ratio(.atMost, 1.1, source: "encoders: ≤ 1.1× fpng's size"), note: "size ratio"))
        rows += try transformedLoad(photoData, transformer: RoundCornerTransformer(radius: 40), label: label, in: bench,
                                    note: "round corners of a JPEG: a JPEG entry, the alpha deflated in its private APP15 segment")
        rows += try transformedLoad(photoData, transformer: FlippingTransformer(horizontal: true, vertical: false),
                                    label: label, in: bench, note: "opaque result of a JPEG: the entry is JPEG q90")
        return rows
    }

    /// Cold loads (fresh cache, disk tier on) of the photo with and without `transformer`:
    /// until delivery (the transformed entry is encoded for disk after it), and until the disk
    /// writes are done (`.waitStoreCache`); and the disk entry's size.
    private func transformedLoad(_ photo: Data, transformer: any ImageTransformer, label: String, in bench: Bench,
                                 note: String) throws -> [Row] {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.setRoute("/photo.jpg", .ok(photo, contentType: "image/jpeg"))
        let url = server.url("/photo.jpg")
        var entryBytes = 0
        func load(transformed: Bool, waits: Bool, round: Int) throws -> Double {
            let folder = try bench.makeDirectory("encoders-load-\(transformer.key)-\(transformed)-\(waits)-\(round)")
            let stack = OspreyStack(directory: folder, memoryLimit: 1 << 30)
            defer { stack.close() }
            var context = OspreyStack.context
            if transformed { context.transformer = transformer }
            let seconds = try Clock.time { try stack.load([url], options: waits ? .waitStoreCache : [], context: context) }
            // Outside the timing: the disk read queues behind the entry's write, so the next
            // round does not share the CPU with this one's encode.
            if let key = stack.manager.cacheKey(for: url, context: context) {
                let bytes = stack.cache.diskImageData(forKey: key)?.count ?? 0
                if transformed { entryBytes = bytes }
            }
            return seconds * 1000
        }
        var round = 0
        let delivery = try bench.rounds.alternate(
            osprey: { round += 1; return try load(transformed: true, waits: false, round: round) },
            baseline: { round += 1; return try load(transformed: false, waits: false, round: round) })
        let stored = try bench.rounds.alternate(
            osprey: { round += 1; return try load(transformed: true, waits: true, round: round) },
            baseline: { round += 1; return try load(transformed: false, waits: true, round: round) })
        return [
            Row(scenario: label, metric: "cold load with \(transformer.key) ÷ without", unit: "ms",
                osprey: Stat(delivery.osprey), baselineName: "same load, no transformer", baseline: Stat(delivery.baseline),
                target: .ratio(.atMost, 1.5, source: "encoders: transformed load ≤ 1.5× plain"),
                note: "1800×1200 JPEG from a loopback server, until delivery (the entry is encoded after it)"),
            Row(scenario: label, metric: "cold load with \(transformer.key) ÷ without, .waitStoreCache", unit: "ms",
                osprey: Stat(stored.osprey), baselineName: "same load, no transformer", baseline: Stat(stored.baseline),
                note: "until the disk writes are done: includes the entry's encode"),
            Row(scenario: label, metric: "\(transformer.key) disk entry ÷ source JPEG", unit: "bytes",
                osprey: Stat([Double(entryBytes)]), baselineName: "source JPEG", baseline: Stat([Double(photo.count)]),
                target: .ratio(.atMost, 1.5, source: "encoders: disk entry ≤ 1.5× source"),
                note: note),
        ]
    }
}
