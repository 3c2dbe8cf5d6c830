import Foundation
import Osprey

/// The images the scenarios load, made once per run with Osprey's own PNG encoder
/// (`ImageCoders.shared.encode(_:format: .png)`) and written to the folder the servers serve.
final class ImageFixtures {
    /// The served folder (`<scratch>/www`).
    let directory: URL
    private unowned let bench: Bench
    private var downloadNames: [String]?
    private var cache: [String: Data] = [:]

    /// How many distinct files the download scenarios cycle through; URLs are made unique
    /// with a query, so N can exceed this.
    static let downloadFileCount = 200
    /// Side of the download images: 256 × 256 RGBA encodes to roughly 50 kB.
    static let downloadSide = 256

    init(directory: URL, bench: Bench) {
        self.directory = directory
        self.bench = bench
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Throws ``Skip`` unless the PNG encoder and decoder are both registered.
    func requirePNG() throws {
        let probe = DecodedImage(pixels: PixelBuffer(width: 2, height: 2, bytes: [UInt8](repeating: 200, count: 16)))
        let data: Data
        do {
            data = try ImageCoders.shared.encode(probe, format: .png)
        } catch {
            throw Skip("no PNG encoder registered in ImageCoders.shared yet (png part not merged)")
        }
        do {
            _ = try ImageCoders.shared.decode(data)
        } catch {
            throw Skip("no PNG decoder registered in ImageCoders.shared yet (png part not merged): \(error)")
        }
    }

    var hasPNG: Bool { (try? requirePNG()) != nil }

    /// The download fixtures' file names: 256 × 256 photo-like PNGs of ≈ 50 kB, or, before
    /// the PNG encoder exists, 50 kB opaque blobs (fine for `.avoidDecodeImage` downloads).
    func downloadImages() throws -> [String] {
        if let downloadNames { return downloadNames }
        let png = hasPNG
        if !png { bench.note("Download fixtures are 50 kB blobs, not PNGs: no PNG encoder was registered.") }
        var names: [String] = []
        for index in 0..<Self.downloadFileCount {
            let name = String(format: png ? "img%03d.png" : "blob%03d.bin", index)
            let data: Data
            if png {
                let side = Self.downloadSide
                let pixels = Synth.photo(width: side, height: side, seed: UInt64(index + 1))
                data = try ImageCoders.shared.encode(
                    DecodedImage(pixels: PixelBuffer(width: side, height: side, bytes: pixels)), format: .png)
            } else {
                data = Data(Synth.blob(count: 50_000, seed: UInt64(index + 1)))
            }
            try data.write(to: directory.appendingPathComponent(name))
            cache[name] = data
            names.append(name)
        }
        let mean = names.reduce(0) { $0 + (cache[$1]?.count ?? 0) } / max(1, names.count)
        bench.note("Download fixtures: \(names.count) files of \(mean / 1000) kB on average"
                   + (png ? " (\(Self.downloadSide)×\(Self.downloadSide) RGBA PNG)." : "."))
        downloadNames = names
        return names
    }

    /// The bytes of a fixture file.
    func data(_ name: String) throws -> Data {
        if let cached = cache[name] { return cached }
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        cache[name] = data
        return data
    }

    /// A large photo-like RGBA PNG with a varying alpha channel (`width` × `height`).
    func largeRGBA(width: Int, height: Int) throws -> Data {
        let key = "large-rgba-\(width)x\(height)"
        if let cached = cache[key] { return cached }
        try requirePNG()
        let pixels = Synth.photo(width: width, height: height, seed: 42, noise: 8, alpha: true)
        let data = try ImageCoders.shared.encode(
            DecodedImage(pixels: PixelBuffer(width: width, height: height, bytes: pixels)), format: .png)
        cache[key] = data
        return data
    }

    /// A large palette PNG (color type 3). Osprey's encoder is asked first; if it writes
    /// another color type, Pillow converts the image when installed; else ``Skip``.
    func largePalette(width: Int, height: Int) throws -> Data {
        let key = "large-palette-\(width)x\(height)"
        if let cached = cache[key] { return cached }
        try requirePNG()
        let (palette, indices) = Synth.paletted(width: width, height: height, seed: 7)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for (i, index) in indices.enumerated() {
            rgba.replaceSubrange(i * 4..<(i * 4 + 4), with: palette[Int(index)])
        }
        var data = try ImageCoders.shared.encode(
            DecodedImage(pixels: PixelBuffer(width: width, height: height, bytes: rgba)), format: .png)
        if PNGChunks.colorType(of: data) != 3 {
            data = try bench.python.convertToPalette(data)
            bench.note("Palette PNG: Osprey's encoder wrote color type \(PNGChunks.colorType(of: data).map(String.init) ?? "?") "
                       + "for a ≤ 256-color image, so Pillow converted it to a palette PNG.")
        }
        cache[key] = data
        return data
    }
}

/// Just enough PNG chunk reading for the benchmark: the IHDR color type and the zlib
/// stream (concatenated IDAT data), which the inflate scenario feeds to each decompressor.
enum PNGChunks {
    static func colorType(of png: Data) -> Int? {
        let bytes = [UInt8](png.prefix(26))
        return bytes.count == 26 ? Int(bytes[25]) : nil
    }

    /// The concatenated IDAT payloads: one zlib stream.
    static func zlibStream(of png: Data) -> Data {
        let bytes = [UInt8](png)
        var out = Data()
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8
            guard start + length + 4 <= bytes.count else { break }
            if type == "IDAT" { out.append(contentsOf: bytes[start..<(start + length)]) }
            offset = start + length + 4
        }
        return out
    }
}
