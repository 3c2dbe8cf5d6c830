import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
import OspreyCodecs
import OspreyTestSupport

/// Robustness: truncated and mutated corpus JPEGs must decode or throw an `ImageError`,
/// never crash or hang (a crash ends the process; the time limit catches a hang). Seeded,
/// so a failure repeats. Small files only, to keep the debug-build run short.
@Suite("JPEG fuzzing", .timeLimit(.minutes(20)), .cpuBound)
struct JPEGFuzzTests {
    static let files: [[UInt8]] = [
        "jpeg/jpeg-js/redbox-with-rst.jpg", "jpeg/jpeg-js/skater-progressive.jpg", "jpeg/jpeg-js/cmyktest.jpg",
        "jpeg/libjpeg-turbo/testorig.jpg", "jpeg/reftest/restarts.jpg", "jpeg/reftest/mozilla/jpg-progressive.jpg",
        "jpeg/reftest/16bit-qtables.jpg", "jpeg/reftest/non-interleaved-mcu.jpg", "jpeg/zune/non_interleaved_440_64x64.jpg",
        "jpeg/reftest/grayscale_16x24_sampling2x2.jpg",
    ].compactMap { try? [UInt8](JPEGTestSupport.corpusData($0)) } + vendoredFallback

    /// Without the shared corpus (a fresh clone): the two smallest vendored files, a
    /// progressive 4:2:0 and a grayscale baseline, so the test still runs on real data.
    static var vendoredFallback: [[UInt8]] {
        guard !Corpus.hasSharedCorpus else { return [] }
        return ["jpeg/subsampling/kodim23_q85_420_progressive.jpg", "jpeg/subsampling/kodim23_q90_gray.jpg"]
            .compactMap { try? [UInt8](JPEGTestSupport.corpusData($0)) }
    }

    /// Decodes `bytes` (as a thumbnail when asked); any error must be one of the decoder's.
    @discardableResult
    static func survive(_ bytes: [UInt8], thumbnail: Bool = false) -> Bool {
        var options = DecodeOptions()
        options.maxPixelCount = 4096 * 4096
        if thumbnail { options.thumbnailPixelSize = PixelSize(width: 7, height: 5) }
        do {
            let image = try JPEGDecoder().decode(Data(bytes), options: options)
            #expect(image.firstFrame.bytes.count == image.pixelWidth * image.pixelHeight * 4)
            return true
        } catch {
            #expect([.badImageData, .imageTooLarge, .unsupportedFormat].contains(error.code))
            return false
        }
    }

    @Test("truncations at many lengths decode or throw")
    func truncations() {
        #expect(Self.files.count == (Corpus.hasSharedCorpus ? 10 : 2))
        var decoded = 0
        for file in Self.files {
            let lengths = Set(Array(0..<min(200, file.count)) + Array(stride(from: 200, to: file.count, by: max(1, file.count / 40))))
            for length in lengths.sorted() where Self.survive(Array(file.prefix(length)), thumbnail: length % 5 == 0) {
                decoded += 1
            }
        }
        #expect(decoded > (Corpus.hasSharedCorpus ? 100 : 50))
    }

    @Test("every vendored JPEG, truncated at many lengths and mutated, decodes or throws")
    func vendoredDamage() throws {
        let files = Corpus.files(below: Corpus.vendoredRoot, folder: "jpeg", extensions: ["jpg", "jpeg"])
        #expect(files.count >= 8)
        var random = SeededGenerator(seed: 0x5645_4E44)
        var decoded = 0, attempts = 0
        for url in files {
            let file = [UInt8](try Data(contentsOf: url))
            // Header lengths (every segment boundary region) and a spread through the scan data.
            let lengths = Set([0, 2, 4, 20, 300, 1000] + (1..<8).map { file.count * $0 / 8 })
            for (index, length) in lengths.sorted().enumerated() where length < file.count {
                attempts += 1
                // Mostly DCT-scaled thumbnails (cheap in a debug build); every fifth at full size.
                if Self.survive(Array(file.prefix(length)), thumbnail: index % 5 != 4) { decoded += 1 }
            }
            for round in 0..<5 {
                var bytes = file
                for _ in 0..<(1 + random.next(below: 6)) {
                    let at = random.next(below: bytes.count)
                    bytes[at] = round % 2 == 0 ? UInt8(truncatingIfNeeded: random.next()) : bytes[at] ^ 0x10
                }
                attempts += 1
                if Self.survive(bytes, thumbnail: round != 2) { decoded += 1 }
            }
        }
        // Cut-off files still show their top (only the very short prefixes have no scan).
        #expect(decoded > attempts / 2, "\(decoded) of \(attempts) decoded")
    }

    @Test("seeded byte mutations decode or throw")
    func mutations() {
        var random = SeededGenerator(seed: 0x4A50_4547)
        for file in Self.files {
            for round in 0..<60 {
                var bytes = file
                for _ in 0..<(1 + random.next(below: 8)) {
                    let at = random.next(below: bytes.count)
                    switch random.next(below: 4) {
                    case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                    case 1: bytes[at] = 0xFF
                    case 2: bytes[at] ^= UInt8(1 << random.next(below: 8))
                    default: bytes[at] = [0x00, 0xFF, 0xD0, 0xD9, 0xDA, 0xC4, 0x10][random.next(below: 7)]
                    }
                }
                Self.survive(bytes, thumbnail: round % 4 == 0)
            }
        }
    }
}
