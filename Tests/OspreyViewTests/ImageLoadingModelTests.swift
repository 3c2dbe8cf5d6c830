import Foundation
import OspreyTestTraits
import Testing
import Osprey
import OspreyManagerTestSupport
import OspreySwiftUI

/// The SwiftUI view's state machine, driven by a loader the test answers by hand and an
/// animation clock and timer the test moves: every state change is checked synchronously, no
/// timing involved.
@MainActor
@Suite("Image loading model", .offCooperativePool)
struct ImageLoadingModelTests {
    /// A loader whose loads the test progresses and completes.
    @MainActor
    final class ManualLoader: ImageModelLoading {
        @MainActor
        final class Load: ImageModelLoad {
            let url: URL?
            let options: ImageOptions
            let context: ImageContext
            let progress: @MainActor (ImageProgress) -> Void
            let completed: @MainActor (Result<ImageResult, ImageError>) -> Void
            var isCancelled = false
            var priorities: [LoadPriority] = []

            init(url: URL?, options: ImageOptions, context: ImageContext,
                 progress: @escaping @MainActor (ImageProgress) -> Void,
                 completed: @escaping @MainActor (Result<ImageResult, ImageError>) -> Void) {
                self.url = url
                self.options = options
                self.context = context
                self.progress = progress
                self.completed = completed
            }

            // As the manager does: a cancelled load still completes, with `.cancelled`.
            func cancel() {
                isCancelled = true
                completed(.failure(ImageError(.cancelled, url: url)))
            }

            func setPriority(_ priority: LoadPriority) { priorities.append(priority) }

            func report(_ received: Int64, of expected: Int64, partial: PlatformImage? = nil) {
                progress(ImageProgress(receivedBytes: received, expectedBytes: expected,
                                       url: url ?? URL(fileURLWithPath: "/"), partialImage: partial))
            }

            func succeed(_ image: PlatformImage, from cacheType: ImageCacheType = .none) {
                completed(.success(ImageResult(image: image, data: nil, cacheType: cacheType,
                                               url: url ?? URL(fileURLWithPath: "/"))))
            }
        }

        var loads: [Load] = []
        /// Answers the next load before `loadImage` returns (a memory hit).
        var synchronousAnswer: (PlatformImage, ImageCacheType)?

        func loadImage(with url: URL?, options: ImageOptions, context: ImageContext,
                       progress: @escaping @MainActor (ImageProgress) -> Void,
                       completed: @escaping @MainActor (Result<ImageResult, ImageError>) -> Void) -> any ImageModelLoad {
            let load = Load(url: url, options: options, context: context, progress: progress, completed: completed)
            loads.append(load)
            if let (image, cacheType) = synchronousAnswer {
                synchronousAnswer = nil
                load.succeed(image, from: cacheType)
            }
            return load
        }
    }

    /// A clock that moves only when told.
    struct ManualClock: AnimationClock {
        private let time = Locked(100.0)
        var now: Double { time.withLock { $0 } }
        func advance(_ seconds: Double) { time.withLock { $0 += seconds } }
    }

    /// Timers the test fires by hand.
    @MainActor
    final class ManualTimers {
        var pending: [(delay: Double, work: @MainActor () -> Void)] = []
        var scheduler: ImageLoadingModel.Scheduler {
            { [unowned self] delay, work in self.pending.append((delay, work)) }
        }
        func fireAll() {
            let due = pending
            pending = []
            for timer in due { timer.work() }
        }
    }

    static func image(width: Int, red: UInt8 = 0) -> DecodedImage {
        DecodedImage(pixels: PixelBuffer(width: width, height: 1,
                                         bytes: [UInt8](repeating: 0, count: width * 4).enumerated().map { $0.offset % 4 == 0 ? red : 255 }))
    }

    static func animation(frames: Int, loopCount: Int) -> DecodedImage {
        DecodedImage(frames: (0..<frames).map {
            ImageFrame(pixels: PixelBuffer(width: 1, height: 1, bytes: [UInt8($0), 0, 0, 255]), duration: 0.1)
        }, format: .gif, loopCount: loopCount)
    }

    let a = URL(string: "https://example.com/a.png")!
    let b = URL(string: "https://example.com/b.png")!

    /// Every state the model went through, by name.
    final class StateLog {
        var names: [String] = []
    }

    func observe(_ model: ImageLoadingModel) -> StateLog {
        let log = StateLog()
        model.onChange = { [unowned model] in
            let name = switch model.state {
            case .idle: "idle"
            case .loading(let progress, let partial):
                "loading(\(progress.map { "\($0.receivedBytes)" } ?? "-"),\(partial.map { "\($0.pixelWidth)" } ?? "-"))"
            case .success(let result): "success(\(result.image.pixelWidth))"
            case .failure(let error): "failure(\(error.code))"
            }
            if log.names.last != name { log.names.append(name) }
        }
        return log
    }

    @Test("idle → loading → progress with partial images → success; each callback once")
    func happyPath() throws {
        let loader = ManualLoader()
        let model = ImageLoadingModel(loader: loader)
        model.options = [.progressiveLoad]
        let log = observe(model)
        var progressCount = 0, successes = 0
        model.onProgress = { _ in progressCount += 1 }
        model.onSuccess = { _ in successes += 1 }
        if case .idle = model.state {} else { Issue.record("starts idle") }

        model.load(a)
        let load = try #require(loader.loads.first)
        #expect(load.url == a && load.options.contains(.progressiveLoad))
        load.report(10, of: 100)
        if case .empty(let fraction, nil) = model.phase { #expect(fraction == 0.1) } else { Issue.record("empty phase") }
        load.report(50, of: 100, partial: Self.image(width: 3))
        #expect(model.displayedImage?.pixelWidth == 3)
        load.report(60, of: 100)   // no new partial: the latest one stays
        #expect(model.displayedImage?.pixelWidth == 3)
        load.succeed(Self.image(width: 8))
        #expect(model.displayedImage?.pixelWidth == 8)
        #expect(log.names == ["loading(-,-)", "loading(10,-)", "loading(50,3)", "loading(60,3)", "success(8)"])
        #expect(progressCount == 3 && successes == 1)
        // The same URL again (a redraw, or the view back on screen) starts nothing.
        model.load(a)
        #expect(loader.loads.count == 1)
    }

    @Test("failure: the failure phase, the context's failure image, onFailure once; the same URL then retries")
    func failure() throws {
        let loader = ManualLoader()
        let model = ImageLoadingModel(loader: loader)
        model.context.failureImage = Self.image(width: 2)
        var failures: [ImageError.Code] = []
        model.onFailure = { failures.append($0.code) }
        model.load(a)
        try #require(loader.loads.first).completed(.failure(ImageError(.invalidDownloadStatusCode, url: a)))
        if case .failure(let error) = model.phase { #expect(error.code == .invalidDownloadStatusCode) } else {
            Issue.record("failure phase")
        }
        #expect(model.displayedImage?.pixelWidth == 2)
        #expect(failures == [.invalidDownloadStatusCode])
        model.load(a)
        #expect(loader.loads.count == 2, "a failed URL is tried again when the view asks again")
    }

    @Test("a new URL mid-load cancels the old load; its late progress, partial image and result are dropped")
    func urlChangeMidLoad() throws {
        let loader = ManualLoader()
        let model = ImageLoadingModel(loader: loader)
        model.options = [.progressiveLoad]
        var successes: [Int] = []
        model.onSuccess = { successes.append($0.image.pixelWidth) }
        model.load(a)
        let old = try #require(loader.loads.first)
        old.report(10, of: 100, partial: Self.image(width: 5))
        #expect(model.displayedImage?.pixelWidth == 5)

        model.load(b)
        #expect(old.isCancelled)
        #expect(model.url == b)
        #expect(model.displayedImage == nil, "the old URL's partial image is gone at once")
        let new = try #require(loader.loads.last)
        // The old load's partial image and result arrive late (already on their way).
        old.report(90, of: 100, partial: Self.image(width: 6))
        old.succeed(Self.image(width: 7))
        #expect(model.displayedImage == nil)
        guard case .loading(nil, nil) = model.state else { Issue.record("still loading b, untouched"); return }
        new.succeed(Self.image(width: 9))
        #expect(model.displayedImage?.pixelWidth == 9)
        old.succeed(Self.image(width: 7))
        #expect(model.displayedImage?.pixelWidth == 9)
        #expect(successes == [9])
    }

    @Test("cancel returns to idle and drops the load's result; loading again restarts")
    func cancel() throws {
        let loader = ManualLoader()
        let model = ImageLoadingModel(loader: loader)
        let log = observe(model)
        var failures = 0
        model.onFailure = { _ in failures += 1 }
        model.load(a)
        model.cancel()
        #expect(loader.loads[0].isCancelled)
        loader.loads[0].succeed(Self.image(width: 4))
        #expect(model.displayedImage == nil)
        #expect(failures == 0, "the model's own cancel is not a failure")
        #expect(log.names == ["loading(-,-)", "idle"])
        model.load(a)
        #expect(loader.loads.count == 2)
    }

    @Test("a synchronous answer (memory hit) succeeds at once, without a transition; network and disk transition")
    func transitions() throws {
        let loader = ManualLoader()
        let model = ImageLoadingModel(loader: loader)
        model.context.transition = .fade(duration: 0.2)
        loader.synchronousAnswer = (Self.image(width: 3), .memory)
        model.load(a)
        #expect(model.displayedImage?.pixelWidth == 3)
        #expect(!model.transitionsIn)
        model.load(b)
        try #require(loader.loads.last).succeed(Self.image(width: 4), from: .disk)
        #expect(model.transitionsIn)
        model.options = [.forceTransition]
        loader.synchronousAnswer = (Self.image(width: 3), .memory)
        model.load(a)
        #expect(model.transitionsIn, ".forceTransition: memory hits too")
    }

    @Test("disappearing cancels by default; .lowerPriority lowers then restores the load's priority; .keep leaves it")
    func disappear() throws {
        let loader = ManualLoader()
        let model = ImageLoadingModel(loader: loader)
        model.load(a)
        model.viewDidDisappear()
        #expect(loader.loads[0].isCancelled)
        if case .idle = model.state {} else { Issue.record("idle after the cancel") }
        model.viewDidAppear()
        model.load(a)
        #expect(loader.loads.count == 2, "back on screen: loads again")

        model.disappearBehavior = .lowerPriority
        model.viewDidDisappear()
        #expect(!loader.loads[1].isCancelled)
        #expect(loader.loads[1].priorities == [.low])
        model.viewDidAppear()
        #expect(loader.loads[1].priorities == [.low, .normal])

        model.options = [.highPriority]
        model.load(b)
        model.viewDidDisappear()
        model.load(b)   // the view's appear path: the same URL restores the priority too
        #expect(loader.loads[2].priorities == [.low, .high])

        model.disappearBehavior = .keep
        model.viewDidDisappear()
        #expect(loader.loads[2].priorities == [.low, .high] && !loader.loads[2].isCancelled)
    }

    @Test("an animated result plays on the injected clock, pauses off screen, and stops on a new URL")
    func animation() throws {
        let loader = ManualLoader()
        let clock = ManualClock()
        let timers = ManualTimers()
        let model = ImageLoadingModel(loader: loader, clock: clock, scheduler: timers.scheduler)
        model.load(a)
        try #require(loader.loads.first).succeed(Self.animation(frames: 3, loopCount: 1))
        let red: () -> Int? = { model.displayedImage.map { Int($0.firstFrame.bytes[0]) } }
        #expect(red() == 0)
        #expect(timers.pending.count == 1)
        clock.advance(0.1)
        timers.fireAll()
        #expect(red() == 1)

        model.viewDidDisappear()
        clock.advance(5)
        timers.fireAll()
        #expect(red() == 1, "paused off screen: the stale timer shows nothing")
        #expect(model.player?.state == .paused)
        model.viewDidAppear()
        clock.advance(0.1)
        timers.fireAll()
        #expect(red() == 2)

        let player = try #require(model.player)
        model.load(b)
        #expect(player.state == .stopped)
        #expect(model.player == nil && model.displayedImage == nil)
        timers.fireAll()
        #expect(model.displayedImage == nil)
    }

    @Test("a still result arms no timer; an animation finishing its loops rests on the last frame")
    func finiteLoops() throws {
        let loader = ManualLoader()
        let clock = ManualClock()
        let timers = ManualTimers()
        let model = ImageLoadingModel(loader: loader, clock: clock, scheduler: timers.scheduler)
        model.load(a)
        try #require(loader.loads.first).succeed(Self.image(width: 2))
        #expect(timers.pending.isEmpty && model.player == nil)
        model.load(b)
        try #require(loader.loads.last).succeed(Self.animation(frames: 2, loopCount: 1))
        for _ in 0..<4 {
            clock.advance(0.1)
            timers.fireAll()
        }
        #expect(model.player?.state == .finished)
        #expect(model.displayedImage.map { Int($0.firstFrame.bytes[0]) } == 1)
        #expect(timers.pending.isEmpty)
    }

    @Test("the decode size of a view is its size in points times the scale, rounded up; none before layout")
    func viewPixelSize() {
        #expect(ViewPixelSize.pixelSize(width: 100, height: 50.2, scale: 3) == PixelSize(width: 300, height: 151))
        #expect(ViewPixelSize.pixelSize(width: 0, height: 50, scale: 2) == nil)
        #expect(ViewPixelSize.pixelSize(width: .infinity, height: 50, scale: 2) == nil)
        #expect(ViewPixelSize.pixelSize(width: 10, height: 10, scale: 0) == PixelSize(width: 10, height: 10))
    }
}
