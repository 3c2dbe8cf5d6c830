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
    static let downloadFileCount = 60
    /// Side of the download images: 256 × 256 photo-like RGB encodes to roughly 50 kB.
    static let downloadSide = 256
    /// Grain levels per channel in the download images (tuned for ≈ 50 kB files).
    static let downloadNoise: UInt8 = 2

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
        let names = (0..<Self.downloadFileCount).map { String(format: png ? "img%03d.png" : "blob%03d.bin", $0) }
        // Encoding is the slow part of setting up: spread it over the cores.
        let encoded = Box([Int: Data]())
        let failure = Box<String?>(nil)
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            do {
                let data: Data
                if png {
                    let side = Self.downloadSide
                    let pixels = Synth.photo(width: side, height: side, seed: UInt64(index + 1), noise: Self.downloadNoise)
                    data = try ImageCoders.shared.encode(
                        DecodedImage(pixels: PixelBuffer(width: side, height: side, bytes: pixels)), format: .png)
                } else {
                    data = Data(Synth.blob(count: 50_000, seed: UInt64(index + 1)))
                }
                encoded.withLock { $0[index] = data }
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
        }
        if let message = failure.withLock({ $0 }) { throw BenchError("encoding a download fixture failed: \(message)") }
        for (index, name) in names.enumerated() {
            let data = encoded.withLock { $0[index]! }
            try data.write(to: directory.appendingPathComponent(name))
            cache[name] = data
        }
        let mean = names.reduce(0) { $0 + (cache[$1]?.count ?? 0) } / max(1, names.count)
        bench.note("Download fixtures: \(names.count) files of \(mean / 1000) kB on average"
                   + (png ? " (\(Self.downloadSide)×\(Self.downloadSide) photo-like PNG, opaque, so stored as RGB)." : "."))
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

    /// A large palette PNG (color type 3, 8 bits, 200 colors). Osprey's encoder writes no
    /// palette PNGs, so the indices are encoded as an 8-bit grey image (the same filtered
    /// one-byte-per-pixel rows) and the header is then relabelled as palette + PLTE.
    func largePalette(width: Int, height: Int) throws -> Data {
        let key = "large-palette-\(width)x\(height)"
        if let cached = cache[key] { return cached }
        try requirePNG()
        let (palette, indices) = Synth.paletted(width: width, height: height, seed: 7)
        var grey = [UInt8](repeating: 255, count: width * height * 4)
        for (i, index) in indices.enumerated() {
            grey[i * 4] = index
            grey[i * 4 + 1] = index
            grey[i * 4 + 2] = index
        }
        let encoded = try ImageCoders.shared.encode(
            DecodedImage(pixels: PixelBuffer(width: width, height: height, bytes: grey)), format: .png)
        guard PNGChunks.colorType(of: encoded) == 0 else {
            throw Skip("Osprey's encoder wrote color type \(PNGChunks.colorType(of: encoded) ?? -1) for a grey image; cannot derive a palette PNG")
        }
        let data = PNGChunks.relabelGreyAsPalette(encoded, palette: palette.map { Array($0.prefix(3)) })
        cache[key] = data
        return data
    }
}
