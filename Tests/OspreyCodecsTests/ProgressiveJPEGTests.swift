import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Incremental JPEG decoding: fed in pieces of any size, the decoder resumes where it
/// stopped, gives partial images at the output size that get more complete, and a final image
/// equal to a one-shot decode of the whole file, byte for byte (or the same error).
@Suite("Progressive JPEG decoding", .cpuBound)
struct ProgressiveJPEGTests {
    static let baseline = "jpeg/subsampling/kodim23_q90_420.jpg"
    static let progressive = "jpeg/subsampling/kodim23_q85_420_progressive.jpg"
    static let restarts = "jpeg/subsampling/kodim23_q85_420_restart1row.jpg"

    /// Every JPEG of the corpus (the vendored fixtures, and the shared corpus when present) up to
    /// 160 kB: a debug build decodes a few megapixels a second, and the big files add nothing the
    /// small ones and ``otherOptions()`` do not cover.
    static let files = Corpus.files(in: "jpeg", extensions: ["jpg", "jpeg"]).filter {
        ((try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) <= 160_000
    }

    static func data(_ path: String) throws -> Data { try JPEGTestSupport.corpusData(path) }

    /// Feeds `data` in `chunkSize` pieces, asking for a partial image after each one.
    static func feed(_ data: Data, chunkSize: Int, options: DecodeOptions = DecodeOptions())
        -> (JPEGIncrementalDecoder, [DecodedImage]) {
        let decoder = JPEGIncrementalDecoder(options: options)
        return (decoder, feedPieces(data, chunkSize: chunkSize, to: decoder))
    }

    /// The one-shot result: pixels, or the error's code.
    static func oneShot(_ data: Data, options: DecodeOptions = DecodeOptions()) -> Result<PixelBuffer, ImageError> {
        Result { () throws(ImageError) in try JPEGDecoder().decode(data, options: options).firstFrame }
    }

    /// Compares the incremental result of `data` in `chunkSize` pieces with the one-shot one;
    /// returns a description of each difference. Without `withBytes` the decoder must finish
    /// on its own (no one-shot fallback to hide a difference).
    static func compare(_ name: String, _ data: Data, chunkSize: Int, options: DecodeOptions = DecodeOptions(),
                        withBytes: Bool = false) -> [String] {
        let expected = oneShot(data, options: options)
        let (decoder, partials) = feed(data, chunkSize: chunkSize, options: options)
        var failures: [String] = []
        let label = "\(name)/\(chunkSize)"
        let result = Result { () throws(ImageError) in
            try (withBytes ? decoder.finish(allBytes: data) : decoder.finish()).firstFrame
        }
        switch (expected, result) {
        case (.success(let a), .success(let b)):
            if a != b { failures.append("\(label): pixels differ") }
            if partials.contains(where: { $0.pixelSize != a.size }) { failures.append("\(label): a partial of another size") }
        case (.failure(let a), .failure(let b)):
            if a.code != b.code { failures.append("\(label): \(b.code) instead of \(a.code)") }
        case (.success, .failure(let error)):
            failures.append("\(label): \(error) instead of an image")
        case (.failure(let error), .success):
            failures.append("\(label): an image instead of \(error)")
        }
        if decoder.currentImage() != nil { failures.append("\(label): a partial image after finish") }
        return failures
    }

    @Test("every corpus JPEG fed in 7 B to 64 kB pieces ends equal to a one-shot decode")
    func finalEqualsOneShot() throws {
        #expect(!Self.files.isEmpty)
        var failures: [String] = []
        // One piece size per file, in turn, to keep the debug-build run short.
        let sizes = [7, 509, 4096, 65536]
        for (index, url) in Self.files.enumerated() {
            let data = try Data(contentsOf: url)
            failures += Self.compare(url.lastPathComponent, data, chunkSize: sizes[index % sizes.count])
            // With the bytes, as the downloader finishes: the same result.
            if index % 4 == 0 {
                failures += Self.compare(url.lastPathComponent, data, chunkSize: 65536, withBytes: true)
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(20).joined(separator: "; "))")
    }

    @Test("baseline, progressive and restart fixtures fed one byte at a time end equal, without the bytes")
    func oneByteAtATime() throws {
        var failures: [String] = []
        for path in [Self.baseline, Self.progressive, Self.restarts] {
            failures += Self.compare(path, try Self.data(path), chunkSize: 1, withBytes: false)
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
    }

    @Test("truncated files decode what is there, as the one-shot decoder does")
    func truncated() throws {
        var failures: [String] = []
        let fractions = [0.1, 0.37, 0.5, 0.93]
        // Every other file (the debug build is slow), each cut at one place, in turn.
        for (index, url) in Self.files.enumerated() where index % 2 == 0 {
            let data = try Data(contentsOf: url)
            for fraction in [fractions[index % 4]] {
                let prefix = data.prefix(Int(Double(data.count) * fraction))
                failures += Self.compare("\(url.lastPathComponent)@\(fraction)", Data(prefix), chunkSize: 4096)
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(20).joined(separator: "; "))")
    }

    @Test("thumbnails and unoriented decodes end equal to the one-shot decode")
    func otherOptions() throws {
        var failures: [String] = []
        var thumbnail = DecodeOptions()
        thumbnail.thumbnailPixelSize = PixelSize(width: 100, height: 100)
        var unoriented = DecodeOptions()
        unoriented.applyOrientation = false
        let paths = [Self.baseline, Self.progressive, Self.restarts, "jpeg/exif-orientation/Landscape_6.jpg"]
        for path in paths {
            let data = try Self.data(path)
            for size in [7, 65536] where size == 7 || path.hasPrefix("jpeg/exif") {
                failures += Self.compare("\(path) thumbnail", data, chunkSize: size, options: thumbnail)
                failures += Self.compare("\(path) unoriented", data, chunkSize: size, options: unoriented)
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
    }

    @Test("a height defined by DNL is left to the one-shot decode of the bytes; finish() alone says so")
    func definedNumberOfLines() throws {
        var file = [UInt8](try Self.data(Self.baseline))
        let sof = try #require(JPEGTestSupport.segmentOffset(file, code: 0xC0))
        let height = (Int(file[sof + 5]) << 8) | Int(file[sof + 6])
        file[sof + 5] = 0
        file[sof + 6] = 0
        file.insert(contentsOf: [0xFF, 0xDC, 0x00, 0x04, UInt8(height >> 8), UInt8(height & 0xFF)], at: file.count - 2)
        let data = Data(file)
        let failures = Self.compare("DNL", data, chunkSize: 4096, withBytes: true)
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
        let (decoder, partials) = Self.feed(data, chunkSize: 4096)
        #expect(partials.isEmpty)
        #expect(throws: ImageError.self) { try decoder.finish() }
    }

    @Test("baseline partial images grow row by row: rows once shown never change")
    func baselinePartialsGrow() throws {
        let data = try Self.data(Self.baseline)
        let (decoder, partials) = Self.feed(data, chunkSize: 2048)
        let final = try decoder.finish()
        #expect(decoder.isResumable)
        #expect(partials.count >= 5)
        let rowBytes = final.firstFrame.bytesPerRow
        var previousRows = 0
        for partial in partials {
            let bytes = partial.firstFrame.bytes
            // Rows shown are opaque and final; the rest is transparent.
            var rows = 0
            while rows < final.pixelSize.height, bytes[rows * rowBytes + 3] == 255 { rows += 1 }
            #expect(rows >= previousRows)
            let shown = rows * rowBytes
            #expect(bytes.prefix(shown).elementsEqual(final.firstFrame.bytes.prefix(shown)))
            #expect(bytes.dropFirst(shown).allSatisfy { $0 == 0 })
            previousRows = rows
        }
        #expect(previousRows > 0)
    }

    @Test("progressive partial images come once per scan, opaque, and get closer to the final image")
    func progressivePartialsSharpen() throws {
        let data = try Self.data(Self.progressive)
        let (decoder, partials) = Self.feed(data, chunkSize: 1024)
        let final = try decoder.finish()
        #expect(partials.count >= 3)
        var previous = 0.0
        for (index, partial) in partials.enumerated() {
            #expect(partial.pixelSize == final.pixelSize)
            #expect(partial.firstFrame.bytes.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
            let psnr = JPEGTestSupport.psnr(partial.firstFrame, final.firstFrame)
            // The first DC scan is a 1/8-scale preview; later scans only come closer (a little slack
            // for the preview's coarse scaling).
            #expect(psnr > 15, "partial \(index)")
            #expect(psnr >= previous - 0.5, "partial \(index): \(psnr) dB after \(previous) dB")
            previous = max(previous, psnr)
        }
    }

    @Test("the registry hands JPEG its resumable decoder; appending grows one buffer")
    func registryAndLinearity() throws {
        let data = try Self.data(Self.progressive)
        let decoder = try #require(ImageCoders.shared.incrementalDecoder(for: data.prefix(16), options: DecodeOptions()))
        #expect(decoder.isResumable)
        #expect(decoder is JPEGIncrementalDecoder)
        let (incremental, _) = Self.feed(data, chunkSize: 64)
        #expect(incremental.bufferedBytes == data.count)
        _ = try incremental.finish()
    }

    @Test("hostile input never traps: garbage, cut markers, bad tables, in pieces")
    func hostileInput() throws {
        var generator = SeededGenerator(seed: 16)
        let data = try Self.data(Self.progressive)
        for _ in 0..<8 {
            var bytes = [UInt8](data)
            for _ in 0..<8 {
                let at = Int.random(in: 2..<bytes.count, using: &generator)
                bytes[at] = UInt8.random(in: 0...255, using: &generator)
            }
            let mutated = Data(bytes)
            let failures = Self.compare("mutated", mutated, chunkSize: Int.random(in: 1...9000, using: &generator))
            #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
        }
        let (decoder, _) = Self.feed(Data([0xFF, 0xD8] + [UInt8](repeating: 0x17, count: 100_000)), chunkSize: 3)
        #expect(throws: ImageError.self) { try decoder.finish() }
        // Garbage before a long segment arriving in small pieces: each piece looks again from
        // the segment's marker, not from before the garbage (which would be quadratic).
        let segment: [UInt8] = [0xFF, 0xE1, 0xFF, 0xFF] + [UInt8](repeating: 0x41, count: 65_531)
        let slow = Data([0xFF, 0xD8] + [UInt8](repeating: 0x17, count: 1_000_000) + segment)
        let (waiting, _) = Self.feed(slow, chunkSize: 16)
        #expect(throws: ImageError.self) { try waiting.finish() }
    }
}
