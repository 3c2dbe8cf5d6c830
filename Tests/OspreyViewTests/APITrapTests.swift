import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport
import OspreyUIKitBridge

/// Trailing closures are completions, and `.main` callbacks know
/// when they are already on the main queue.
@MainActor
@Suite("API traps", .offCooperativePool)
struct APITrapTests {
    @Test("view.setImage(with:) { result in … }: the trailing closure is the completion, called once")
    func setImageTrailingClosure() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/trailing.png", width: 13, height: 3)
        let view = TestImageView()
        let done = Recorder<Result<ImageResult, ImageError>>()
        // Before the fix this closure went to `progress` (it got ImageProgress, so this line
        // did not even type-check) and the completion never came.
        view.setImage(with: url, manager: fixture.manager) { result in done.record(result) }
        #expect(try await done.first().failure == nil)
        #expect(view.history.last == 13)
        #expect(done.count == 1)
    }

    @Test("the long shape still routes progress and completion by label")
    func setImageLabeledProgress() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/labeled.png", width: 6, height: 6)
        let view = TestImageView()
        let progress = Recorder<Int64>()
        let done = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: url, manager: fixture.manager, progress: { progress.record($0.receivedBytes) }) { done.record($0) }
        #expect(try await done.first().failure == nil)
        #expect(progress.count >= 1)
        #expect(done.count == 1)
    }

    @Test("prefetchURLs(urls) { summary in … }: the trailing closure is the completion")
    func prefetchTrailingClosure() async throws {
        let fixture = try ManagerFixture()
        let urls = (0..<3).map { fixture.serveImage("/p\($0).png", seed: $0).0 }
        let done = Recorder<PrefetchSummary>()
        ImagePrefetcher(manager: fixture.manager).prefetchURLs(urls, context: fixture.context) { summary in
            done.record(summary)
        }
        let summary = try await done.first()
        #expect(summary == PrefetchSummary(finishedCount: 3, skippedCount: 0, total: 3))
        #expect(done.count == 1)
    }

    @Test(".main: a memory hit from main-actor code completes before loadImage returns")
    func mainQueueMemoryHitIsSynchronous() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/sync.png")
        _ = try await fixture.load(url, options: .waitStoreCache).get()
        let done = Recorder<Result<ImageResult, ImageError>>()
        // Default context: callbackQueue = .main. Under Swift Testing the main actor runs on
        // the main queue but `Thread.isMainThread` is false, so the old check always hopped.
        fixture.manager.loadImage(with: url) { done.record($0) }
        #expect(done.count == 1)
        #expect(try await done.first().success?.cacheType == .memory)
    }

    @Test("CallbackQueue.isOnMainQueue: true on the main actor and main queue, false elsewhere")
    func isOnMainQueue() async {
        #expect(CallbackQueue.isOnMainQueue)
        let elsewhere = Recorder<Bool>()
        DispatchQueue.global().async { elsewhere.record(CallbackQueue.isOnMainQueue) }
        let onMain = Recorder<Bool>()
        DispatchQueue.main.async { onMain.record(CallbackQueue.isOnMainQueue) }
        #expect(try! await elsewhere.first() == false)
        #expect(try! await onMain.first() == true)
        let detached = await Task.detached { CallbackQueue.isOnMainQueue }.value
        #expect(detached == false)
    }
}

extension Result {
    /// The success value, or nil on failure.
    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
