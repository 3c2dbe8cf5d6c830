import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Incremental WebP decoding: fed in pieces of any size, the decoder gives
/// partial images that only grow (lossless rows, animation frames) and a final image equal to
/// a one-shot decode of the whole file, or the same error.
@Suite("Progressive WebP decoding", .cpuBound)
struct ProgressiveWebPTests {
    static let files = Corpus.files(in: "webp", extensions: ["webp"])

    /// Feeds `data` in `chunkSize` pieces, asking for a partial image after each one.
    static func feed(_ data: Data, chunkSize: Int, options: DecodeOptions = DecodeOptions())
        -> (WebPIncrementalDecoder, [DecodedImage]) {
        let decoder = WebPIncrementalDecoder(options: options)
        return (decoder, feedPieces(data, chunkSize: chunkSize, to: decoder))
    }

    /// A readable difference between two decode outcomes, or nil when they are equal.
    static func difference(_ got: Result<DecodedImage, ImageError>, _ expected: Result<DecodedImage, ImageError>) -> String? {
        switch (got, expected) {
        case (.success(let got), .success(let expected)):
            if got.frames.map(\.pixels) != expected.frames.map(\.pixels) { return "pixels differ" }
            if got.frames.map(\.duration) != expected.frames.map(\.duration) { return "durations differ" }
            if got.loopCount != expected.loopCount || got.framesDroppedByBudget != expected.framesDroppedByBudget {
                return "loop count or budget flag differs"
            }
            return nil
        case (.failure(let got), .failure(let expected)):
            return got.code == expected.code ? nil : "error \(got.code), expected \(expected.code)"
        case (.success, .failure(let expected)):
            return "decoded, expected \(expected.code)"
        case (.failure(let got), .success):
            return "failed with \(got.code)"
        }
    }

    static func kind(_ data: Data) -> String {
        guard let container = try? WebPContainer([UInt8](data)) else { return "bad" }
        if let still = container.still { return still.lossless ? "lossless" : "lossy" }
        return "animated"
    }

    @Test("every vendored WebP fed in 1 B, 7 B and 64 kB pieces ends equal to a one-shot decode and its manifest hash")
    func finalEqualsOneShot() throws {
        var failures: [String] = []
        for url in Self.files {
            let data = try Data(contentsOf: url)
            let name = url.lastPathComponent
            let expected = Result { () throws(ImageError) in try WebPDecoder().decode(data, options: DecodeOptions()) }
            let kind = Self.kind(data)
            for size in [1, 7, 65536] where size > 7 || data.count < (size == 1 ? 8000 : 50_000) {
                let (decoder, partials) = Self.feed(data, chunkSize: size)
                let got = Result { () throws(ImageError) in try decoder.finish() }
                if let difference = Self.difference(got, expected) { failures.append("\(name)/\(size): \(difference)") }
                if case .success(let image) = expected {
                    if partials.contains(where: { $0.pixelSize != image.pixelSize }) {
                        failures.append("\(name)/\(size): a partial image of another size")
                    }
                    if kind == "lossless" && size <= 7 && data.count > 2000 && image.pixelSize.height >= 16 && partials.count < 2 {
                        failures.append("\(name)/\(size): \(partials.count) partial images")
                    }
                    if kind == "lossy" && size <= 7 && data.count > 4000 && image.pixelSize.height > 32 && partials.count < 2 {
                        failures.append("\(name)/\(size): \(partials.count) partial images")
                    }
                }
                if decoder.currentImage() != nil { failures.append("\(name)/\(size): a partial image after finish") }
                if kind != "bad" && !decoder.isResumable { failures.append("\(name)/\(size): not resumable") }
            }
            // The decoder's final image is also the reference decoder's.
            if case .success(let image) = expected, let entry = Corpus.manifest[Corpus.relativePath(url)],
               entry.reference_ok == true, let hash = entry.rgba_sha256, image.firstFrame.rgbaSHA256 != hash {
                failures.append("\(name): one-shot decode differs from the manifest")
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(20).joined(separator: "; "))")
        #expect(Self.files.count > 50)
        // Every kind was met, and each image went row by row, not in one go at the end.
        #expect(Set(Self.files.compactMap { try? Self.kind(Data(contentsOf: $0)) }).isSuperset(of: ["lossless", "lossy", "animated"]))
    }

    @Test("still partial images grow: their decoded rows are the final image's, the rest transparent",
          arguments: ["lossless", "lossy"])
    func stillPartialsGrow(kind: String) throws {
        var checked = 0
        for url in Self.files {
            let data = try Data(contentsOf: url)
            guard Self.kind(data) == kind, let still = try WebPContainer([UInt8](data)).still,
                  still.bitstream.count > 2000 else { continue }
            let final = try WebPDecoder().decode(data, options: DecodeOptions()).firstFrame
            guard final.height >= 32 else { continue }
            // About a hundred pieces: each partial image is compared whole.
            let (decoder, partials) = Self.feed(data, chunkSize: max(64, data.count / 100))
            #expect(try decoder.finish().firstFrame == final, "\(url.lastPathComponent)")
            let rowBytes = final.width * 4
            var previous = 0
            let zeros = [UInt8](repeating: 0, count: final.bytes.count)
            for partial in partials {
                let (rows, restIsClear) = partial.firstFrame.bytes.withUnsafeBytes { bytes in
                    final.bytes.withUnsafeBytes { expected in
                        var rows = 0
                        while rows < final.height,
                              memcmp(bytes.baseAddress! + rows * rowBytes, expected.baseAddress! + rows * rowBytes, rowBytes) == 0 {
                            rows += 1
                        }
                        let rest = (final.height - rows) * rowBytes
                        return (rows, zeros.withUnsafeBytes { memcmp(bytes.baseAddress! + rows * rowBytes, $0.baseAddress!, rest) == 0 })
                    }
                }
                #expect(restIsClear, "\(url.lastPathComponent): unknown rows not transparent")
                #expect(rows >= previous, "\(url.lastPathComponent): partial images shrank")
                previous = rows
            }
            #expect(partials.count > 2, "\(url.lastPathComponent)")
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test("fed a byte at a time, the row decoders read each byte about once: retrying after running out stays linear",
          arguments: ["webp/libwebp-test-data/lossless_color_transform.webp", "webp/libwebp-test-data/lossless1.webp",
                      "webp/libwebp-test-data/vp80-00-comprehensive-008.webp", "webp/libwebp-test-data/lossy_alpha1.webp"])
    func retryingIsLinear(path: String) throws {
        let data = try Data(contentsOf: try #require(Corpus.file(path)))
        let bitstream = try #require(try WebPContainer([UInt8](data)).still?.bitstream)
        let (decoder, _) = Self.feed(data, chunkSize: 1)
        let read = decoder.rowBytesRead
        #expect(read > bitstream.count / 2)
        #expect(read <= 3 * bitstream.count + 4096, "\(read) bytes read for \(bitstream.count)")
        #expect(try decoder.finish().firstFrame == WebPDecoder().decode(data, options: DecodeOptions()).firstFrame)
    }

    @Test("animation partials are the composed frames in order, each once")
    func animationPartials() throws {
        for url in Self.files {
            let data = try Data(contentsOf: url)
            guard Self.kind(data) == "animated" else { continue }
            let expected = try WebPDecoder().decode(data, options: DecodeOptions())
            // About a hundred pieces: each partial image is compared whole.
            let (decoder, partials) = Self.feed(data, chunkSize: max(64, data.count / 100))
            #expect(partials.map(\.firstFrame) == expected.frames.map(\.pixels), "\(url.lastPathComponent)")
            #expect(Self.difference(.success(try decoder.finish()), .success(expected)) == nil)
        }
    }

    @Test("a file cut anywhere fails or decodes as the one-shot decoder does with the cut file")
    func truncatedFiles() throws {
        var failures: [String] = []
        for url in Self.files {
            let data = try Data(contentsOf: url)
            guard data.count > 40 else { continue }
            for cut in [13, 25, 30, data.count / 2, data.count - 1] {
                let prefix = data.prefix(cut)
                let expected = Result { () throws(ImageError) in try WebPDecoder().decode(prefix, options: DecodeOptions()) }
                let (decoder, _) = Self.feed(prefix, chunkSize: 97)
                if let difference = Self.difference(Result { () throws(ImageError) in try decoder.finish() }, expected) {
                    failures.append("\(url.lastPathComponent)@\(cut): \(difference)")
                }
                let (again, _) = Self.feed(prefix, chunkSize: 4096)
                if let difference = Self.difference(Result { () throws(ImageError) in try again.finish(allBytes: prefix) },
                                                    expected) {
                    failures.append("\(url.lastPathComponent)@\(cut) with bytes: \(difference)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(20).joined(separator: "; "))")
    }

    @Test("thumbnails, firstFrameOnly and a small animation budget give the one-shot decode's image")
    func options() throws {
        var thumbnail = DecodeOptions()
        thumbnail.thumbnailPixelSize = PixelSize(width: 17, height: 11)
        var firstFrame = DecodeOptions()
        firstFrame.firstFrameOnly = true
        var budget = DecodeOptions()
        budget.animationMemoryBudget = 1
        var small = DecodeOptions()
        small.maxPixelCount = 100
        var failures: [String] = []
        for url in Self.files {
            let data = try Data(contentsOf: url)
            guard data.count < 40_000 else { continue }
            for (label, options) in [("thumbnail", thumbnail), ("first", firstFrame), ("budget", budget), ("small", small)] {
                let expected = Result { () throws(ImageError) in try WebPDecoder().decode(data, options: options) }
                let (decoder, partials) = Self.feed(data, chunkSize: 512, options: options)
                if let difference = Self.difference(Result { () throws(ImageError) in try decoder.finish() }, expected) {
                    failures.append("\(url.lastPathComponent)/\(label): \(difference)")
                }
                if case .success(let image) = expected, partials.contains(where: { $0.pixelSize != image.pixelSize }) {
                    failures.append("\(url.lastPathComponent)/\(label): a partial of another size")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(20).joined(separator: "; "))")
    }

    @Test("the registry gives WebP its resumable decoder")
    func registryLookup() throws {
        let coders = ImageCoders()
        let url = try #require(Corpus.file("webp/libwebp-test-data/lossless1.webp"))
        let data = try Data(contentsOf: url)
        let decoder = try #require(coders.incrementalDecoder(for: data.prefix(16), options: DecodeOptions()))
        #expect(decoder.isResumable && decoder is WebPIncrementalDecoder)
        #expect(coders.incrementalDecoder(for: .webp, options: DecodeOptions())?.isResumable == true)
    }

    @Test("hostile lossless bytes after a valid start end in the one-shot decoder's error")
    func hostileTail() throws {
        let url = try #require(Corpus.file("webp/libwebp-test-data/lossless1.webp"))
        var bytes = [UInt8](try Data(contentsOf: url))
        var random = SeededGenerator(seed: 0x5750_4944)
        for _ in 0..<40 {
            var damaged = bytes
            let start = Int.random(in: 25..<damaged.count, using: &random)
            for index in start..<min(damaged.count, start + 8) { damaged[index] = UInt8.random(in: 0...255, using: &random) }
            let data = Data(damaged)
            let expected = Result { () throws(ImageError) in try WebPDecoder().decode(data, options: DecodeOptions()) }
            let (decoder, _) = Self.feed(data, chunkSize: 333)
            #expect(Self.difference(Result { () throws(ImageError) in try decoder.finish() }, expected) == nil)
        }
        bytes.removeAll()
    }
}
