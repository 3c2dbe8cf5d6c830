import Dispatch
import Foundation
import OspreyCache
import OspreyCodecs
import OspreyCore
import OspreyTestSupport
import OspreyTestTraits
import Testing

/// A disk hit's bytes go to a decode stage: queries of one entry with the same decode options
/// share one decode, each may leave it, and it stops only when the last one has left.
@Suite("Disk-hit decodes are shared stages", .offCooperativePool)
struct DiskDecodeSharingTests {
    private struct Setup {
        let cache: ImageCache
        let spin: SpinDecoder
        let directory: URL
        let context: ImageContext
        let queue: DispatchQueue
    }

    private func makeCache() -> Setup {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("osprey-disk-decode-sharing-\(UUID().uuidString)")
        let spin = SpinDecoder()
        let cache = ImageCache(namespace: "sharing", diskCacheDirectory: directory, config: .init(),
                               coders: ImageCoders(decoders: [spin], encoders: []))
        let queue = DispatchQueue(label: "osprey.tests.disk-decode-sharing")
        var context = ImageContext()
        context.callbackQueue = .queue(queue)
        return Setup(cache: cache, spin: spin, directory: directory, context: context, queue: queue)
    }

    @Test("two queries of one entry share one decode; the first to cancel leaves the other its decode")
    func sharedUntilLastLeaves() async throws {
        let setup = makeCache()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        #expect(setup.cache.storeImageDataToDisk(SpinDecoder.bytes, forKey: "k"))
        let first = Recorder<ImageCacheType>()
        let second = Recorder<ImageCacheType>()
        let tokenA = try #require(setup.cache.queryImage(forKey: "k", options: [], context: setup.context, cacheType: .disk) {
            _, _, cacheType in first.record(cacheType)
        })
        let tokenB = try #require(setup.cache.queryImage(forKey: "k", options: [], context: setup.context, cacheType: .disk) {
            _, _, cacheType in second.record(cacheType)
        })
        #expect(await waitForCondition { setup.spin.allRuns.count == 1 }, "the decode started")
        // The second query's read is queued after the first's subscription: once it has run,
        // the second query is subscribed (or answered) too.
        _ = setup.cache.diskCache.readCounts
        tokenA.cancel()
        #expect(try await first.first() == ImageCacheType.none)
        let run = try #require(setup.spin.allRuns.first)
        #expect(run.cancellation?.isCancelled == false, "the other query still waits for the decode")
        #expect(second.values.isEmpty)

        tokenB.cancel()
        #expect(try await second.first() == ImageCacheType.none)
        #expect(await waitForCondition { setup.spin.allRuns.first?.ended == true })
        #expect(setup.spin.allRuns.first?.sawCancellation == true, "the last one leaving stopped the decode")
        setup.queue.sync {}
        #expect(setup.spin.allRuns.count == 1, "one decode for both queries")
        #expect(first.values.count == 1 && second.values.count == 1)
    }

    @Test("queries with different decode options decode separately")
    func differentOptionsDoNotShare() async throws {
        let setup = makeCache()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        #expect(setup.cache.storeImageDataToDisk(SpinDecoder.bytes, forKey: "k"))
        var thumbnail = setup.context
        thumbnail.thumbnailPixelSize = PixelSize(width: 8, height: 8)
        let answers = Recorder<ImageCacheType>()
        let full = try #require(setup.cache.queryImage(forKey: "k", options: [], context: setup.context, cacheType: .disk) {
            _, _, cacheType in answers.record(cacheType)
        })
        let small = try #require(setup.cache.queryImage(forKey: "k", options: [], context: thumbnail, cacheType: .disk) {
            _, _, cacheType in answers.record(cacheType)
        })
        #expect(await waitForCondition { setup.spin.allRuns.count == 2 }, "two decodes started")
        full.cancel()
        small.cancel()
        #expect(try await answers.wait(count: 2) == [ImageCacheType.none, .none])
        #expect(await waitForCondition { setup.spin.allRuns.allSatisfy(\.ended) })
        #expect(setup.spin.allRuns.allSatisfy { $0.sawCancellation })
    }
}
