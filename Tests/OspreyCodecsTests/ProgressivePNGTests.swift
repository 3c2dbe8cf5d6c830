import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Incremental PNG decoding: fed in pieces of any size, the
/// decoder gives partial images that only ever grow, and a final image equal to a one-shot
/// decode; the streaming inflater behind it copies its input a bounded number of times.
@Suite("Progressive PNG decoding", .cpuBound)
struct ProgressivePNGTests {
    static let validFiles = PNGConformanceTests.validFiles
    static let chunkSizes = [1, 7, 64, 4096, 65536]

    /// Feeds `data` in `chunkSize` pieces, asking for a partial image after each one.
    static func feed(_ data: Data, chunkSize: Int, options: DecodeOptions = DecodeOptions(),
                     decoder: (any IncrementalImageDecoding)? = nil) -> (any IncrementalImageDecoding, [DecodedImage]) {
        let decoder = decoder ?? PNGIncrementalDecoder(options: options)
        return (decoder, feedPieces(data, chunkSize: chunkSize, to: decoder))
    }

    @Test("every valid PngSuite file fed in 1 B to 64 kB pieces ends equal to a one-shot decode")
    func finalEqualsOneShot() throws {
        var failures: [String] = []
        for url in Self.validFiles {
            let data = try Data(contentsOf: url)
            let expected = try PNGDecoder().decode(data, options: DecodeOptions())
            for size in Self.chunkSizes where size == 1 ? data.count < 20_000 : true {
                let (decoder, partials) = Self.feed(data, chunkSize: size)
                do {
                    // Without the bytes: only an APNG whose frames are wanted needs them.
                    let image = expected.isAnimated ? try decoder.finish(allBytes: data) : try decoder.finish()
                    if image.frames.map(\.pixels) != expected.frames.map(\.pixels) {
                        failures.append("\(url.lastPathComponent)/\(size): pixels differ")
                    }
                } catch {
                    failures.append("\(url.lastPathComponent)/\(size): \(error)")
                }
                if partials.contains(where: { $0.pixelSize != expected.pixelSize }) {
                    failures.append("\(url.lastPathComponent)/\(size): a partial image of another size")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(20).joined(separator: "; "))")
    }

    @Test("corrupt PngSuite files fail as the one-shot decoder fails, with or without the bytes")
    func corruptFilesFail() throws {
        for url in PNGConformanceTests.corruptFiles {
            let data = try Data(contentsOf: url)
            let expected = PNGTestHelpers.decodeFailure(data)
            for size in [1, 64, 65536] {
                let (decoder, _) = Self.feed(data, chunkSize: size)
                #expect(throws: ImageError.self, "\(url.lastPathComponent)") { try decoder.finish() }
                let (again, _) = Self.feed(data, chunkSize: size)
                do {
                    _ = try again.finish(allBytes: data)
                    Issue.record("\(url.lastPathComponent) decoded")
                } catch {
                    #expect(error.code == expected, "\(url.lastPathComponent)")
                }
            }
        }
    }

    @Test("partial images of a plain PNG only grow: the rows they share with the final image never shrink")
    func plainPartialsGrow() throws {
        let pixels = PNGTestHelpers.gradientNoise(width: 64, height: 48)
        let data = PNGTestHelpers.png([("IHDR", PNGTestHelpers.ihdr(width: 64, height: 48)),
                                       ("IDAT", PNGTestHelpers.idat(pixels, level: 0)), ("IEND", [])])
        let (decoder, partials) = Self.feed(data, chunkSize: 512)
        let final = try decoder.finish()
        #expect(final.firstFrame == pixels)
        #expect(partials.count >= 10)
        var known = 0
        for partial in partials {
            let bytes = partial.firstFrame.bytes
            let rows = (0..<48).prefix { y in
                bytes[(y * 256)..<((y + 1) * 256)] == pixels.bytes[(y * 256)..<((y + 1) * 256)]
            }.count
            #expect(rows >= known)
            // Rows not decoded yet are transparent.
            #expect(bytes[(rows * 256)...].allSatisfy { $0 == 0 } || rows == 48)
            known = rows
        }
        // A partial image is made only when new rows arrived.
        #expect(decoder.currentImage() == nil)
    }

    @Test("an Adam7 PNG gives at most one coarse preview per pass, each pixel from its block's corner")
    func interlacedPreviews() throws {
        let pixels = PNGTestHelpers.gradientNoise(width: 37, height: 29)
        let plain = try PNGDecoder().decode(try PNGEncoder().encode(DecodedImage(pixels: pixels), format: .png),
                                            options: DecodeOptions())
        #expect(plain.firstFrame == pixels)
        let url = try #require(Corpus.file("png/pngsuite/basi6a08.png"))
        let data = try Data(contentsOf: url)
        let expected = try PNGDecoder().decode(data, options: DecodeOptions())
        let (decoder, partials) = Self.feed(data, chunkSize: 16)
        let final = try decoder.finish()
        #expect(final.firstFrame == expected.firstFrame)
        #expect((1...7).contains(partials.count))
        // Two passes may complete within one piece: each preview is that of some pass, and
        // the passes only advance.
        let blocks = [(8, 8), (4, 8), (4, 4), (2, 4), (2, 2), (1, 2), (1, 1)]
        let width = expected.pixelWidth, height = expected.pixelHeight
        let full = expected.firstFrame.bytes
        func matches(_ preview: [UInt8], block: (Int, Int)) -> Bool {
            let (bw, bh) = block
            for y in 0..<height {
                for x in 0..<width {
                    let at = (y * width + x) * 4, corner = ((y - y % bh) * width + (x - x % bw)) * 4
                    if preview[at..<at + 4] != full[corner..<corner + 4] { return false }
                }
            }
            return true
        }
        var pass = 0
        for (index, partial) in partials.enumerated() {
            guard let found = (pass..<blocks.count).first(where: { matches(partial.firstFrame.bytes, block: blocks[$0]) }) else {
                Issue.record("preview \(index) is no pass's preview after pass \(pass + 1)")
                return
            }
            pass = found + 1
        }
    }

    @Test("thumbnails: partial thumbnails of the thumbnail's size, the final equal to a one-shot thumbnail",
          arguments: ["png/pngsuite/basn6a08.png", "png/pngsuite/basi6a08.png", "png/pngsuite/basn3p08.png",
                      "png/pngsuite/basi2c16.png"])
    func thumbnails(path: String) throws {
        let data = try Data(contentsOf: try #require(Corpus.file(path)))
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 10, height: 7)
        let expected = try PNGDecoder().decode(data, options: options)
        let (decoder, partials) = Self.feed(data, chunkSize: 64, options: options)
        #expect(try decoder.finish().firstFrame == expected.firstFrame)
        #expect(!partials.isEmpty)
        #expect(partials.allSatisfy { $0.pixelSize == expected.pixelSize })
    }

    @Test("the registry finds PNG's and JPEG's resumable decoders and the prefix fallback for the other formats")
    func registryLookup() throws {
        let coders = ImageCoders()
        let png = try Data(contentsOf: try #require(Corpus.file("png/pngsuite/basn2c08.png")))
        let decoder = try #require(coders.incrementalDecoder(for: png.prefix(16), options: DecodeOptions()))
        #expect(decoder.isResumable && decoder is PNGIncrementalDecoder)
        #expect(coders.incrementalDecoder(for: .png, options: DecodeOptions())?.isResumable == true)
        #expect(coders.incrementalDecoder(for: .jpeg, options: DecodeOptions())?.isResumable == true)
        #expect(coders.incrementalDecoder(for: Data("nothing".utf8), options: DecodeOptions()) == nil)
        #expect(coders.incrementalDecoder(for: .unknown, options: DecodeOptions()) == nil)

        // GIF has its own resumable decoder (ProgressiveGIFTests); it ends with the one-shot image.
        let gifURL = try #require(Corpus.files(in: "gif", extensions: ["gif"]).first {
            (try? GIFDecoder().decode(Data(contentsOf: $0), options: DecodeOptions())) != nil
        })
        let gif = try Data(contentsOf: gifURL)
        let fallback = try #require(coders.incrementalDecoder(for: gif.prefix(16), options: DecodeOptions()))
        #expect(fallback.isResumable)
        let (fed, _) = Self.feed(gif, chunkSize: 512, decoder: fallback)
        let expected = try GIFDecoder().decode(gif, options: DecodeOptions())
        #expect(try fed.finish().frames.map(\.pixels) == expected.frames.map(\.pixels))
    }

    @Test("the streaming inflater fed 20 MB in 4 kB pieces moves each input byte at most about twice")
    func streamingInflateIsLinear() throws {
        // A zlib stream of stored blocks: 20 MiB in, 20 MiB out, no compression work to wait for.
        let total = 20 << 20
        var stream: [UInt8] = [0x78, 0x01]
        var adler = Adler32()
        let block = [UInt8]((0..<65535).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var remaining = total
        while remaining > 0 {
            let count = min(remaining, block.count)
            remaining -= count
            stream.append(remaining == 0 ? 1 : 0)
            stream += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            stream += block[0..<count]
            block.withUnsafeBytes { adler.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        stream += PNGTestHelpers.bigEndian(adler.value)

        let inflater = Inflater()
        let window = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 20)
        defer { window.deallocate() }
        var produced = 0
        var peakBuffered = 0
        var offset = 0
        var status = Inflater.Status.needsInput
        while status != .finished {
            if status == .needsInput {
                guard offset < stream.count else { break }
                let end = min(stream.count, offset + 4096)
                stream.withUnsafeBytes { inflater.append(UnsafeRawBufferPointer(rebasing: $0[offset..<end])) }
                offset = end
                if offset == stream.count { inflater.endInput() }
            }
            // Stored blocks copy no history, so the window can start over each time.
            let (end, next) = try inflater.inflate(into: window, from: 0, to: 1 << 20)
            peakBuffered = max(peakBuffered, inflater.bufferedInputCount)
            produced += end
            status = next
        }
        #expect(status == .finished)
        #expect(produced == total)
        #expect(inflater.inputBytesMoved <= 2 * stream.count, "moved \(inflater.inputBytesMoved) bytes")
        // Read bytes are dropped: the buffer stays near the compaction threshold, not 20 MB.
        #expect(peakBuffered <= 4 * Inflater.compactionThreshold, "held \(peakBuffered) bytes")
    }

    @Test("the streaming inflater decodes real zlib streams fed one byte at a time")
    func streamingInflateByteByByte() throws {
        for level in [0, 1, 6, 9] {
            let pixels = PNGTestHelpers.gradientNoise(width: 40, height: 40, seed: UInt64(level + 1))
            let zlib = PNGTestHelpers.idat(pixels, level: level)
            let size = 40 * (40 * 4 + 1)
            let expected = try Inflater.decompress(zlib: zlib, size: size)
            let inflater = Inflater()
            var output = [UInt8](repeating: 0, count: size)
            var out = 0
            var status = Inflater.Status.needsInput
            for (index, byte) in zlib.enumerated() {
                withUnsafeBytes(of: byte) { inflater.append($0) }
                if index == zlib.count - 1 { inflater.endInput() }
                repeat {
                    (out, status) = try output.withUnsafeMutableBufferPointer { buffer in
                        try inflater.inflate(into: buffer.baseAddress!, from: out, to: size)
                    }
                } while status == .outputFull && out < size
            }
            #expect(status == .finished, "level \(level)")
            #expect(output == expected, "level \(level)")
        }
    }
}

/// Damaged files through the incremental decoder: it never traps, and whatever it finishes on
/// its own equals the one-shot decode (and the one-shot fallback always agrees with it).
@Suite("Progressive PNG decoding of damaged files", .cpuBound)
struct ProgressivePNGDamageTests {
    @Test("400 mutated PngSuite files fed in random pieces agree with the one-shot decoder")
    func mutatedFiles() throws {
        var generator = SeededGenerator(seed: 1616)
        let files = try ["basn6a08", "basi0g04", "basn3p02", "basi6a16", "basn2c08", "basi3p08"].map {
            try Data(contentsOf: try #require(Corpus.file("png/pngsuite/\($0).png")))
        }
        var disagreements: [String] = []
        for round in 0..<400 {
            var bytes = [UInt8](files[round % files.count])
            switch generator.next(below: 3) {
            case 0:
                // A flipped byte, CRCs left as they are (most fail at the chunk's CRC).
                let at = generator.next(below: bytes.count)
                bytes[at] ^= UInt8(1 + generator.next(below: 255))
            case 1:
                bytes = Array(bytes.prefix(generator.next(below: bytes.count)))
            default:
                // A byte of the image data changed, with its chunk's CRC fixed up.
                bytes = ProgressivePNGDamageTests.damagingImageData(bytes, generator: &generator)
            }
            let data = Data(bytes)
            let oneShot = Result { () throws(ImageError) in try PNGDecoder().decode(data, options: DecodeOptions()) }
            let (decoder, _) = ProgressivePNGTests.feed(data, chunkSize: 1 + generator.next(below: 300))
            let incremental = Result { () throws(ImageError) in try decoder.finish() }
            if case .success(let image) = incremental {
                if (try? oneShot.get())?.frames.map(\.pixels) != image.frames.map(\.pixels) {
                    disagreements.append("round \(round): incremental decoded, one-shot \(oneShot)")
                }
            }
            let (again, _) = ProgressivePNGTests.feed(data, chunkSize: 1 + generator.next(below: 300))
            let fallback = Result { () throws(ImageError) in try again.finish(allBytes: data) }
            switch (fallback, oneShot) {
            case (.success(let a), .success(let b)) where a.frames.map(\.pixels) == b.frames.map(\.pixels): break
            case (.failure(let a), .failure(let b)) where a.code == b.code: break
            default: disagreements.append("round \(round): with the bytes \(fallback), one-shot \(oneShot)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    /// `file` with one byte of its first `IDAT` payload changed and that chunk's CRC repaired.
    static func damagingImageData(_ file: [UInt8], generator: inout SeededGenerator) -> [UInt8] {
        var file = file
        var offset = 8
        while offset + 12 <= file.count {
            let length = Int(PNGTestHelpers.bigEndianValue(file, at: offset))
            let type = String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "IDAT", length > 0 {
                file[offset + 8 + generator.next(below: length)] ^= UInt8(1 + generator.next(below: 255))
                let crc = CRC32.checksum(Array(file[(offset + 4)..<(offset + 8 + length)]))
                file.replaceSubrange((offset + 8 + length)..<(offset + 12 + length), with: PNGTestHelpers.bigEndian(crc))
                return file
            }
            offset += 12 + length
        }
        return file
    }
}

extension PNGTestHelpers {
    /// The big-endian `UInt32` at `offset`.
    static func bigEndianValue(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
