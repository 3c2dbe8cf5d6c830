import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Every PNG, GIF and WebP of the vendored fixtures and the shared corpus, decoded in every
/// mode a caller can ask for (full size, two thumbnail boxes, first frame only, lazy
/// animation, lazy thumbnail), one-shot and fed in pieces, against the digests recorded in
/// `Tests/Golden/decoded-pixels.tsv`. A decoder rewrite must leave every pixel, frame count,
/// duration and error as it was; the incremental decode must equal the one-shot decode without
/// being handed the whole file again at the end.
///
/// `OSPREY_RECORD_GOLDEN=1` rewrites the file from the current decoders (only when a change
/// of output is intended, and then reviewed line by line).
@Suite("Decoder golden pixels", .offCooperativePool)
struct DecoderGoldenTests {
    static let goldenURL = Corpus.packageRoot.appendingPathComponent("Tests/Golden/decoded-pixels.tsv")

    static var files: [URL] {
        Corpus.files(in: "png", extensions: ["png"]) + Corpus.files(in: "gif", extensions: ["gif"])
            + Corpus.files(in: "webp", extensions: ["webp"])
    }

    /// The decode modes, by name.
    static let modes: [(name: String, options: DecodeOptions)] = {
        var thumbSmall = DecodeOptions()
        thumbSmall.thumbnailPixelSize = PixelSize(width: 20, height: 20)
        var thumbLarge = DecodeOptions()
        thumbLarge.thumbnailPixelSize = PixelSize(width: 100, height: 70)
        var first = DecodeOptions()
        first.firstFrameOnly = true
        var lazy = DecodeOptions()
        lazy.lazyAnimationThreshold = 0
        var lazyThumb = thumbSmall
        lazyThumb.lazyAnimationThreshold = 0
        return [("full", DecodeOptions()), ("thumb20", thumbSmall), ("thumb100x70", thumbLarge),
                ("first", first), ("lazy", lazy), ("lazythumb20", lazyThumb)]
    }()

    /// What a decode produced, as one line: frame count, loop count, whether frames were
    /// dropped, and each frame's size, duration and SHA-256; or the error's code.
    static func digest(_ decode: () throws(ImageError) -> DecodedImage) -> String {
        let image: DecodedImage
        do {
            image = try decode()
        } catch {
            return "error:\(error.code)"
        }
        var parts = ["\(image.pixelWidth)x\(image.pixelHeight)", "frames=\(image.frameCount)",
                     "loop=\(image.loopCount)", "dropped=\(image.framesDroppedByBudget)", "lazy=\(image.isLazy)"]
        for index in 0..<image.frameCount {
            let frame = image.frame(at: index)
            parts.append("\(frame.pixels.width)x\(frame.pixels.height)@\(image.frameDuration(at: index))")
            parts.append(frame.pixels.rgbaSHA256)
        }
        return SHA256.hexDigest(Array(parts.joined(separator: " ").utf8))
    }

    /// The file fed in about nine pieces of odd sizes, with a partial image asked for after each.
    static func incrementalDigest(_ data: Data, decoder: any IncrementalImageDecoderProviding,
                                  options: DecodeOptions) -> String {
        let incremental = decoder.makeIncrementalDecoder(options: options)
        _ = feedPieces(data, chunkSize: max(1, data.count / 9) | 1, to: incremental)
        return digest { () throws(ImageError) in try incremental.finish() }
    }

    static func decoder(for url: URL) -> any IncrementalImageDecoderProviding {
        switch url.pathExtension.lowercased() {
        case "png": PNGDecoder()
        case "gif": GIFDecoder()
        default: WebPDecoder()
        }
    }

    static func readGolden() -> [String: String] {
        guard let text = try? String(contentsOf: goldenURL, encoding: .utf8) else { return [:] }
        var golden: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            guard fields.count == 3 else { continue }
            golden["\(fields[0])\t\(fields[1])"] = String(fields[2])
        }
        return golden
    }

    @Test("one-shot decodes match the recorded digests; incremental decodes match the one-shot")
    func goldenPixels() throws {
        let record = ProcessInfo.processInfo.environment["OSPREY_RECORD_GOLDEN"] == "1"
        let golden = Self.readGolden()
        #expect(record || !golden.isEmpty, "no golden digests at \(Self.goldenURL.path)")
        var lines: [String] = []
        var mismatches: [String] = []
        var incrementalMismatches: [String] = []
        var missing: [String] = []
        for url in Self.files {
            let path = Corpus.relativePath(url)
            let data = try Data(contentsOf: url)
            let decoder = Self.decoder(for: url)
            for (mode, options) in Self.modes {
                let oneShot = Self.digest { () throws(ImageError) in try decoder.decode(data, options: options) }
                let key = "\(path)\t\(mode)"
                lines.append("\(key)\t\(oneShot)")
                if let expected = golden[key] {
                    if expected != oneShot { mismatches.append(key) }
                } else {
                    missing.append(key)
                }
                let incremental = Self.incrementalDigest(data, decoder: decoder, options: options)
                if incremental != oneShot { incrementalMismatches.append(key) }
            }
        }
        if record {
            let header = "# file\tmode\tSHA-256 of the decode's description (sizes, frames, durations, pixel hashes)\n"
            try FileManager.default.createDirectory(at: Self.goldenURL.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try (header + lines.joined(separator: "\n") + "\n").write(to: Self.goldenURL, atomically: true, encoding: .utf8)
        } else {
            #expect(missing.isEmpty, "\(missing.count) decodes have no recorded digest: \(missing.prefix(10))")
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) one-shot decodes changed: \(mismatches.prefix(40).joined(separator: "; "))")
        #expect(incrementalMismatches.isEmpty,
                "\(incrementalMismatches.count) incremental decodes differ from one-shot: \(incrementalMismatches.prefix(40).joined(separator: "; "))")
    }
}
