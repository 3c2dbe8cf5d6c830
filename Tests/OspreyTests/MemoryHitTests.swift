import Foundation
import OspreyTestTraits
import Testing
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

/// The synchronous memory hit skips the load machinery; these pin down that
/// it still behaves as the full path does.
@Suite("ImageManager memory hits", .offCooperativePool)
struct MemoryHitTests {
    private static let url = URL(string: "http://127.0.0.1:9/memory.png")!
    private static let image = DecodedImage(pixels: PixelBuffer(width: 4, height: 3))

    private func manager(storing key: String? = nil) throws -> (ManagerFixture, ImageManager) {
        let fixture = try ManagerFixture()
        fixture.cache.store(Self.image, imageData: nil, forKey: key ?? Self.url.absoluteString, cacheType: .memory,
                            completion: nil)
        return (fixture, fixture.manager)
    }

    private var current: ImageContext {
        var context = ImageContext()
        context.callbackQueue = .current
        return context
    }

    @Test("a memory hit completes before loadImage returns, with a finished operation and nothing running")
    func synchronous() throws {
        let (_, manager) = try manager()
        let recorder = Recorder<Result<ImageResult, ImageError>>()
        let operation = manager.loadImage(with: Self.url, context: current) { recorder.record($0) }
        #expect(recorder.count == 1)
        #expect(try recorder.values[0].get().cacheType == .memory)
        #expect(operation.isFinished)
        #expect(operation.url == Self.url)
        operation.cancel()
        #expect(!operation.isCancelled)
        #expect(!manager.isRunning)
        #expect(recorder.count == 1)
    }

    @Test("a blacklisted URL fails even when memory holds it; .retryFailed gets the hit")
    func blacklistFirst() async throws {
        let (fixture, manager) = try manager()
        fixture.server.setRoute("/memory-404.png", .status(404))
        let failing = fixture.server.url("/memory-404.png")
        #expect(try await fixture.load(failing).failure?.code == .invalidDownloadStatusCode)
        #expect(manager.isFailedURL(failing))
        fixture.cache.store(Self.image, imageData: nil, forKey: failing.absoluteString, cacheType: .memory, completion: nil)
        let blocked = Recorder<Result<ImageResult, ImageError>>()
        manager.loadImage(with: failing, context: current) { blocked.record($0) }
        #expect(blocked.values.first?.failure?.code == .blackListed)
        let retried = Recorder<Result<ImageResult, ImageError>>()
        manager.loadImage(with: failing, options: [.retryFailed], context: current) { retried.record($0) }
        #expect(try retried.values.first?.get().cacheType == .memory)
    }

    @Test("options and context that rule out a memory answer take the full path")
    func fullPathWhenAsked() async throws {
        let (fixture, manager) = try manager()
        var noMemory = fixture.context
        noMemory.queryCacheType = .disk
        // Not in memory's way: the disk has nothing and the URL cannot be served, so it fails.
        let result = try await fixture.load(Self.url, context: noMemory)
        #expect(result.failure != nil)
        var declined = fixture.context
        declined.cacheKeyFilter = { _ in nil }
        #expect(try await fixture.load(Self.url, context: declined).failure != nil)
        // A different key (thumbnail) is not answered by the full-size entry.
        var thumbnail = current
        thumbnail.thumbnailPixelSize = PixelSize(width: 2, height: 2)
        let thumbnailResult = Recorder<Result<ImageResult, ImageError>>()
        manager.loadImage(with: Self.url, options: [.fromCacheOnly], context: thumbnail) { thumbnailResult.record($0) }
        #expect(try await thumbnailResult.first().failure?.code == .cacheMiss)
    }

    @Test("a memory hit on a .queue callback queue arrives on that queue")
    func queuedCallback() async throws {
        let (fixture, manager) = try manager()
        let key = DispatchSpecificKey<Bool>()
        fixture.queue.setSpecific(key: key, value: true)
        let recorder = Recorder<Bool>()
        manager.loadImage(with: Self.url, context: fixture.context) { result in
            recorder.record((try? result.get().cacheType) == .memory && DispatchQueue.getSpecific(key: key) == true)
        }
        #expect(try await recorder.first())
    }
}
