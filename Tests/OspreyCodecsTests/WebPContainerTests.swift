import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The WebP container and the decoder's place in the library: registration, RIFF chunk
/// parsing (padding, skipped chunks, sizes checked), the VP8X still rules, limits before
/// allocation, and the damaged files libwebp's test data ships.
@Suite("WebP container", .cpuBound)
struct WebPContainerTests {
    static let pixels = WebPAnimationTests.noise(5, 3, seed: 7)

    /// The error code decoding `bytes` throws (nil when it decodes).
    static func failure(_ bytes: [UInt8]) -> ImageError.Code? {
        do {
            _ = try WebPDecoder().decode(Data(bytes), options: DecodeOptions())
            return nil
        } catch {
            return error.code
        }
    }

    @Test("registered: the shared coders detect and decode WebP")
    func registered() throws {
        let file = Data(WebPTestWriter.stillFile(Self.pixels))
        #expect(ImageCoders.builtInDecoders.contains { $0 is WebPDecoder })
        #expect(WebPDecoder().canDecode(file))
        let image = try ImageCoders.shared.decode(file)
        #expect(image.format == .webp)
        #expect(image.firstFrame == Self.pixels)
    }

    @Test("VP8X still: ICCP, EXIF, XMP and unknown chunks (odd sizes, padded) are skipped")
    func skippedChunks() throws {
        var header = [UInt8](repeating: 0, count: 10)
        header[0] = 0x10 | 0x20 | 0x08 | 0x04   // alpha, ICC, EXIF, XMP
        header[4] = UInt8(Self.pixels.width - 1)
        header[7] = UInt8(Self.pixels.height - 1)
        // EXIF with orientation 6 (rotate): not applied, as browsers do for WebP.
        let exif: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 1, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0]
        let file = WebPTestWriter.riff([
            WebPTestWriter.chunk("VP8X", header), WebPTestWriter.chunk("ICCP", [1, 2, 3]),
            WebPTestWriter.chunk("VP8L", WebPTestWriter.vp8l(Self.pixels)), WebPTestWriter.chunk("EXIF", exif),
            WebPTestWriter.chunk("XMP ", [60]), WebPTestWriter.chunk("ZZZZ", [1, 2, 3, 4, 5]),
        ])
        let image = try WebPDecoder().decode(Data(file), options: DecodeOptions())
        #expect(image.firstFrame == Self.pixels)
    }

    @Test("no alpha flag or hint: alpha is 255, as libwebp reports the image")
    func opaqueWithoutAlphaHint() throws {
        let image = try WebPDecoder().decode(Data(WebPTestWriter.stillFile(Self.pixels, alphaHint: false)),
                                             options: DecodeOptions())
        #expect(image.firstFrame == Self.pixels.withAlpha(255))
    }

    @Test("damaged containers are bad image data")
    func damagedContainers() {
        let good = WebPTestWriter.stillFile(Self.pixels)
        var wrongCanvas = [UInt8](repeating: 0, count: 10)
        wrongCanvas[4] = 9   // VP8X canvas 10 × 1, bitstream 5 × 3
        var cases: [(String, [UInt8])] = [
            ("empty", []),
            ("RIFF only", Array(good.prefix(12))),
            ("not WEBP", Array("RIFF".utf8) + [4, 0, 0, 0] + Array("WAVE".utf8)),
            ("chunk longer than the file", Array(good.prefix(16)) + [0xFF, 0xFF, 0, 0] + Array(good.dropFirst(20))),
            ("VP8X canvas differs from the bitstream",
             WebPTestWriter.riff([WebPTestWriter.chunk("VP8X", wrongCanvas),
                                  WebPTestWriter.chunk("VP8L", WebPTestWriter.vp8l(Self.pixels))])),
            ("VP8X without an image", WebPTestWriter.riff([WebPTestWriter.chunk("VP8X", wrongCanvas)])),
            ("animation without frames",
             WebPTestWriter.riff([WebPTestWriter.chunk("VP8X", [0x02] + wrongCanvas.dropFirst())])),
        ]
        var badVersion = good
        badVersion[20 + 4] |= 0x20   // VP8L version bits ≠ 0
        cases.append(("VP8L version 1", badVersion))
        for (name, bytes) in cases { #expect(Self.failure(bytes) == .badImageData, "\(name)") }
    }

    @Test("every truncation of lossless files is bad image data")
    func truncations() throws {
        for name in ["lossless_vec_1_0.webp", "lossless_vec_1_13.webp", "dual_transform.webp", "lossless4.webp",
                     "color_cache_bits_11.webp", "alpha_color_cache.webp"] {
            let file = try [UInt8](Data(contentsOf: try #require(Corpus.file("webp/libwebp-test-data/\(name)"))))
            let lengths = Set(Array(0..<min(300, file.count)) + Array(stride(from: 300, to: file.count, by: max(1, file.count / 50))))
            for length in lengths.sorted() {
                do {
                    _ = try WebPDecoder().decode(Data(file.prefix(length)), options: DecodeOptions())
                    Issue.record("\(name) cut at \(length) decoded")
                } catch {
                    // alpha_color_cache is lossy colour: before VP8Decoder lands, its cut files fail as unsupported.
                    #expect(error.code == .badImageData || error.code == .unsupportedFormat, "\(name) at \(length)")
                }
            }
        }
    }

    @Test("a huge declared size is rejected before allocating")
    func hugeSize() {
        // VP8L header: 16384 × 16384 (268 Mpx, above the default 67 Mpx limit) and no data.
        let payload: [UInt8] = [0x2F, 0xFF, 0xFF, 0xFF, 0x0F]
        let file = WebPTestWriter.riff([WebPTestWriter.chunk("VP8L", payload)])
        #expect(Self.failure(file) == .imageTooLarge)
    }

    @Test("bad_palette_index.webp decodes as libwebp does: indices past the palette are black")
    func badPaletteIndex() throws {
        // libwebp (and so Pillow, the reference) zero-fills the colour map up to 256 entries,
        // so out-of-range indices read transparent black; the file has no alpha, so it shows black.
        let path = "webp/libwebp-test-data/bad_palette_index.webp"
        let image = try WebPDecoder().decode(try Data(contentsOf: try #require(Corpus.file(path))), options: DecodeOptions())
        #expect(image.firstFrame.rgbaSHA256 == Corpus.manifest[path]?.rgba_sha256)
    }

    @Test("very_short.webp (a lossy frame cut short) matches libwebp, or waits for VP8Decoder")
    func veryShort() throws {
        let path = "webp/libwebp-test-data/very_short.webp"
        let data = try Data(contentsOf: try #require(Corpus.file(path)))
        do {
            let image = try WebPDecoder().decode(data, options: DecodeOptions())
            // Pillow/libwebp decode it (manifest reference_ok), so Osprey must match exactly.
            #expect(image.firstFrame.rgbaSHA256 == Corpus.manifest[path]?.rgba_sha256)
        } catch {
            #expect(!WebPLossyGuard.lossyAvailable && error.code == .unsupportedFormat, "\(error)")
        }
    }

    @Test("cancellation stops a lossless decode between rows, and an animation between frames")
    func cancellation() throws {
        let still = try Data(contentsOf: try #require(Corpus.file("webp/libwebp-test-data/lossless1.webp")))
        for (data, checks) in [(still, 0), (still, 40), (Data(WebPAnimationTests.sample), 2)] {
            var options = DecodeOptions()
            options.cancellation = DecodeCancellation(cancelAfterChecks: checks)
            do {
                _ = try WebPDecoder().decode(data, options: options)
                Issue.record("decoded despite cancellation after \(checks) checks")
            } catch {
                #expect(error.code == .cancelled)
            }
        }
    }

    @Test("a thumbnail of a still fits the box")
    func thumbnail() throws {
        let path = "webp/libwebp-test-data/lossless1.webp"
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 100, height: 100)
        let image = try WebPDecoder().decode(try Data(contentsOf: try #require(Corpus.file(path))), options: options)
        #expect(image.pixelWidth == 100 && image.pixelHeight <= 100)
    }

    @Test("every WebP of the corpus equals the manifest exactly once lossy colour decodes",
          .enabled(if: WebPLossyGuard.lossyAvailable, "VP8Decoder is not available yet"))
    func wholeCorpusExact() throws {
        var failures: [String] = []
        for url in Corpus.files(in: "webp", extensions: ["webp"]) {
            let path = Corpus.relativePath(url)
            guard let entry = Corpus.manifest[path], entry.reference_ok == true else { continue }
            do {
                let image = try WebPDecoder().decode(try Data(contentsOf: url), options: DecodeOptions())
                if image.firstFrame.rgbaSHA256 != entry.rgba_sha256 { failures.append("\(path): pixels differ") }
                if let frames = entry.frame_rgba_sha256, image.frames.map(\.pixels.rgbaSHA256) != frames {
                    failures.append("\(path): frames differ")
                }
            } catch {
                failures.append("\(path): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
