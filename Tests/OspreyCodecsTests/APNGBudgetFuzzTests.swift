import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Robustness of APNG decoding under tight budgets: seeded mutations of generated APNGs, half
/// of them aimed at the frame-control fields (sizes, offsets, ops). Every decode must end in
/// an `ImageError` or in an image that keeps the budgets. Needs no corpus; seeded, so a failure
/// repeats; OSPREY_FUZZ_ROUNDS runs a longer campaign.
@Suite("APNG fuzzing under budgets", .timeLimit(.minutes(20)), .offCooperativePool)
struct APNGBudgetFuzzTests {
    typealias H = PNGTestHelpers
    typealias Frame = APNGTests.Frame

    /// Limits around what the unmutated 40 × 30 animation of 5 frames needs (work 8,909
    /// pixels, memory 38,400 bytes full size), below, at or above it by `round`, so that
    /// mutated sizes and frame counts fall on both sides.
    static func tightOptions(thumbnail: Bool, round: Int) -> DecodeOptions {
        var options = DecodeOptions()
        options.maxPixelCount = 1_500
        options.decodeWorkBudget = [2_000, 8_909, 20_000][round % 3]
        options.animationMemoryBudget = [38_400, 20_000, 100_000][round / 3 % 3]
        if thumbnail { options.thumbnailPixelSize = PixelSize(width: 9, height: 7) }
        return options
    }

    /// Checks one decode of `bytes`: an allowed error, or an image within the budgets.
    /// Returns "animated", "dropped", "still" or the error code, for the tally.
    @discardableResult
    static func check(_ bytes: [UInt8], options: DecodeOptions) -> String {
        do {
            let image = try PNGDecoder().decode(Data(bytes), options: options)
            #expect(image.frames.allSatisfy { $0.pixels.size == image.pixelSize })
            #expect(image.pixelSize.pixelCount <= options.maxPixelCount)
            if image.isAnimated {
                #expect(image.cost <= options.animationMemoryBudget)
                #expect(!image.framesDroppedByBudget)
                return "animated"
            }
            return image.framesDroppedByBudget ? "dropped" : "still"
        } catch {
            #expect([.badImageData, .imageTooLarge].contains(error.code), "\(error)")
            return "\(error.code)"
        }
    }

    @Test("seeded mutations of an APNG, aimed at fcTL fields, keep the budgets")
    func mutations() {
        let frames = [
            Frame(pixels: H.gradientNoise(width: 40, height: 30, seed: 1)),
            Frame(pixels: H.gradientNoise(width: 12, height: 9, seed: 2), x: 3, y: 4, dispose: 2, blend: 1),
            Frame(pixels: H.gradientNoise(width: 20, height: 20, seed: 3), x: 10, y: 5, dispose: 1),
            Frame(pixels: H.gradientNoise(width: 1, height: 1, seed: 4), x: 39, y: 29, blend: 1),
            Frame(pixels: H.gradientNoise(width: 40, height: 30, seed: 5), dispose: 2),
        ]
        let original = [UInt8](APNGTests.apng(width: 40, height: 30, frames: frames))
        let controls = Self.payloads(of: "fcTL", in: original) + Self.payloads(of: "acTL", in: original)
            + Self.payloads(of: "IHDR", in: original)
        #expect(controls.count == 7)
        var generator = SeededGenerator(seed: 0xA9_2026)
        let rounds = ProcessInfo.processInfo.environment["OSPREY_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 1500
        var tally: [String: Int] = [:]
        for round in 0..<rounds {
            var file = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = round % 2 == 0
                    ? controls[Int.random(in: 0..<controls.count, using: &generator)].randomElement(using: &generator)!
                    : Int.random(in: 8..<file.count, using: &generator)
                file[position] = [0, 0xFF, 1, UInt8.random(in: 0...255, using: &generator)][Int.random(in: 0..<4, using: &generator)]
            }
            if round % 8 != 0 { PNGFuzzTests.repairCRCs(&file) }
            tally[Self.check(file, options: Self.tightOptions(thumbnail: round % 5 == 0, round: round)), default: 0] += 1
        }
        // The mutations reach every outcome: composed, dropped by a budget, and rejected.
        #expect(tally["animated", default: 0] > 0 && tally["dropped", default: 0] > 0, "\(tally)")
        #expect(tally["badImageData", default: 0] > 0 && tally["imageTooLarge", default: 0] > 0, "\(tally)")
    }

    /// The byte ranges of every `type` chunk's payload in `file`.
    static func payloads(of type: String, in file: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 8
        while offset + 12 <= file.count {
            let length = Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8 | Int(file[offset + 3])
            if String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self) == type {
                ranges.append((offset + 8)..<(offset + 8 + length))
            }
            offset += 12 + length
        }
        return ranges
    }
}
