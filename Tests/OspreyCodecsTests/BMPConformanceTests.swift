import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Every BMP and ICO of the corpus (vendored in `Tests/Fixtures`, and the shared corpus when
/// present) against Pillow's decode: the manifest's SHA-256 of frame 0 as 8-bit RGBA (for an
/// ICO, its largest entry). Files Pillow refuses must end cleanly, with an image or an
/// `ImageError`.
///
/// Two deliberate differences, undone before comparing so that every other byte must match:
/// pixels that RLE data never sets (skipped by a delta or an end of line) are transparent
/// here, as Windows and browsers show them, where Pillow paints them with palette entry 0; and
/// a 16-bit alpha mask (`rgba16-5551`) gives alpha here, where Pillow drops it.
@Suite("BMP and ICO conformance", .offCooperativePool)
struct BMPConformanceTests {
    static let files = Corpus.files(in: "bmp") + Corpus.files(in: "ico")

    /// `image`'s frame 0 as Pillow shows it: for RLE bitmaps, unset (transparent) pixels get
    /// palette entry 0, opaque; 16-bit pixels are opaque (Pillow ignores a 16-bit alpha mask).
    static func pillowView(of pixels: PixelBuffer, file bytes: [UInt8]) -> PixelBuffer {
        guard let header = try? BMPHeader(bytes) else { return pixels }
        if header.bitCount == 16 && header.masks.hasAlpha {
            var out = pixels.bytes
            for pixel in stride(from: 3, to: out.count, by: 4) { out[pixel] = 255 }
            return PixelBuffer(width: pixels.width, height: pixels.height, bytes: out)
        }
        guard header.compression == .rle4 || header.compression == .rle8 else { return pixels }
        let palette = BMPPalette(header, bytes: bytes).entries
        var out = pixels.bytes
        for pixel in stride(from: 0, to: out.count, by: 4) where out[pixel + 3] == 0 {
            out[pixel] = palette[0]; out[pixel + 1] = palette[1]; out[pixel + 2] = palette[2]; out[pixel + 3] = 255
        }
        return PixelBuffer(width: pixels.width, height: pixels.height, bytes: out)
    }

    @Test("the vendored BMP and ICO fixtures are there")
    func present() {
        #expect(Corpus.files(below: Corpus.vendoredRoot, folder: "bmp").count >= 90)
        #expect(Corpus.files(below: Corpus.vendoredRoot, folder: "ico").count >= 7)
    }

    @Test("every file Pillow decodes decodes to Pillow's exact RGBA")
    func matchesPillow() throws {
        var checked = 0, failures: [String] = []
        for url in Self.files {
            let path = Corpus.relativePath(url)
            guard let entry = Corpus.manifest[path], entry.reference_ok == true, let expected = entry.rgba_sha256 else {
                continue
            }
            let data = try Data(contentsOf: url)
            do {
                let image = try ImageCoders.shared.decode(data, options: DecodeOptions())
                #expect(image.format == (path.hasPrefix("ico/") ? .ico : .bmp), "\(path)")
                let pixels = Self.pillowView(of: image.frames[0].pixels, file: [UInt8](data))
                if (pixels.width, pixels.height) != (entry.width, entry.height) {
                    failures.append("\(path): \(pixels.width)×\(pixels.height), Pillow \(entry.width ?? 0)×\(entry.height ?? 0)")
                } else if pixels.rgbaSHA256 != expected {
                    failures.append("\(path): pixels differ")
                }
            } catch {
                failures.append("\(path): \(error)")
            }
            checked += 1
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(checked >= 30)
    }

    @Test("every file Pillow refuses ends with an image or an ImageError")
    func refusedFilesEndCleanly() throws {
        for url in Self.files {
            let path = Corpus.relativePath(url)
            guard let entry = Corpus.manifest[path], entry.reference_ok == false else { continue }
            let data = try Data(contentsOf: url)
            do {
                let image = try ImageCoders.shared.decode(data, options: DecodeOptions())
                #expect(image.frames[0].pixels.bytes.count == image.pixelWidth * image.pixelHeight * 4)
            } catch {
                #expect([.badImageData, .imageTooLarge].contains(error.code), "\(path): \(error)")
            }
        }
    }

    /// BMP Suite files Pillow refuses that encode the same picture as a file it reads: 32-bit
    /// bit fields and `BI_PNG` show `rgb24`'s picture, the OS/2 2.x file with a 16-byte header
    /// and the file with a 300-entry palette `pal8`'s.
    @Test("files Pillow refuses decode to the picture they encode", arguments: [
        ("bmp/bmpsuite/g/rgb32bf.bmp", "bmp/bmpsuite/g/rgb24.bmp"),
        ("bmp/bmpsuite/q/rgb24png.bmp", "bmp/bmpsuite/g/rgb24.bmp"),
        ("bmp/wuffs_rgb24png.bmp", "bmp/bmpsuite/g/rgb24.bmp"),
        ("bmp/bmpsuite/q/pal8os2v2-16.bmp", "bmp/bmpsuite/g/pal8.bmp"),
        ("bmp/bmpsuite/q/pal8oversizepal.bmp", "bmp/bmpsuite/g/pal8.bmp"),
    ])
    func betterThanPillow(file: String, sameAs reference: String) throws {
        let url = try #require(Corpus.file(file))
        let expected = try #require(Corpus.manifest[reference]?.rgba_sha256)
        let image = try ImageCoders.shared.decode(Data(contentsOf: url), options: DecodeOptions())
        #expect(image.frames[0].pixels.rgbaSHA256 == expected)
    }
}
