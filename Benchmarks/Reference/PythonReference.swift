import Foundation

/// The reference decoders in Python, run as a subprocess on the same files: Pillow
/// (libpng + zlib) for PNG decoding, Python's `zlib` module for inflate. Their absence is
/// reported, never an error.
final class PythonReference {
    private let scratch: URL
    private var probed: Probe?

    struct Probe {
        /// Path of python3, nil when not installed.
        var python: String?
        /// Pillow's version, nil when `import PIL` fails.
        var pillow: String?
        /// zlib's version as Python reports it.
        var zlib: String?
        /// imagecodecs' version (direct bindings to the C codec libraries), nil when absent.
        var imagecodecs: String?
        /// The C libraries imagecodecs was built with, by name (`libjpeg_turbo`, `libwebp`, …).
        var cLibraries: [String: String] = [:]
    }

    init(scratch: URL) {
        self.scratch = scratch
    }

    private var scriptURL: URL { scratch.appendingPathComponent("reference.py") }

    /// Finds python3 and asks it which references it has (once).
    var probe: Probe {
        if let probed { return probed }
        var result = Probe()
        if let python = ChildProcess.which("python3") {
            result.python = python
            if (try? Self.script.write(to: scriptURL, atomically: true, encoding: .utf8)) != nil,
               let output = try? ChildProcess.run(python, [scriptURL.path, "probe"]), output.status == 0,
               let json = try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any] {
                result.pillow = json["pillow"] as? String
                result.zlib = json["zlib"] as? String
                result.imagecodecs = json["imagecodecs"] as? String
                result.cLibraries = json["clibs"] as? [String: String] ?? [:]
            }
        }
        probed = result
        return result
    }

    /// "Pillow 11.0 (…)" or why there is none.
    var pillowStatus: String {
        guard probe.python != nil else { return "python3 not installed" }
        guard let pillow = probe.pillow else { return "Pillow not installed" }
        return "Pillow \(pillow)"
    }

    /// "imagecodecs 2026.3.6" or why there is none (the C-library columns are then skipped).
    var imagecodecsStatus: String {
        guard probe.python != nil else { return "python3 not installed" }
        guard let version = probe.imagecodecs else { return "imagecodecs not installed (pip install imagecodecs)" }
        return "imagecodecs \(version)"
    }

    /// The C library behind `kind` with its version ("libjpeg-turbo 3.1.3"), nil when imagecodecs
    /// is absent.
    func cLibraryName(_ kind: Kind) -> String? {
        guard probe.imagecodecs != nil else { return nil }
        let (key, name): (String, String) = switch kind {
        case .cJPEG: ("libjpeg_turbo", "libjpeg-turbo")
        case .cPNG: ("libspng", "libspng")
        case .cWebP: ("libwebp", "libwebp")
        case .cGIF: ("giflib", "giflib")
        default: ("", "")
        }
        guard !key.isEmpty else { return nil }
        return probe.cLibraries[key].map { "\(name) \($0)" } ?? name
    }

    /// Median seconds per decode of each item, measured `iterations` times inside one Python
    /// process. Items whose reference is missing are absent from the answer.
    func measure(_ items: [Item], iterations: Int) throws -> [Item: Double] {
        guard let python = probe.python else { return [:] }
        let arguments = [scriptURL.path, "measure", String(iterations)] + items.map { "\($0.kind.rawValue):\($0.file.path)" }
        let output = try ChildProcess.run(python, arguments)
        guard output.status == 0,
              let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any],
              let results = json["results"] as? [String: Double] else {
            throw BenchError("reference.py failed (\(output.status)): \(output.stderr.suffix(300))")
        }
        var answer: [Item: Double] = [:]
        for item in items {
            if let seconds = results["\(item.kind.rawValue):\(item.file.path)"] { answer[item] = seconds }
        }
        return answer
    }

    /// One thing to time: a file and what to do with it.
    struct Item: Hashable {
        var kind: Kind
        var file: URL
    }

    enum Kind: String {
        /// Pillow: open + load, converted to RGBA when the file is not RGBA already (Osprey
        /// always produces RGBA, so this is the like-for-like figure).
        case png
        /// `zlib.decompress` of a raw zlib stream.
        case zlib
        /// Pillow: save the decoded file as PNG at compress level 6 (Osprey's default level).
        case encode
        /// Pillow: `Image.resize(size, Image.BOX)` of raw RGBA pixels; the file is named
        /// `src-WxH-to-WxH.rgba` (source and target sizes).
        case boxResize = "box"
        /// Pillow (libjpeg-turbo): open + load + convert to RGBA, as for `png`.
        case jpeg
        /// Pillow: open, then every frame seeked, loaded and converted to RGBA (the composed
        /// frames Osprey's eager GIF decode produces).
        case gif
        /// Pillow (libjpeg-turbo): open, `draft("RGB", (256, 256))` (DCT scaling),
        /// `thumbnail((256, 256))`, convert to RGBA — Pillow's fastest way to a 256-px thumbnail.
        case jpegThumbnail = "jpegthumb"
        /// The C libraries alone, through imagecodecs' direct bindings (no Pillow image object,
        /// no RGBA conversion: each library's own output, RGB or RGBA): libjpeg-turbo
        /// (`jpeg8_decode`), libspng (`spng_decode`), libwebp (`webp_decode`) and giflib
        /// (`gif_decode`, every frame composed).
        case cJPEG = "c-jpeg", cPNG = "c-png", cWebP = "c-webp", cGIF = "c-gif"
    }

    /// Writes a deterministic animated GIF with Pillow (the project has no GIF encoder):
    /// `frames` frames of `width` × `height` panning over a quantized Mandelbrot picture, 40 ms
    /// each, looping forever. Throws ``Skip`` when Pillow is absent.
    func makeGIF(_ file: URL, width: Int, height: Int, frames: Int) throws {
        guard let python = probe.python, probe.pillow != nil else { throw Skip("\(pillowStatus): cannot make the GIF fixture") }
        let output = try ChildProcess.run(python, [scriptURL.path, "makegif", file.path, "\(width)", "\(height)", "\(frames)"])
        guard output.status == 0 else { throw BenchError("reference.py makegif failed: \(output.stderr.suffix(300))") }
    }

    /// Writes a deterministic photo-like JPEG with Pillow (the project has no JPEG encoder):
    /// a Mandelbrot detail over two gradients with noise, `width` × `height`, at `quality`, chroma
    /// `subsampling` (0 = 4:4:4, 2 = 4:2:0), baseline or progressive. Throws ``Skip`` when
    /// Pillow is absent.
    func makeJPEG(_ file: URL, width: Int, height: Int, quality: Int, subsampling: Int,
                  progressive: Bool) throws {
        guard let python = probe.python, probe.pillow != nil else { throw Skip("\(pillowStatus): cannot make the JPEG fixture") }
        let arguments = [scriptURL.path, "makejpeg", file.path, "\(width)", "\(height)", "\(quality)",
                         "\(subsampling)", progressive ? "1" : "0"]
        let output = try ChildProcess.run(python, arguments)
        guard output.status == 0 else { throw BenchError("reference.py makejpeg failed: \(output.stderr.suffix(300))") }
    }

    private static let script = """
        import io, json, sys, time, zlib
        out = {"pillow": None, "zlib": zlib.ZLIB_RUNTIME_VERSION, "results": {}}
        try:
            import PIL
            from PIL import Image
            out["pillow"] = PIL.__version__
        except Exception:
            Image = None
        try:
            import imagecodecs
            out["imagecodecs"] = imagecodecs.__version__
            clibs = {}
            for part in imagecodecs.version().split(", ")[1:]:
                name, _, version = part.partition("-")
                clibs[name] = version
            out["clibs"] = clibs
            cdecode = {"c-jpeg": imagecodecs.jpeg8_decode, "c-png": imagecodecs.spng_decode,
                       "c-webp": imagecodecs.webp_decode, "c-gif": imagecodecs.gif_decode}
        except Exception:
            cdecode = {}
        command = sys.argv[1]
        if command == "measure":
            iterations = int(sys.argv[2])
            for item in sys.argv[3:]:
                kind, path = item.split(":", 1)
                with open(path, "rb") as f:
                    data = f.read()
                times = []
                if kind.startswith("c-"):
                    if kind not in cdecode:
                        continue
                    decode = cdecode[kind]
                    for _ in range(iterations):
                        start = time.perf_counter()
                        decode(data)
                        times.append(time.perf_counter() - start)
                elif kind == "png" or kind == "jpeg":
                    if Image is None:
                        continue
                    for _ in range(iterations):
                        start = time.perf_counter()
                        image = Image.open(io.BytesIO(data))
                        image.load()
                        if image.mode != "RGBA":
                            image = image.convert("RGBA")
                        times.append(time.perf_counter() - start)
                elif kind == "gif":
                    if Image is None:
                        continue
                    for _ in range(iterations):
                        start = time.perf_counter()
                        image = Image.open(io.BytesIO(data))
                        for index in range(getattr(image, "n_frames", 1)):
                            image.seek(index)
                            image.load()
                            image.convert("RGBA")
                        times.append(time.perf_counter() - start)
                elif kind == "jpegthumb":
                    if Image is None:
                        continue
                    for _ in range(iterations):
                        start = time.perf_counter()
                        image = Image.open(io.BytesIO(data))
                        image.draft("RGB", (256, 256))
                        image.thumbnail((256, 256))
                        image = image.convert("RGBA")
                        times.append(time.perf_counter() - start)
                elif kind == "encode":
                    if Image is None:
                        continue
                    image = Image.open(io.BytesIO(data))
                    image.load()
                    for _ in range(iterations):
                        start = time.perf_counter()
                        image.save(io.BytesIO(), "PNG", compress_level=6)
                        times.append(time.perf_counter() - start)
                elif kind == "box":
                    if Image is None:
                        continue
                    import re
                    w, h, tw, th = map(int, re.search(r"src-(\\d+)x(\\d+)-to-(\\d+)x(\\d+)", path).groups())
                    image = Image.frombytes("RGBA", (w, h), data)
                    for _ in range(iterations):
                        start = time.perf_counter()
                        image.resize((tw, th), Image.BOX)
                        times.append(time.perf_counter() - start)
                elif kind == "zlib":
                    for _ in range(iterations):
                        start = time.perf_counter()
                        zlib.decompress(data)
                        times.append(time.perf_counter() - start)
                times.sort()
                out["results"][item] = times[len(times) // 2]
        elif command == "makegif" and Image is not None:
            path, w, h, count = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
            big = (w * 2, h * 2)
            detail = Image.effect_mandelbrot(big, (-2.2, -1.2, 0.8, 1.2), 64)
            picture = Image.merge("RGB", (detail, Image.linear_gradient("L").resize(big),
                                          Image.radial_gradient("L").resize(big))).quantize(colors=128)
            frames = [picture.crop(((i * 7) % w, (i * 3) % h, (i * 7) % w + w, (i * 3) % h + h)) for i in range(count)]
            frames[0].save(path, "GIF", save_all=True, append_images=frames[1:], duration=40, loop=0)
        elif command == "makejpeg" and Image is not None:
            path, w, h, quality, subsampling, progressive = sys.argv[2:8]
            w, h = int(w), int(h)
            detail = Image.effect_mandelbrot((w, h), (-2.2, -1.2, 0.8, 1.2), 96)
            ramp = Image.linear_gradient("L").resize((w, h))
            disc = Image.radial_gradient("L").resize((w, h))
            # Gaussian noise (C rand(), unseeded: the same on every run of one libc) gives the
            # entropy of a photo; without it the file is a tenth of a camera JPEG's size.
            noise = Image.effect_noise((w, h), 48)
            picture = Image.merge("RGB", (Image.blend(detail, noise, 0.25), Image.blend(ramp, noise, 0.25),
                                          Image.blend(disc, noise, 0.25)))
            picture.save(path, "JPEG", quality=int(quality), subsampling=int(subsampling),
                         progressive=progressive == "1")
        print(json.dumps(out))

        """
}
