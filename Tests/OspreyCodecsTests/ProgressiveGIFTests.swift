import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// Incremental GIF decoding: fed in pieces of any size, the decoder composes each
/// frame once, when its data has arrived, shows the latest one as the partial image, and ends
/// with exactly the one-shot decode (frames, durations, loop count, plan, errors).
@Suite("Progressive GIF decoding", .cpuBound)
struct ProgressiveGIFTests {
    static let chunkSizes = [1, 7, 65_536]

    /// Feeds `data` in `chunkSize` pieces, asking for a partial image after each one.
    static func feed(_ data: Data, chunkSize: Int, options: DecodeOptions = DecodeOptions())
        -> (GIFIncrementalDecoder, [DecodedImage]) {
        let decoder = GIFIncrementalDecoder(options: options)
        return (decoder, feedPieces(data, chunkSize: chunkSize, to: decoder))
    }

    /// What a final image must share with the one-shot decode.
    static func differences(_ image: DecodedImage, _ expected: DecodedImage) -> [String] {
        var found: [String] = []
        if image.frameCount != expected.frameCount { found.append("\(image.frameCount) frames, not \(expected.frameCount)") }
        if image.frames.map(\.pixels) != expected.frames.map(\.pixels) { found.append("pixels differ") }
        if image.frameDurations != expected.frameDurations { found.append("durations differ") }
        if image.loopCount != expected.loopCount { found.append("loop count differs") }
        if image.isLazy != expected.isLazy { found.append("lazy \(image.isLazy), not \(expected.isLazy)") }
        if image.framesDroppedByBudget != expected.framesDroppedByBudget { found.append("framesDroppedByBudget differs") }
        return found
    }

    /// Feeds `data` in each of `chunkSizes` and compares the end with the one-shot decode; with
    /// `expectPartials` (a whole file, decoded eagerly) at least one partial image must come.
    static func check(_ data: Data, name: String, options: DecodeOptions = DecodeOptions(),
                      chunkSizes: [Int] = chunkSizes, expectPartials: Bool = false) -> [String] {
        var failures: [String] = []
        let expected = Result { () throws(ImageError) in try GIFDecoder().decode(data, options: options) }
        for size in chunkSizes {
            let (decoder, partials) = Self.feed(data, chunkSize: size, options: options)
            let result = Result { () throws(ImageError) in try decoder.finish() }
            switch (result, expected) {
            case let (.success(image), .success(expected)):
                failures += Self.differences(image, expected).map { "\(name)/\(size): \($0)" }
                if partials.contains(where: { $0.pixelSize != expected.pixelSize }) {
                    failures.append("\(name)/\(size): a partial image of another size")
                }
                if expectPartials && !expected.isLazy && partials.isEmpty {
                    failures.append("\(name)/\(size): no partial image")
                }
            case let (.failure(error), .failure(expected)):
                if error.code != expected.code { failures.append("\(name)/\(size): \(error.code), not \(expected.code)") }
            case let (.success, .failure(expected)):
                failures.append("\(name)/\(size): decoded, one-shot threw \(expected.code)")
            case let (.failure(error), .success):
                failures.append("\(name)/\(size): threw \(error.code), one-shot decoded")
            }
            if decoder.currentImage() != nil { failures.append("\(name)/\(size): a partial image after finish") }
        }
        return failures
    }

    @Test("every vendored GIF fed in 1 B, 7 B and 64 kB pieces ends equal to a one-shot decode")
    func finalEqualsOneShot() throws {
        var failures: [String] = []
        for url in GIFConformanceTests.suiteFiles {
            failures += Self.check(try Data(contentsOf: url), name: url.lastPathComponent, expectPartials: true)
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(20).joined(separator: "; "))")
    }

    @Test("partial images: the first frame, then each frame as it completes, never after finish")
    func partialsFollowFrames() throws {
        let data = Data(GIFLazyTests.mixedAnimation(frames: 12, seed: 3))
        let expected = try GIFDecoder().decode(data, options: DecodeOptions())
        #expect(expected.frameCount == 12)
        let (decoder, partials) = Self.feed(data, chunkSize: 7)
        #expect(decoder.isResumable)
        // One partial per frame, each the composed frame (frames complete between 7-byte pieces).
        #expect(partials.map { $0.frames[0].pixels } == expected.frames.map(\.pixels))
        #expect(partials.allSatisfy { !$0.isAnimated && $0.frameCount == 1 })
        #expect(Self.differences(try decoder.finish(), expected).isEmpty)
        #expect(decoder.currentImage() == nil)
    }

    @Test("through the registry: a GIF gets the resumable decoder")
    func registryProvidesIt() throws {
        let data = Data(GIFLazyTests.mixedAnimation(frames: 3, seed: 5))
        let decoder = try #require(ImageCoders.shared.incrementalDecoder(for: data.prefix(ImageCoders.incrementalDetectionLength),
                                                                         options: DecodeOptions()))
        #expect(decoder.isResumable)
        #expect(decoder is GIFIncrementalDecoder)
        decoder.append(data)
        #expect(Self.differences(try decoder.finish(allBytes: data), try GIFDecoder().decode(data, options: DecodeOptions())).isEmpty)
    }

    @Test("lazy, first-frame-only and thumbnail decodes end as the one-shot decode does")
    func plansAndOptions() throws {
        let data = Data(GIFLazyTests.mixedAnimation(frames: 20, seed: 11))
        var failures: [String] = []
        var lazy = DecodeOptions()
        lazy.lazyAnimationThreshold = 64 * 48 * 4 * 5   // eager up to 5 frames: previews stop, the end is lazy
        var budget = DecodeOptions()
        budget.animationMemoryBudget = 64 * 48 * 4 * 3
        budget.lazyAnimationThreshold = 0
        var first = DecodeOptions()
        first.firstFrameOnly = true
        var thumbnail = DecodeOptions()
        thumbnail.thumbnailPixelSize = PixelSize(width: 16, height: 16)
        var small = DecodeOptions()
        small.maxPixelCount = 64 * 48 - 1
        for (name, options) in [("lazy", lazy), ("budget", budget), ("first", first), ("thumbnail", thumbnail), ("limit", small)] {
            failures += Self.check(data, name: name, options: options, chunkSizes: [1, 64])
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(20).joined(separator: "; "))")
    }

    @Test("truncated and damaged GIFs end as the one-shot decode does")
    func truncations() throws {
        var failures: [String] = []
        for url in GIFConformanceTests.suiteFiles.prefix(4) {
            let data = try Data(contentsOf: url)
            for length in Set([0, 1, 6, 12, 13, 14, 20, data.count / 3, data.count / 2, data.count - 2, data.count - 1]) where length <= data.count {
                failures += Self.check(data.prefix(length), name: "\(url.lastPathComponent)[..<\(length)]", chunkSizes: [1, 64])
            }
        }
        var generator = SeededGenerator(seed: 99)
        let base = GIFLazyTests.mixedAnimation(frames: 6, seed: 1)
        for round in 0..<40 {
            var bytes = base
            for _ in 0..<3 { bytes[generator.next(below: bytes.count)] = UInt8(generator.next(below: 256)) }
            failures += Self.check(Data(bytes), name: "mutation \(round)", chunkSizes: [7])
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(20).joined(separator: "; "))")
    }

    @Test("appending is linear: each sub-block length is read once however small the pieces")
    func appendIsLinear() throws {
        let data = Data(GIFLazyTests.mixedAnimation(frames: 30, seed: 8))
        let (decoder, _) = Self.feed(data, chunkSize: 1)
        // At most one look at each byte, plus one per append that found the block incomplete.
        #expect(decoder.scanSteps <= 2 * data.count)
        _ = try decoder.finish()
    }
}
