import Foundation
import OspreyCore
import OspreyCodecs
import OspreyTestSupport

/// Helpers shared by the JPEG test suites: the corpus's JPEG references and PSNR.
enum JPEGTestSupport {
    /// One JPEG of the corpus with a reference decode.
    struct Reference: Sendable {
        let jpeg: String
        let png: String
    }

    /// Every `jpeg/…` manifest entry that names a `reference_png` (read with
    /// JSONSerialization because the shared `Corpus.Entry` does not carry that field).
    static let references: [Reference] = {
        guard let root = Corpus.root,
              let data = try? Data(contentsOf: root.appendingPathComponent("manifest.json")),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = json["files"] as? [[String: Any]] else { return [] }
        return files.compactMap { entry in
            guard let file = entry["file"] as? String, file.hasPrefix("jpeg/"), file.hasSuffix(".jpg"),
                  let png = entry["reference_png"] as? String else { return nil }
            return Reference(jpeg: file, png: png)
        }.sorted { $0.jpeg < $1.jpeg }
    }()

    /// The bytes of a corpus file.
    static func corpusData(_ path: String) throws -> Data {
        guard let url = Corpus.file(path) else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: url)
    }

    /// Whether a vendored or shared corpus file exists at `path`.
    static func hasCorpusFile(_ path: String) -> Bool { Corpus.file(path) != nil }

    /// PSNR in dB over R, G and B of two same-sized RGBA buffers; infinity when identical.
    static func psnr(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        precondition(a.size == b.size)
        var squared = 0.0
        var count = 0
        for i in stride(from: 0, to: a.bytes.count, by: 4) {
            for c in 0..<3 {
                let d = Double(Int(a.bytes[i + c]) - Int(b.bytes[i + c]))
                squared += d * d
            }
            count += 3
        }
        guard squared > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squared / Double(count)))
    }

    /// Decodes a JPEG without applying orientation (the references are not oriented).
    static func decodeUnoriented(_ data: Data) throws -> DecodedImage {
        var options = DecodeOptions()
        options.applyOrientation = false
        return try JPEGDecoder().decode(data, options: options)
    }
}

extension JPEGTestSupport {
    /// The offset of the first marker segment `code` (the 0xFF byte) walking the header
    /// segments from SOI up to the first SOS; nil when absent.
    static func segmentOffset(_ bytes: [UInt8], code: UInt8) -> Int? {
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            if bytes[at + 1] == code { return at }
            if bytes[at + 1] == 0xDA { return nil }
            at += 2 + (Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]))
        }
        return nil
    }

    /// Offset of the first entropy-coded byte (after the first SOS header).
    static func scanDataOffset(_ bytes: [UInt8]) -> Int? {
        guard let sos = segmentOffset(bytes, code: 0xDA) ?? firstSOS(bytes) else { return nil }
        return sos + 2 + (Int(bytes[sos + 2]) << 8 | Int(bytes[sos + 3]))
    }

    private static func firstSOS(_ bytes: [UInt8]) -> Int? {
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            if bytes[at + 1] == 0xDA { return at }
            at += 2 + (Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]))
        }
        return nil
    }

    /// Decodes the reference PNG of a corpus JPEG.
    static func referencePixels(_ pngPath: String) throws -> PixelBuffer {
        try PNGDecoder().decode(try corpusData(pngPath), options: DecodeOptions()).firstFrame
    }
}
