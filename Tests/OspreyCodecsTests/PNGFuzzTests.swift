import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Robustness: truncated and mutated corpus PNGs must decode or throw an `ImageError`, never
/// crash or hang (a crash ends the test process; the time limit catches a hang). Seeded, so
/// a failure repeats.
@Suite("PNG fuzzing", .timeLimit(.minutes(20)), .cpuBound)
struct PNGFuzzTests {
    static let files: [[UInt8]] = Corpus.files(in: "png", extensions: ["png"]).compactMap { try? [UInt8](Data(contentsOf: $0)) }

    /// Decodes `bytes` full size and, every `thumbnailEvery`-th call, as a thumbnail too;
    /// returns whether it decoded. Any error must be an `ImageError` (typed throws ensure it).
    @discardableResult
    static func survive(_ bytes: [UInt8], thumbnail: Bool = false) -> Bool {
        var options = DecodeOptions()
        if thumbnail { options.thumbnailPixelSize = PixelSize(width: 7, height: 5) }
        do {
            let image = try PNGDecoder().decode(Data(bytes), options: options)
            #expect(image.frames.allSatisfy { $0.pixels.bytes.count == image.pixelWidth * image.pixelHeight * 4 })
            return true
        } catch {
            #expect([.badImageData, .imageTooLarge].contains(error.code))
            return false
        }
    }

    @Test("truncations of every corpus PNG")
    func truncations() {
        #expect(Self.files.count >= (Corpus.hasSharedCorpus ? 190 : 176))
        var decoded = 0
        for file in Self.files {
            // Every length up to 64 (signature and IHDR), then about 24 spread over the file.
            let lengths = Set(Array(0..<min(64, file.count)) + Array(stride(from: 64, to: file.count, by: max(1, file.count / 24))))
            for length in lengths.sorted() where Self.survive(Array(file.prefix(length)), thumbnail: length % 3 == 0) {
                decoded += 1
            }
        }
        // A truncated PNG never has its IEND, so none may decode.
        #expect(decoded == 0)
    }

    @Test("seeded single-byte mutations, with and without repaired CRCs")
    func mutations() {
        var generator = SeededGenerator(seed: 0x05_9BE7)
        var decoded = 0
        // OSPREY_FUZZ_ROUNDS runs a longer campaign (e.g. under the address sanitizer).
        let rounds = ProcessInfo.processInfo.environment["OSPREY_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 4000
        for round in 0..<rounds {
            var file = Self.files[Int.random(in: 0..<Self.files.count, using: &generator)]
            guard file.count > 8 else { continue }
            let position = Int.random(in: 8..<file.count, using: &generator)
            file[position] ^= UInt8.random(in: 1...255, using: &generator)
            // Repairing the CRCs lets most mutations reach inflate, unfilter and APNG composition.
            if round % 4 != 0 { Self.repairCRCs(&file) }
            if Self.survive(file, thumbnail: round % 5 == 0) { decoded += 1 }
        }
        // Some mutations hit pixel data only and still decode; most are caught.
        #expect(decoded > 0 && decoded < rounds)
    }

    @Test("mutations inside the zlib stream of a larger image reach the inflater")
    func inflaterMutations() throws {
        let image = PNGTestHelpers.gradientNoise(width: 120, height: 90, seed: 5)
        let original = [UInt8](try PNGEncoder.encode(image, level: 9))
        var generator = SeededGenerator(seed: 77)
        let rounds = ProcessInfo.processInfo.environment["OSPREY_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 300
        for _ in 0..<rounds {
            var file = original
            // IDAT payload starts after the signature (8), IHDR (25) and the IDAT header (8).
            let position = Int.random(in: 41..<(file.count - 20), using: &generator)
            file[position] = UInt8.random(in: 0...255, using: &generator)
            Self.repairCRCs(&file)
            Self.survive(file)
        }
    }

    @Test("mutations of the APNG reach frame control and composition")
    func animationMutations() throws {
        let url = try #require(Corpus.file("png/apng/basic_f20.png"))
        let original = [UInt8](try Data(contentsOf: url))
        var generator = SeededGenerator(seed: 2024)
        // Each decode composes 20 frames, so fewer rounds keep this within a second or two.
        let rounds = ProcessInfo.processInfo.environment["OSPREY_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 60
        for _ in 0..<rounds {
            var file = original
            for _ in 0..<3 {
                let position = Int.random(in: 8..<file.count, using: &generator)
                file[position] = UInt8.random(in: 0...255, using: &generator)
            }
            Self.repairCRCs(&file)
            Self.survive(file)
        }
    }

    /// Recomputes every chunk's CRC where the chunk structure is still intact.
    static func repairCRCs(_ file: inout [UInt8]) {
        var offset = 8
        while offset + 12 <= file.count {
            let length = Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8 | Int(file[offset + 3])
            guard length <= file.count - offset - 12 else { return }
            let crc = CRC32.checksum(Array(file[(offset + 4)..<(offset + 8 + length)]))
            let at = offset + 8 + length
            file[at] = UInt8(crc >> 24)
            file[at + 1] = UInt8(crc >> 16 & 0xFF)
            file[at + 2] = UInt8(crc >> 8 & 0xFF)
            file[at + 3] = UInt8(crc & 0xFF)
            offset = at + 4
        }
    }
}
