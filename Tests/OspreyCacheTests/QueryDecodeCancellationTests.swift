import Dispatch
import Foundation
import OspreyCache
import OspreyCodecs
import OspreyCore
import OspreyTestSupport
import OspreyTestTraits
import Testing

/// Cancelling a cache query while its disk hit decodes stops the decode (not only a decode
/// that has not started), and the query still answers exactly once, with a miss.
@Suite("Cache query cancellation reaches the decode", .offCooperativePool)
struct QueryDecodeCancellationTests {
    @Test("cancel during a disk-hit decode: the decoder sees the flag, one miss is answered")
    func cancelDuringDecode() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("osprey-query-cancel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let spin = SpinDecoder()
        let cache = ImageCache(namespace: "query-cancel", diskCacheDirectory: directory, config: .init(),
                               coders: ImageCoders(decoders: [spin], encoders: []))
        #expect(cache.storeImageDataToDisk(SpinDecoder.bytes, forKey: "k"))
        let queue = DispatchQueue(label: "osprey.tests.query-cancel")
        var context = ImageContext()
        context.callbackQueue = .queue(queue)
        let answers = Recorder<ImageCacheType>()
        let query = cache.queryImage(forKey: "k", options: [], context: context, cacheType: .all) {
            image, _, cacheType in
            #expect(image == nil)
            answers.record(cacheType)
        }
        let token = try #require(query)
        #expect(await waitForCondition { spin.allRuns.count == 1 }, "the decode started")
        token.cancel()
        _ = try await answers.first()
        #expect(await waitForCondition { spin.allRuns.first?.ended == true })
        queue.sync {}
        let run = try #require(spin.allRuns.first)
        #expect(run.cancellation != nil)
        #expect(run.sawCancellation, "the decode stopped because of the cancel, not its safety net")
        #expect(answers.values == [.none])
    }
}
